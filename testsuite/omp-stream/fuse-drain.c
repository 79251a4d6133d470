/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Fusion of a stream also drained by a tick after the loop (a reader of
   what is left: docs/omp-stream.md, "The network"): the writer and the
   reader are fused, the tick stays in the control program and, the
   reader's window being its burst, finds nothing left in the program as
   when fused; a second stream written after the drain by a site created
   later is read in order.  The values must be those of the sequential
   computation, with fusion (here) and without (fuse-drain-off.c).  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
/* { dg-output "fuse-drain: 200 blocks: ok" } */

#include <stdio.h>

#define N 200
#define B 8
static int out[N * B], last;

int
main (void)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int w[B], r[B], v, u;
  int *o = out, *lp = &last;
  for (int i = 0; i < N; i++)
    {
#pragma omp task output (x << w[B]) firstprivate (i)
      for (int k = 0; k < B; k++)
	w[k] = i * B + k;
#pragma omp task input (x >> r[B]) firstprivate (o, i)
      for (int k = 0; k < B; k++)
	o[i * B + k] = 2 * r[k] + 1;
    }
#pragma omp tick (x >> 4)
#pragma omp task output (y << v)
  v = 42;
#pragma omp task input (y >> u) firstprivate (lp)
  *lp = u;
#pragma omp taskwait
  int bad = last != 42;
  for (int i = 0; i < N * B; i++)
    if (out[i] != 2 * i + 1 && bad++ < 10)
      printf ("out[%d] = %d, want %d\n", i, out[i], 2 * i + 1);
  printf ("fuse-drain: %d blocks: %s\n", N, bad ? "FAILED" : "ok");
  return bad != 0;
}
/* { dg-final { scan-plugin-dump "network fusion edge 0 \\(node 0 -> node 1\\): eligible: " erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 0 \\(node 0 -> node 1\\): fused: process __erbium_site_fused_main_0" erbium-tasks } } */
