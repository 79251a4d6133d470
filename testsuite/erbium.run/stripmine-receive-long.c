/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: a receive() hint in the element loop (the
   split-phase announce of the next element) and a reduction into a long
   over int elements whose sum overflows an int.  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-receive-long" } */
/* { dg-final { scan-plugin-dump {loop at line 30: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 42: strip-mined, burst [0-9]+} erbium-stripmine } } */

#include "stripmine.h"

#define N 20000

static int f (int i) { return 1000000 + 17 * i; }

long sum;

static SM_REFERENCE long
reference (void)
{
  long s = 0;
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
  long s = 0;
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      receive (r, i + 1);
      update (r, i + 1);
      s += r[i];
      release (r, i + 1);
    }
  sum = s;
}

SM_MAIN_PAIR (int, producer, consumer,
	      RT_CHECK (sum > 2147483647L, "the sum should overflow an int");
	      RT_EQ (sum, reference ()),
	      "stripmine-receive-long")
