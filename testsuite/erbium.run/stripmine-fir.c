/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: two views read in one loop, one of them through
   a peek window.  A 16-tap FIR filter reads x[i .. i+15] (update (x, i +
   16), release (x, i + 1)) and a gain stream g[i], and writes y[i] =
   g[i] * sum_k h[k] x[i+k] into an array.  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-fir" } */
/* { dg-final { scan-plugin-dump {loop at line 42: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 53: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 65: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {3 induction variables of step 16 merged into one index} erbium-ivmerge } } */

#include "stripmine.h"

#define N 20000
#define TAPS 16

static const int h[TAPS] = { 1, -2, 3, -4, 5, -6, 7, -8,
			     8, -7, 6, -5, 4, -3, 2, -1 };

static int x_at (int i) { return (i & 31) - 16; }
static int g_at (int i) { return (i & 3) + 1; }

int y[N];

static SM_REFERENCE void
check (void)
{
  for (int i = 0; i < N; i++)
    {
      int acc = 0;
      for (int k = 0; k < TAPS; k++)
	acc += h[k] * x_at (i + k);
      RT_EQ (y[i], acc * g_at (i));
    }
}

/* The signal: TAPS - 1 more elements than outputs.  */
process samples (record(int) re)
{
  SM_WRITER (int, w, re, SM_HORIZON);
  for (int i = 0; i < N + TAPS - 1; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      stall (w, i + 1);
      w[i] = x_at (i);
      commit (w, i + 1);
    }
}

process gain (record(int) re)
{
  SM_WRITER (int, w, re, SM_HORIZON);
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      stall (w, i + 1);
      w[i] = g_at (i);
      commit (w, i + 1);
    }
}

process fir (record(int) xre, record(int) gre)
{
  SM_READER (int, x, xre, SM_HORIZON);
  SM_READER (int, g, gre, SM_HORIZON);
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      update (x, i + TAPS);
      update (g, i + 1);
      int acc = 0;
      for (int k = 0; k < TAPS; k++)
	acc += h[k] * x[i + k];
      y[i] = acc * g[i];
      release (x, i + 1);
      release (g, i + 1);
    }
}

int
main (void)
{
  record(int) xre = new_record (1, 1);
  record(int) gre = new_record (1, 1);
  run samples (xre);
  run gain (gre);
  run fir (xre, gre);
  er_wait_all ();
  check ();
  RT_OK ("stripmine-fir");
  return 0;
}
