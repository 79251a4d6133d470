/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: choosing the burst.  -fplugin-arg-erbium-burst=256
   sets the burst of every loop, and #pragma erbium burst(64) on the line
   before a loop overrides it for that loop; the dump says which burst
   each loop got and why (twice: process function and running entry).  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-burst=256 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-burst" } */
/* { dg-final { scan-plugin-dump-times {loop at line 35: strip-mined, burst 256 \(plugin argument burst\);} 2 erbium-stripmine } } */
/* { dg-final { scan-plugin-dump-times {loop at line 48: strip-mined, burst 64 \(#pragma erbium burst at line 47\);} 2 erbium-stripmine } } */
/* { dg-final { scan-plugin-dump-times {loop at line 62: strip-mined, burst 64 \(#pragma erbium burst at line 61\);} 2 erbium-stripmine } } */
/* { dg-final { scan-plugin-dump-times {loop at line 74: strip-mined, burst 256 \(plugin argument burst\);} 2 erbium-stripmine } } */

#include "stripmine.h"

#define N 20000

static int f (int i) { return 7 * i - 11; }

int sums[2];

static SM_REFERENCE int
reference (void)
{
  int s = 0;
  for (int i = 0; i < N; i++)
    s += f (i);
  return s;
}

/* A stream whose producer has the plugin argument's burst and whose
   consumer has the pragma's.  */
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
#pragma erbium burst(64)
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      update (r, i + 1);
      s += r[i];
      release (r, i + 1);
    }
  sums[0] = s;
}

/* The other way round.  */
process producer64 (record(int) re)
{
  SM_WRITER (int, w, re, SM_HORIZON);
#pragma erbium burst(64)
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      stall (w, i + 1);
      w[i] = f (i);
      commit (w, i + 1);
    }
}

process consumer256 (record(int) re)
{
  SM_READER (int, r, re, SM_HORIZON);
  int s = 0;
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      update (r, i + 1);
      s += r[i];
      release (r, i + 1);
    }
  sums[1] = s;
}

SM_MAIN_TWO_PAIRS (int, producer, consumer, producer64, consumer256,
		   RT_EQ (sums[0], reference ());
		   RT_EQ (sums[1], reference ()),
		   "stripmine-burst")
