/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: commit inside an if.  The producer writes every
   element but commits only every 8 elements ((i & 7) == 7) and once more
   at the end (N is no multiple of 8); the consumer sums element at a
   time.  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-commit-if" } */
/* { dg-final { scan-plugin-dump {loop at line 31: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 45: strip-mined, burst [0-9]+} erbium-stripmine } } */

#include "stripmine.h"

#define N 20003

static int f (int i) { return 5 * i - 3; }

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
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      stall (w, i + 1);
      w[i] = f (i);
      if ((i & 7) == 7)
	commit (w, i + 1);
    }
  commit (w, N);
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
	      "stripmine-commit-if")
