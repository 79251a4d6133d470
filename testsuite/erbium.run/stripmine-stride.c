/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: strided access.  The consumer takes the stream
   two elements at a time (step 2: update (r, i + 2), release (r, i + 2))
   and sums the products of each pair.  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-stride" } */
/* { dg-final { scan-plugin-dump {loop at line 30: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 42: strip-mined, burst [0-9]+} erbium-stripmine } } */

#include "stripmine.h"

#define N 20000

static int f (int i) { return (i & 63) - 32; }

int sum;

static SM_REFERENCE int
reference (void)
{
  int s = 0;
  for (int i = 0; i < N; i += 2)
    s += f (i) * f (i + 1);
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
  for (int i = 0; i < N; i += 2)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      update (r, i + 2);
      s += r[i] * r[i + 1];
      release (r, i + 2);
    }
  sum = s;
}

SM_MAIN_PAIR (int, producer, consumer,
	      RT_EQ (sum, reference ()),
	      "stripmine-stride")
