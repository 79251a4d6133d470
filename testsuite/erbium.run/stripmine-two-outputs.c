/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: two writes per iteration to two output views.
   A splitter reads one stream and writes the low and the high half of
   each element to two streams, element at a time (two stalls, two
   writes, two commits per element); two consumers sum them.  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-two-outputs" } */
/* { dg-final { scan-plugin-dump {loop at line 36: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 49: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 68: strip-mined, burst [0-9]+} erbium-stripmine } } */

#include "stripmine.h"

#define N 20000

static int f (int i) { return (i * 977) & 0x7fffff; }

int sums[2];

static SM_REFERENCE void
check (void)
{
  int s_lo = 0, s_hi = 0;
  for (int i = 0; i < N; i++)
    {
      s_lo += f (i) & 0xff;
      s_hi += f (i) >> 8;
    }
  RT_EQ (sums[0], s_lo);
  RT_EQ (sums[1], s_hi);
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

process splitter (record(int) in, record(short) lo_re, record(short) hi_re)
{
  SM_READER (int, r, in, SM_HORIZON);
  SM_WRITER (short, lo, lo_re, SM_HORIZON);
  SM_WRITER (short, hi, hi_re, SM_HORIZON);
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      update (r, i + 1);
      stall (lo, i + 1);
      stall (hi, i + 1);
      lo[i] = (short) (r[i] & 0xff);
      hi[i] = (short) (r[i] >> 8);
      commit (lo, i + 1);
      commit (hi, i + 1);
      release (r, i + 1);
    }
}

/* Both halves are consumed by the same process, element at a time.  */
process consumer (record(short) lo_re, record(short) hi_re)
{
  SM_READER (short, lo, lo_re, SM_HORIZON);
  SM_READER (short, hi, hi_re, SM_HORIZON);
  int s_lo = 0, s_hi = 0;
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      update (lo, i + 1);
      update (hi, i + 1);
      s_lo += lo[i];
      s_hi += hi[i];
      release (lo, i + 1);
      release (hi, i + 1);
    }
  sums[0] = s_lo;
  sums[1] = s_hi;
}

int
main (void)
{
  record(int) in = new_record (1, 1);
  record(short) lo = new_record (1, 1);
  record(short) hi = new_record (1, 1);
  run producer (in);
  run splitter (in, lo, hi);
  run consumer (lo, hi);
  er_wait_all ();
  check ();
  RT_OK ("stripmine-two-outputs");
  return 0;
}
