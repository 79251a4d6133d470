/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: double elements and a double sum in the
   consumer.  -fassociative-math lets the vectoriser reorder the sum; the
   elements are multiples of 1/8 far below 2^50, so every partial sum is
   exact in any order and the result equals the sequential sum.  */
/* { dg-do run } */
/* { dg-options "-O3 -fassociative-math -fno-signed-zeros -fno-trapping-math -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-double" } */
/* { dg-final { scan-plugin-dump {loop at line 32: strip-mined, burst 512 \(} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 44: strip-mined, burst 512 \(} erbium-stripmine } } */

#include "stripmine.h"

#define N 20000

static double f (int i) { return (double) i * 0.125 - 100.0; }

double sum;

static SM_REFERENCE double
reference (void)
{
  double s = 0.0;
  for (int i = 0; i < N; i++)
    s += f (i) * 2.0;
  return s;
}

process producer (record(double) re)
{
  SM_WRITER (double, w, re, SM_HORIZON);
  int i;
  for (i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      stall (w, i + 1);
      w[i] = f (i);
      commit (w, i + 1);
    }
}

process consumer (record(double) re)
{
  SM_READER (double, r, re, SM_HORIZON);
  double s = 0.0;
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      update (r, i + 1);
      s += r[i] * 2.0;
      release (r, i + 1);
    }
  sum = s;
}

SM_MAIN_PAIR (double, producer, consumer,
	      double want = reference ();
	      RT_CHECK (sum == want, "sum %.17g, expected %.17g", sum, want),
	      "stripmine-double")
