/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Integer rate ratios.  Bursts of 4 written by a site created four
   times (in a function called in a loop) are read as windows of 8 by a
   site created twice: constant counts, rate 2:1.  A site created twice
   per iteration (an inner loop of 2) writes bursts of 2 read in bursts
   of 4 once per iteration: the same loop, rate 2:1.  A reader of 3 for a
   writer of 2 in one loop is unbalanced; two writers of 3 per three
   readers of 2 balance at the ratio 2:3, which is no integer.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
static void
produce (int s __attribute__ ((stream)), int base)
{
  int w[4];
#pragma omp task output (s << w[4]) firstprivate (base) task_name (four)
  for (int k = 0; k < 4; k++)
    w[k] = base + k;
}

int
main (void)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int z __attribute__ ((stream));
  int u __attribute__ ((stream));
  int r[8], a[2], b[4], c[3], d[2];
  for (int i = 0; i < 4; i++)
    produce (x, 4 * i);
  for (int i = 0; i < 2; i++)
    {
#pragma omp task input (x >> r[8]) task_name (eight)
      r[0]++;
    }
  for (int i = 0; i < 10; i++)
    {
      for (int j = 0; j < 2; j++)
	{
#pragma omp task output (y << a[2]) firstprivate (j) task_name (twice)
	  a[0] = a[1] = j;
	}
#pragma omp task input (y >> b[4]) task_name (once)
      b[0]++;
#pragma omp task output (z << a[2]) task_name (two)
      a[0] = a[1] = 0;
#pragma omp task input (z >> c[3]) task_name (three)
      c[0]++;
      for (int j = 0; j < 2; j++)
	{
#pragma omp task output (u << c[3]) task_name (by_three)
	  c[0] = c[1] = c[2] = 1;
	}
      for (int j = 0; j < 3; j++)
	{
#pragma omp task input (u >> d[2]) task_name (by_two)
	  d[0]++;
	}
    }
#pragma omp taskwait
  return 0;
}
/* { dg-final { scan-plugin-dump "network node 0: site net-rate.c:13 \\(four\\), body __erbium_task_produce_0, one process per site, instances 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 1: site net-rate.c:30 \\(eight\\), \[^\\n\]*, instances 2\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 2: site net-rate.c:37 \\(twice\\), \[^\\n\]*, instances 20\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 7: site net-rate.c:53 \\(by_two\\), \[^\\n\]*, instances 30\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 0: node 0 -> node 1, stream x \\(int\\), writer burst 4, reader burst 8, horizon 8\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 1: node 2 -> node 3, stream y \\(int\\), writer burst 2, reader burst 4, horizon 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 0 \\(node 0 -> node 1\\): eligible: constant instance counts 4 and 2, rate 2:1 \\(writer:reader instances\\), bursts 4 -> 8\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 1 \\(node 2 -> node 3\\): eligible: the same loop \\(for at net-rate.c:33\\), rate 2:1 \\(writer:reader instances\\), bursts 2 -> 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 2 \\(node 4 -> node 5\\): not eligible: unbalanced: 2 elements written for 3 read \\(the same loop \\(for at net-rate.c:33\\)\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 3 \\(node 6 -> node 7\\): not eligible: the rate ratio 2:3 is not an integer\n" erbium-tasks } } */
