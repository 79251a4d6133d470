/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Fusion of the middle of a pipeline (docs/omp-stream.md, "The network"):
   a source and a sink kept apart by #pragma erbium grain fuse (never),
   and two stages between them fused into one process: the fused process
   reads the source's stream and writes the sink's at the positions the
   two stages had, its activation holds both stages' firstprivate values,
   and the second stage keeps a running sum in a serializer token (a
   stream it reads and writes, seeded before the loop) that stays a
   stream of the fused process.  The values must be those of the
   sequential computation.  fuse-pipeline-off.c runs it with fuse=off.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
/* { dg-output "fuse-pipeline: 300 blocks: ok" } */

#include <stdio.h>

#define N 300
#define B 4
static long out[N * B], sums[N];

int
main (void)
{
  long s0 __attribute__ ((stream));
  long s1 __attribute__ ((stream));
  long s2 __attribute__ ((stream));
  long t __attribute__ ((stream));
  long w0[B], r0[B], w1[B], r1[B], w2[B], r2[B], tin, tout, seed;
  long *o = out, *so = sums;
  long c = 7;
#pragma omp task output (t << seed)
  seed = 100;
  for (int i = 0; i < N; i++)
    {
#pragma erbium grain fuse (never)
#pragma omp task output (s0 << w0[B]) firstprivate (i)
      for (int k = 0; k < B; k++)
	w0[k] = B * i + k;
#pragma omp task input (s0 >> r0[B]) output (s1 << w1[B]) firstprivate (i)
      for (int k = 0; k < B; k++)
	w1[k] = 3 * r0[k] + i;
#pragma omp task input (s1 >> r1[B], t >> tin) output (s2 << w2[B], t << tout) firstprivate (c, so, i)
      {
	long sum = tin;
	for (int k = 0; k < B; k++)
	  {
	    w2[k] = r1[k] * c;
	    sum += w2[k];
	  }
	tout = sum;
	so[i] = sum;
      }
#pragma erbium grain fuse (never)
#pragma omp task input (s2 >> r2[B]) firstprivate (o, i)
      for (int k = 0; k < B; k++)
	o[B * i + k] = r2[k] - 1;
    }
#pragma omp taskwait
  int bad = 0;
  long sum = 100;
  for (int i = 0; i < N; i++)
    {
      for (int k = 0; k < B; k++)
	{
	  long v = (3 * (long) (B * i + k) + i) * 7;
	  sum += v;
	  if (out[B * i + k] != v - 1 && bad++ < 10)
	    printf ("out[%d] = %ld, want %ld\n", B * i + k, out[B * i + k],
		    v - 1);
	}
      if (sums[i] != sum && bad++ < 10)
	printf ("sums[%d] = %ld, want %ld\n", i, sums[i], sum);
    }
  printf ("fuse-pipeline: %d blocks: %s\n", N, bad ? "FAILED" : "ok");
  return bad != 0;
}
/* { dg-final { scan-plugin-dump "network fuse edge 1 \\(node 1 -> node 2\\): not fused: #pragma erbium grain fuse \\(never\\) on node 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 2 \\(node 2 -> node 3\\): fused: process __erbium_site_fused_main_0, body __erbium_fused_main_0\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 3 \\(node 3 -> node 4\\): not fused: #pragma erbium grain fuse \\(never\\) on node 4\n" erbium-tasks } } */
