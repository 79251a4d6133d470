/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: an int map producer (w[i] = f (i)) and an int
   sum in the consumer, both element at a time; both loops are
   strip-mined with the default burst and vectorised.  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-int" } */
/* { dg-final { scan-plugin-dump {loop at line 31: strip-mined, burst 1024 \(} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 43: strip-mined, burst [0-9]+} erbium-stripmine } } */

#include "stripmine.h"

#define N 20000

static int f (int i) { return 3 * i + 1; }

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
  int i;
  for (i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      stall (w, i + 1);
      w[i] = f (i);
      commit (w, i + 1);
    }
}

process consumer (record(int) re)
{
  SM_READER (int, r, re, SM_HORIZON);
  int i, s = 0;
  for (i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      update (r, i + 1);
      s += r[i];
      release (r, i + 1);
    }
  sum = s;
}

SM_MAIN_PAIR (int, producer, consumer,
	      RT_EQ (sum, reference ()),
	      "stripmine-int")
