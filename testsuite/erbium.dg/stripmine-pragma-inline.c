/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: a #pragma erbium burst in a static inline function
   applies to its loop wherever the function is inlined.  The pass
   matches a loop with the pragmas of the function its code comes from
   (the innermost inlined function's scope around it), so here:
   sum_burst's loop gets the pragma's burst 96 in the process consumer
   (compiled on its own) and in tail_consumer, a static process inlined
   into its outlined entry __erbium_entry_tail_consumer (so sum_burst is
   inlined twice over there); each process's own pragma sets the burst of
   its own loop; the pragma of sum_until_negative, whose loop is not
   strip-mined (an early exit), gets the -Werbium-burst-pragma warning,
   which it did not when pragmas were matched by the process's lines.  */
/* { dg-do compile } */
/* { dg-options "-O3 -fchecking -fplugin-arg-erbium-dump=erbium-stripmine" } */
/* { dg-final { scan-plugin-dump-times {erbium-stripmine: loop at line 29: strip-mined, burst 96 \(#pragma erbium burst at line 28\)} 2 erbium-stripmine } } */
/* { dg-final { scan-plugin-dump-not {loop at line 29: strip-mined, burst [0-9]+ \((64 cache lines|plugin argument)} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {erbium-stripmine: loop at line 43: not strip-mined \(more than one exit} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {erbium-stripmine: loop at line 63: strip-mined, burst 80 \(#pragma erbium burst at line 62\)} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {erbium-stripmine: loop at line 80: strip-mined, burst 40 \(#pragma erbium burst at line 79\)} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {;; Function __erbium_entry_tail_consumer} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump-not {;; Function tail_consumer} erbium-stripmine } } */

#include <erbium.h>

static inline long
sum_burst (view(int) r, int lo, int hi)
{
  long s = 0;
#pragma erbium burst(96)
  for (int i = lo; i < hi; i++)
    {
      update (r, i + 1);
      s += r[i];
      release (r, i + 1);
    }
  return s;
}

static inline long
sum_until_negative (view(int) r, int lo, int hi)
{
  long s = 0;
#pragma erbium burst(48) /* { dg-warning ".#pragma erbium burst. ignored: the loop at line 43 is not strip-mined \\(more than one exit" } */
  for (int i = lo; i < hi; i++)
    {
      update (r, i + 1);
      if (r[i] < 0)
	break;
      s += r[i];
      release (r, i + 1);
    }
  return s;
}

long total, tail_total;

process consumer (record(int) re, int n)
{
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, 4096);
  long s = sum_burst (r, 0, n) + sum_until_negative (r, n, 2 * n);
#pragma erbium burst(80)
  for (int i = 2 * n; i < 3 * n; i++)
    {
      update (r, i + 1);
      s += r[i];
      release (r, i + 1);
    }
  total = s;
}

static process
tail_consumer (record(int) re, int n)
{
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, 4096);
  long s = sum_burst (r, 0, n);
#pragma erbium burst(40)
  for (int i = n; i < 2 * n; i++)
    {
      update (r, i + 1);
      s += r[i];
      release (r, i + 1);
    }
  tail_total = s;
}

int
main (void)
{
  record(int) re = new_record (1, 2);
  run consumer (re, 1000);
  run tail_consumer (re, 1000);
  er_wait_all ();
  return total != 0;
}
