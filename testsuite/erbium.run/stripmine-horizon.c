/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: small horizons.  The producer's window holds 10
   elements and the consumer's 7: a coarsened burst must never ask for
   more than the horizon (stall or update beyond it is a misuse), and
   strip-mining must not deadlock.  Values exact.  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-horizon" } */
/* { dg-timeout 20 } */
/* { dg-final { scan-plugin-dump {loop at line 32: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 44: strip-mined, burst [0-9]+} erbium-stripmine } } */

#include "stripmine.h"

#define N 20000

static int f (int i) { return (i * 13) ^ 0x3c; }

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
  SM_WRITER (int, w, re, 10);
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      stall (w, i + 1);
      w[i] = f (i);
      commit (w, i + 1);
    }
}

process consumer (record(int) re)
{
  SM_READER (int, r, re, 7);
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
	      "stripmine-horizon")
