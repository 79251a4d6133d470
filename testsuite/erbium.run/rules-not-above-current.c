/* SPDX-License-Identifier: GPL-3.0-or-later */ /* commit, update and release with an index not above the current one do
   nothing (paper section 3); update then returns its argument.  The plugin
   sees that the second and third commit and the second release do
   nothing (-Werbium-noop).  */
/* { dg-do run } */
/* { dg-output "ok: not above current" } */

#include "er-run.h"

int
main (void)
{
  record(short) re = new_record (1, 1);
  view(short) w = new_write_view (re);
  view(short) r = new_read_view (re);
  register_view (w);
  register_view (r);
  alloc (w, 16);
  alloc (r, 16);
  stall (w, 8);
  for (int i = 0; i < 8; i++)
    w[i] = (short) (100 + i);
  commit (w, 8);
  commit (w, 4);		/* { dg-warning ".commit. of view .w. does nothing: its index .4. is not above .8." } */
  commit (w, 0);		/* { dg-warning ".commit. of view .w. does nothing: its index .0. is not above .8." } */
  RT_EQ (rt_info ((er_view *) w).commit_or_release, 8);
  RT_EQ (update (r, 8), 8);
  RT_EQ (update (r, 3), 3);
  RT_EQ (update (r, 0), 0);
  RT_EQ (rt_info ((er_view *) r).stall_or_update, 8);
  RT_EQ (r[7], 107);
  release (r, 8);
  release (r, 2);		/* { dg-warning ".release. of view .r. does nothing: its index .2. is not above .8." } */
  RT_EQ (rt_info ((er_view *) r).commit_or_release, 8);
  stall (w, 4);
  RT_EQ (rt_info ((er_view *) w).stall_or_update, 8);
  RT_OK ("not above current");
  return 0;
}
