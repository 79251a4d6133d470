/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The share of the work under auto (docs/omp-stream.md, "The
   network") when an instance count is not a constant (a loop to n): each
   site's work per instance counts once, so a site created once that
   does more per instance than the stage of the loop has the larger
   share.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
double out[1000];

static void
counted (int n)
{
  double c __attribute__ ((stream));
  double x __attribute__ ((stream));
  double wc[64], rc[64], wx, rx;
  double *o = out;
#pragma omp task output (c << wc[64]) task_name (init)
  for (int k = 0; k < 64; k++)
    {
      double v = k;
      for (int r = 0; r < 200; r++)
	v = v * 0.5 + 1.0;
      wc[k] = v;
    }
  for (int i = 0; i < n; i++)
    {
#pragma omp task peek (c >> rc[64]) output (x << wx) firstprivate (i) task_name (stage)
      {
	double s = 0;
	for (int k = 0; k < 64; k++)
	  for (int r = 0; r < 10; r++)
	    s += rc[k] * (i + r);
	wx = s;
      }
#pragma omp task input (x >> rx) firstprivate (o, i) task_name (sink)
      o[i] = rx;
    }
#pragma omp tick (c >> 64)
#pragma omp taskwait
}

int
main (int argc, char **argv)
{
  (void) argv;
  counted (argc * 10);
  return 0;
}
/* { dg-final { scan-plugin-dump "network split node 0: split: auto \\(at most the cores found at run time: 92% of them, rounded, at least 1; its estimated work, about \[0-9\]+ operations per instance, is 92% of the unit's sites', each counted once\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network split node 1: split: auto \\(at most the cores found at run time: 8% of them, rounded, at least 1; its estimated work, about \[0-9\]+ operations per instance, is 8% of the unit's sites', each counted once\\)\n" erbium-tasks } } */
