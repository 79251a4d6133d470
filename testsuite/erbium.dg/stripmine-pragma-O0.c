/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A #pragma erbium burst gets its -Werbium-burst-pragma warning at the
   end of the unit at any optimisation level when it sets no loop's
   burst: at -O0, where erbium-stripmine does not run, because loops are
   not strip-mined at -O0.  A pragma in a static inline function that is
   never called, hence never compiled, stays silent.
   stripmine-pragma-ignored.c has the reasons at -O3.  */
/* { dg-do compile } */
/* { dg-options "-O0" } */

#include <erbium.h>

int sum;

process consumer (record(int) re)
{
  view(int) r = new_read_view(re);
  register_view(r);
  alloc(r, 1024);
  int s = 0;
#pragma erbium burst(256) /* { dg-warning ".#pragma erbium burst. ignored: loops are not strip-mined at -O0" } */
  for (int i = 0; i < 50000; i++)
    {
      update (r, i + 1);
      s += r[i];
      release (r, i + 1);
    }
  sum = s;
}

/* Never called: not compiled.  */
static inline int
unused (view(int) r, int n)
{
  int s = 0;
#pragma erbium burst(64)
  for (int i = 0; i < n; i++)
    {
      update (r, i + 1);
      s += r[i];
      release (r, i + 1);
    }
  return s;
}

int
main (void)
{
  record(int) re = new_record (1, 1);
  run consumer (re);
  return 0;
}
