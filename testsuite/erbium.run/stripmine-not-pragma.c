/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining, negative: #pragma erbium burst(0) keeps a loop
   as it is written, and the dump says so; the consumer's loop, without
   the pragma, is strip-mined.  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-not-pragma" } */
/* { dg-final { scan-plugin-dump-times {loop at line 31: not strip-mined \(#pragma erbium burst\(0\)\)} 2 erbium-stripmine } } */
/* { dg-final { scan-plugin-dump-times {loop at line 43: strip-mined, burst [0-9]+} 2 erbium-stripmine } } */

#include "stripmine.h"

#define N 20000

static int f (int i) { return 9 * i + 2; }

int sum;

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
#pragma erbium burst(0)
  for (int i = 0; i < N; i++)	/* not strip-mined: burst(0) */
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
  sum = s;
}

SM_MAIN_PAIR (int, producer, consumer,
	      RT_EQ (sum, reference ()),
	      "stripmine-not-pragma")
