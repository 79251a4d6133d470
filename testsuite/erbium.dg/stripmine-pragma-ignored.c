/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: a #pragma erbium burst that chooses no loop's burst
   gets a -Werbium-burst-pragma warning at the end of the unit, at the
   pragma: with the reason when the loop after it is not strip-mined (an
   early exit), and without one when no innermost loop with stream
   primitives follows it (here the loop after it is an outer loop, or a
   loop of a function without primitives).  A pragma that sets a burst,
   and burst(0), which keeps its loop element-at-a-time on purpose, get
   none.  stripmine-pragma-O0.c and stripmine-pragma-off.c have the
   warnings where the pass does not run.  */
/* { dg-do compile } */
/* { dg-options "-O3" } */

#include <erbium.h>

int sum;

process producer (record(int) re)
{
  view(int) w = new_write_view(re);
  register_view(w);
  alloc(w, 1024);
#pragma erbium burst(128)
  for (int i = 0; i < 100000; i++)
    {
      stall (w, i + 1);
      w[i] = i & 1023;
      commit (w, i + 1);
    }
}

process consumer (record(int) re)
{
  view(int) r = new_read_view(re);
  register_view(r);
  alloc(r, 1024);
  int i, s = 0;
#pragma erbium burst(256) /* { dg-warning ".#pragma erbium burst. ignored: the loop at line 38 is not strip-mined \\(.*exit" } */
  for (i = 0; i < 50000; i++)
    {
      update (r, i + 1);
      if (r[i] < 0)
	break;
      s += r[i];
      release (r, i + 1);
    }
#pragma erbium burst(64) /* { dg-warning ".#pragma erbium burst. ignored: no innermost loop with stream primitives follows it" } */
  for (int j = 0; j < 10; j++)
    for (; i < 50000 + 5000 * (j + 1); i++)
      {
	update (r, i + 1);
	s += r[i];
	release (r, i + 1);
      }
#pragma erbium burst(0)
  for (; i < 100000; i++)
    {
      update (r, i + 1);
      s += r[i];
      release (r, i + 1);
    }
  sum = s;
}

int
plain (const int *a, int n)
{
  int s = 0;
#pragma erbium burst(32) /* { dg-warning ".#pragma erbium burst. ignored: no innermost loop with stream primitives follows it" } */
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int
main (void)
{
  record(int) re = new_record (1, 1);
  run producer (re);
  run consumer (re);
  er_wait_all ();
  return sum == 0;
}
