/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The share of the work under auto (docs/omp-stream.md, "The
   network"): with constant instance counts each site's estimated work
   per instance is weighted by its instances, so a stage of 100
   instances has most of the work (89 %) although a site created once
   does more per instance (its share 11 %).  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
#define N 100
double out[N];

static void
counted (void)
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
  for (int i = 0; i < N; i++)
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
main (void)
{
  counted ();
  return 0;
}
/* { dg-final { scan-plugin-dump "network split node 0: split: auto \\(at most the cores found at run time: 11% of them, rounded, at least 1; its estimated work, about \[0-9\]+ operations per instance times its instances, is 11% of the unit's sites'\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network split node 1: split: auto \\(at most the cores found at run time: 89% of them, rounded, at least 1; its estimated work, about \[0-9\]+ operations per instance times its instances, is 89% of the unit's sites'\\)\n" erbium-tasks } } */
