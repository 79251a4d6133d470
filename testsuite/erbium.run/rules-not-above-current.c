/* commit, update and release with an index not above the current one do
   nothing (paper section 3); update then returns its argument.  */
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
  commit (w, 4);
  commit (w, 0);
  RT_EQ (rt_info ((er_view *) w).commit_or_release, 8);
  RT_EQ (update (r, 8), 8);
  RT_EQ (update (r, 3), 3);
  RT_EQ (update (r, 0), 0);
  RT_EQ (rt_info ((er_view *) r).stall_or_update, 8);
  RT_EQ (r[7], 107);
  release (r, 8);
  release (r, 2);
  RT_EQ (rt_info ((er_view *) r).commit_or_release, 8);
  stall (w, 4);
  RT_EQ (rt_info ((er_view *) w).stall_or_update, 8);
  RT_OK ("not above current");
  return 0;
}
