/* SPDX-License-Identifier: GPL-3.0-or-later */ /* -fplugin-arg-erbium-split=off (docs/omp-stream.md, "Grain"): no site
   is split, neither the heavy stateless stage auto would split nor one
   whose grain pragma asks for 2 workers; the dump says why.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks -fplugin-arg-erbium-split=off" } */
#include <stdint.h>
#define N 100
#define B 64
static uint32_t out[N * B];

static uint32_t
mix (uint32_t x)
{
  for (int r = 0; r < 300; r++)
    x = (x ^ (x >> 13)) * 2654435761u + (uint32_t) r;
  return x;
}

int
main (void)
{
  uint32_t a __attribute__ ((stream));
  uint32_t b __attribute__ ((stream));
  uint32_t c __attribute__ ((stream));
  uint32_t wa[B], ra[B], wb[B], rb[B], wc[B], rc[B];
  uint32_t *o = out;
  for (int i = 0; i < N; i++)
    {
#pragma omp task output (a << wa[B]) firstprivate (i) task_name (source)
      for (int k = 0; k < B; k++)
	wa[k] = (uint32_t) (i * B + k);
#pragma omp task input (a >> ra[B]) output (b << wb[B]) task_name (heavy)
      for (int k = 0; k < B; k++)
	wb[k] = mix (ra[k]);
#pragma erbium grain split (2)
#pragma omp task input (b >> rb[B]) output (c << wc[B]) task_name (twice)
      for (int k = 0; k < B; k++)
	wc[k] = 2 * rb[k];
#pragma omp task input (c >> rc[B]) firstprivate (o, i) task_name (sink)
      for (int k = 0; k < B; k++)
	o[i * B + k] = rc[k];
    }
#pragma omp taskwait
  return 0;
}
/* { dg-final { scan-plugin-dump "network splitting node 1: eligible" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network split node 1: not split: -fplugin-arg-erbium-split=off\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network split node 2: not split: -fplugin-arg-erbium-split=off\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-not "network split node \[0-9\]+: split" erbium-tasks } } */
