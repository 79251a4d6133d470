/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: read one view, write another.  A filter process
   between the producer and the consumer reads each element of its input
   view and writes one element of its output view, element at a time; all
   three loops are strip-mined.  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-filter" } */
/* { dg-final { scan-plugin-dump {loop at line 30: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 42: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 56: strip-mined, burst [0-9]+} erbium-stripmine } } */

#include "stripmine.h"

#define N 20000

int sum;

static SM_REFERENCE int
reference (void)
{
  int s = 0;
  for (int i = 0; i < N; i++)
    s += (2 * (i - N / 2) + 1) * (i & 3);
  return s;
}

process producer (record(int) re)
{
  SM_WRITER (int, w, re, SM_HORIZON);
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      stall (w, i + 1);
      w[i] = i - N / 2;
      commit (w, i + 1);
    }
}

process filter (record(int) in, record(int) out)
{
  SM_READER (int, r, in, SM_HORIZON);
  SM_WRITER (int, w, out, SM_HORIZON);
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      update (r, i + 1);
      stall (w, i + 1);
      w[i] = 2 * r[i] + 1;
      commit (w, i + 1);
      release (r, i + 1);
    }
}

process consumer (record(int) re)
{
  SM_READER (int, r, re, SM_HORIZON);
  int s = 0;
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      update (r, i + 1);
      s += r[i] * (i & 3);
      release (r, i + 1);
    }
  sum = s;
}

int
main (void)
{
  record(int) a = new_record (1, 1);
  record(int) b = new_record (1, 1);
  run producer (a);
  run filter (a, b);
  run consumer (b);
  er_wait_all ();
  RT_EQ (sum, reference ());
  RT_OK ("stripmine-filter");
  return 0;
}
