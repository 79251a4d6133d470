/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A commit, update, stall or release that provably does nothing gets a
   -Werbium-noop warning: an earlier call of the same primitive on the
   same view reached an index at least as large on every path to it
   (paper section 3: the call then does not move the view's index; for
   update, the index an earlier update returned).  An index below another
   primitive's, below a plain variable, or below an index reached on some
   paths only is no such proof.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include <erbium.h>

extern void helper (view(int) v);

void
straight (record(int) re, int tl, int n)
{
  view(int) w = new_write_view (re);
  view(int) r = new_read_view (re);
  alloc (w, 16);
  alloc (r, 16);
  stall (w, tl + 8);
  stall (w, tl + 4);		/* { dg-warning ".stall. of view .w. does nothing: its index .tl \\+ 4. is not above .tl \\+ 8., which an earlier .stall. of the view reached on every path to it \\\[-Werbium-noop\\\]" } */
  commit (w, tl + 8);
  commit (w, tl + 8);		/* { dg-warning ".commit. of view .w. does nothing: its index .tl \\+ 8. is not above .tl \\+ 8." } */
  int hd = tl + 2;
  commit (w, hd);		/* { dg-warning ".commit. of view .w. does nothing: its index .tl \\+ 2. is not above .tl \\+ 8." } */
  hd = update (r, tl + 8);
  update (r, hd - 4);		/* { dg-warning ".update. of view .r. does nothing: its index .hd - 4. is not above .hd." } */
  update (r, tl + 4);		/* update's index argument proves nothing (it returns 0 after the end of the stream): no warning */
  release (r, hd);
  release (r, tl + 2);		/* not related to hd: no warning */
  stall (w, n * n + 8);
  stall (w, n * n + 4);		/* { dg-warning ".stall. of view .w. does nothing: its index is not above the one an earlier .stall. of the view reached" } */
  stall (w, 40);
  stall (w, 32);		/* { dg-warning ".stall. of view .w. does nothing: its index .32. is not above .40." } */
}

void
paths (record(int) re, int tl, int c)
{
  view(int) w = new_write_view (re);
  alloc (w, 16);
  if (c)
    stall (w, tl + 8);
  else
    stall (w, tl + 6);
  stall (w, tl + 5);		/* { dg-warning ".stall. of view .w. does nothing: its index .tl \\+ 5. is not above .tl \\+ 6." } */
  stall (w, tl + 7);		/* above tl + 6: no warning */
  if (c > 1)
    commit (w, tl + 8);
  commit (w, tl + 4);		/* committed on one path only: no warning */
}

void
loops (record(int) re, int n)
{
  view(int) r = new_read_view (re);
  alloc (r, 16);
  release (r, 0);
  for (int i = 0; i < n; i++)
    {
      release (r, i);		/* { dg-warning ".release. of view .r. does nothing: its index .i. is not above .i." } */
      update (r, i + 1);
      release (r, i + 1);
    }
  long s = 0;
  update (r, 3);
  for (int i = 3; i < n; i++)
    {
      /* A moving window: each call advances its own index.  */
      update (r, i + 1);
      s += r[i] + r[i - 3];
      release (r, i - 2);
    }
  r[0] = s;
}

void
kills (record(int) re, int tl)
{
  view(int) w = new_write_view (re);
  alloc (w, 16);
  stall (w, tl + 8);
  register_view (w, 1);		/* a hand-over may move its indices */
  stall (w, tl + 4);
  commit (w, tl + 8);
  helper (w);			/* may register it */
  commit (w, tl + 4);
}
