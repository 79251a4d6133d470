/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Split-join: a splitter writes both streams of an array of streams (an
   array of windows), one worker per stream (created in a loop of two
   whose index is the subscript), a joiner reads both; per stream, one
   worker instance per splitter instance.  A diamond joins its source
   and sink directly and through a middle site: fusing them makes a cycle
   through it, simulated, which does not starve.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
#define N 32
double sums[N];

int
main (void)
{
  double parts[2] __attribute__ ((stream));
  double done[2] __attribute__ ((stream));
  double v[2][8], x[8], y[8], j[2][8];
  double *s = sums;
  for (int i = 0; i < N; i++)
    {
#pragma omp task output (parts << v[2][8]) firstprivate (i) task_name (split)
      for (int k = 0; k < 8; k++)
	v[0][k] = v[1][k] = i * k;
      for (int h = 0; h < 2; h++)
	{
#pragma omp task input (parts[h] >> x[8]) output (done[h] << y[8]) task_name (work)
	  for (int k = 0; k < 8; k++)
	    y[k] = x[k] * x[k];
	}
#pragma omp task input (done >> j[2][8]) firstprivate (s, i) task_name (join)
      for (int k = 0; k < 8; k++)
	s[i] += j[0][k] + j[1][k];
    }

  int d1 __attribute__ ((stream));
  int d2 __attribute__ ((stream));
  int d3 __attribute__ ((stream));
  int e, f, g;
  for (int i = 0; i < N; i++)
    {
#pragma omp task output (d1 << e, d2 << f) task_name (top)
      e = f = 1;
#pragma omp task input (d1 >> e) output (d3 << g) task_name (middle)
      g = e;
#pragma omp task input (d2 >> f, d3 >> g) task_name (bottom)
      f += g;
    }
#pragma omp taskwait
  return 0;
}
/* { dg-final { scan-plugin-dump "network node 0: site net-splitjoin.c:20 \\(split\\), body __erbium_task_main_0, one process per site, instances 32\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 1: site net-splitjoin.c:25 \\(work\\), body __erbium_task_main_1, one process per site, instances 64\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 2: site net-splitjoin.c:29 \\(join\\), body __erbium_task_main_2, one process per site, instances 32\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 0: node 0 -> node 1, stream parts.0..1. \\(double\\), writer burst 8, reader burst 8, horizon 8\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 1: node 1 -> node 2, stream done.0..1. \\(double\\), writer burst 8, reader burst 8, horizon 8\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 0 \\(node 0 -> node 1\\): eligible: the same loop \\(for at net-splitjoin.c:18\\), per stream of parts.0..1., rate 1:1" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 1 \\(node 1 -> node 2\\): eligible: the same loop \\(for at net-splitjoin.c:18\\), per stream of done.0..1., rate 1:1" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 3: node 3 -> node 5, stream d2 \\(int\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 3 \\(node 3 -> node 5\\): eligible: the same loop \\(for at net-splitjoin.c:38\\), rate 1:1 \\(writer:reader instances\\), bursts 1 -> 1; joined also through another path \\(initially no element\\): the schedule running the writer's instances first does not starve\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 1: eligible" erbium-tasks } } */
