/* SPDX-License-Identifier: GPL-3.0-or-later */ /* -Werbium-noop at -O0: the analysis runs on SSA right after it is built,
   before any optimisation, so it finds the same calls at every level.  */
/* { dg-do compile } */
/* { dg-options "-O0" } */

#include <erbium.h>

void
f (record(int) re, int tl, int n)
{
  view(int) w = new_write_view (re);
  view(int) r = new_read_view (re);
  alloc (w, 16);
  alloc (r, 16);
  stall (w, tl + 8);
  stall (w, tl + 4);		/* { dg-warning ".stall. of view .w. does nothing: its index .tl \\+ 4. is not above .tl \\+ 8." } */
  commit (w, tl + 8);
  release (r, 0);
  for (int i = 0; i < n; i++)
    {
      release (r, i);		/* { dg-warning ".release. of view .r. does nothing: its index .i. is not above .i." } */
      update (r, i + 1);
      release (r, i + 1);
    }
  update (r, 3);
  for (int i = 3; i < n; i++)
    {
      update (r, i + 1);
      release (r, i - 2);
    }
}
