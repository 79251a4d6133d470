/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining, negative: a loop with an early exit on a data
   condition besides its own test is not strip-mined, and the dump says
   why; the producer's loop still is.  The consumer stops at the first
   negative element (index STOP, less than a horizon before the end of
   the stream, so the producer can finish).  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-not-exit" } */
/* { dg-final { scan-plugin-dump {loop at line 33: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 45: not strip-mined \(more than one exit \(an early exit besides the loop's test\), line 48\)} erbium-stripmine } } */

#include "stripmine.h"

#define N 20000
#define STOP 19000

static int f (int i) { return i == STOP ? -1 : i & 1023; }

int seen, sum;

static SM_REFERENCE int
reference (void)
{
  int s = 0;
  for (int i = 0; i < STOP; i++)
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
  int i, s = 0;
  for (i = 0; i < N; i++)		/* not strip-mined: two exits */
    {
      update (r, i + 1);
      if (r[i] < 0)
	break;
      s += r[i];
      release (r, i + 1);
    }
  seen = i;
  sum = s;
}

SM_MAIN_PAIR (int, producer, consumer,
	      RT_EQ (seen, STOP);
	      RT_EQ (sum, reference ()),
	      "stripmine-not-exit")
