/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Dynamic creation: a consumer created only when the data say so, a
   producer in a while loop, a consumer created when an if clause is
   known; the counts under data-dependent control are unknown and no
   edge to them may be fused.  When the other branch ticks, the tick is
   a reader whose positions interleave.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
int data[64];

int
main (void)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int z __attribute__ ((stream));
  int w, w2, r, s;
  for (int i = 0; i < 64; i++)
    {
#pragma omp task output (x << w, z << w2) firstprivate (i) task_name (produce)
      w = w2 = i;
      if (data[i] > 0)
	{
#pragma omp task input (x >> r) task_name (consume)
	  r++;
	}
      else
	{
#pragma omp tick (x)
	}
      if (data[i] > 1)
	{
#pragma omp task input (z >> r) task_name (sometimes)
	  r++;
	}
    }
  int k = 0;
  while (data[k] != 0)
    {
#pragma omp task output (y << s) task_name (scan)
      s = 1;
      k++;
    }
#pragma omp taskwait
  return 0;
}
/* { dg-final { scan-plugin-dump "network node 0: site net-dynamic.c:18 \\(produce\\), \[^\\n\]*, instances 64\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 1: site net-dynamic.c:22 \\(consume\\), \[^\\n\]*, instances unknown \\(created under a condition: if at net-dynamic.c:20\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 3: site net-dynamic.c:38 \\(scan\\), \[^\\n\]*, instances unknown \\(the trip count of while at net-dynamic.c:36 is not known\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 0: node 0 -> node 1, stream x \\(int\\), writer burst 1, reader burst 1, horizon 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 1: node 0 -> node 4, stream x \\(int\\), writer burst 1, reader burst 1 \\(tick\\), horizon 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 0 \\(node 0 -> node 1\\): not eligible: stream x has another reader that takes positions, node 4: their windows interleave\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 2 \\(node 0 -> node 2\\): not eligible: node 2 is created under a condition \\(if at net-dynamic.c:29\\) the other is not under\n" erbium-tasks } } */
