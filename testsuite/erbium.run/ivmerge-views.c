/* SPDX-License-Identifier: GPL-3.0-or-later */ /* erbium-ivmerge: a loop over several views with the same step gets one
   index (the dump says so) and computes what it computed before.
   combine is a 16-tap FIR over view a, minus view b, into view y, written
   element at a time: the strip-miner makes it a burst loop, the
   vectoriser advances every view 16 bytes per iteration, IVOPTs keeps a
   pointer per view (the taps of a share one), and the pass makes the
   three one index.  Every output is checked against the same arithmetic
   done in main.  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump=erbium-ivmerge" } */
/* { dg-output "ok: ivmerge-views" } */
/* { dg-final { scan-plugin-dump-times {3 induction variables of step 16 merged into one index} 1 erbium-ivmerge } } */

#include "stripmine.h"

#define N 30011
#define AHEAD 15

static const int h[AHEAD + 1] = { 1, -2, 3, -4, 5, -6, 7, -8,
				  8, -7, 6, -5, 4, -3, 2, -1 };

static int a_at (int i) { return (i * 7) % 101 - 50; }
static int b_at (int i) { return (i & 63) - 20; }

int out[N];

/* Write F (i) for i < N + AHEAD into RE.  */
static void
fill (record(int) re, int (*f) (int))
{
  SM_WRITER (int, w, re, SM_HORIZON);
  for (int i = 0; i < N + AHEAD; i++)
    {
      stall (w, i + 1);
      w[i] = f (i);
      commit (w, i + 1);
    }
}

process src_a (record(int) re) { fill (re, a_at); }
process src_b (record(int) re) { fill (re, b_at); }

/* y[i] = sum over k of h[k] * a[i + k], minus b[i].  */
process combine (record(int) are, record(int) bre, record(int) yre)
{
  SM_READER (int, a, are, SM_HORIZON);
  SM_READER (int, b, bre, SM_HORIZON);
  SM_WRITER (int, y, yre, SM_HORIZON);
  for (int i = 0; i < N; i++)
    {
      update (a, i + 1 + AHEAD);
      update (b, i + 1);
      stall (y, i + 1);
      int acc = 0;
      for (int k = 0; k <= AHEAD; k++)
	acc += h[k] * a[i + k];
      y[i] = acc - b[i];
      release (a, i + 1);
      release (b, i + 1);
      commit (y, i + 1);
    }
}

/* out[i] = y[i].  */
process drain (record(int) yre)
{
  SM_READER (int, y, yre, SM_HORIZON);
  for (int i = 0; i < N; i++)
    {
      update (y, i + 1);
      out[i] = y[i];
      release (y, i + 1);
    }
}

int
main (void)
{
  record(int) are = new_record (1, 1);
  record(int) bre = new_record (1, 1);
  record(int) yre = new_record (1, 1);
  run src_a (are);
  run src_b (bre);
  run combine (are, bre, yre);
  run drain (yre);
  er_wait_all ();
  for (int i = 0; i < N; i++)
    {
      int acc = 0;
      for (int k = 0; k <= AHEAD; k++)
	acc += h[k] * a_at (i + k);
      RT_EQ (out[i], acc - b_at (i));
    }
  RT_OK ("ivmerge-views");
  return 0;
}
