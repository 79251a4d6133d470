/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: trip counts smaller than the burst.  37
   elements with the default burst (1024 ints), and 37 elements again in
   loops whose #pragma erbium burst(512) asks for more than there is; the
   only burst is a partial one.  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-short" } */
/* { dg-final { scan-plugin-dump {loop at line 33: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 45: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 58: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 71: strip-mined, burst [0-9]+} erbium-stripmine } } */

#include "stripmine.h"

#define N 37

static int f (int i) { return i * i - 7; }

int sums[2];

static SM_REFERENCE int
reference (void)
{
  int s = 0;
  for (int i = 0; i < N; i++)
    s += f (i);
  return s;
}

process producer (record(int) re)
{
  SM_WRITER (int, w, re, SM_HORIZON);
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      stall (w, i + 1);
      w[i] = f (i);
      commit (w, i + 1);
    }
}

process consumer (record(int) re)
{
  SM_READER (int, r, re, SM_HORIZON);
  int s = 0;
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      update (r, i + 1);
      s += r[i];
      release (r, i + 1);
    }
  sums[0] = s;
}

process producer_pragma (record(int) re)
{
  SM_WRITER (int, w, re, SM_HORIZON);
#pragma erbium burst(512)
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      stall (w, i + 1);
      w[i] = f (i);
      commit (w, i + 1);
    }
}

process consumer_pragma (record(int) re)
{
  SM_READER (int, r, re, SM_HORIZON);
  int s = 0;
#pragma erbium burst(512)
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      update (r, i + 1);
      s += r[i];
      release (r, i + 1);
    }
  sums[1] = s;
}

SM_MAIN_TWO_PAIRS (int, producer, consumer, producer_pragma, consumer_pragma,
		   RT_EQ (sums[0], reference ());
		   RT_EQ (sums[1], reference ()),
		   "stripmine-short")
