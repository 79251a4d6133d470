/* SPDX-License-Identifier: GPL-3.0-or-later */ /* receive and receive_range are split-phase hints (paper section 3, "Data
   streaming": communication is asynchronous and decoupled from
   synchronisation; erbium/sync.h: on shared memory they never block and
   never change an index).  Single thread, nothing committed beyond 4:
   receive far ahead, receive_range on uncommitted ranges, and receive on a
   view with no window yet all return at once (a wait would be reported as
   a deadlock) and leave every index as it was; the following update still
   waits for the data, which is then correct.  */
/* { dg-do run } */
/* { dg-output "ok: receive never blocks and changes no index" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r);
  er_register (w, 1);
  er_register (rd, 1);
  er_receive (rd, 100);			/* before alloc */
  er_receive_range (rd, 0, 100);
  er_alloc (w, 8);
  er_alloc (rd, 8);
  rt_write_range (w, 0, 4, 8);
  struct er_view_info before = rt_info (rd);
  er_receive (rd, 8);
  er_receive (rd, 1000000);
  er_receive_range (rd, 4, 8);
  er_receive_range (rd, 100, 200);
  er_receive_range (rd, 8, 4);
  struct er_view_info after = rt_info (rd);
  RT_EQ (after.stall_or_update, before.stall_or_update);
  RT_EQ (after.commit_or_release, before.commit_or_release);
  RT_EQ (after.stall_or_update, 0);
  RT_EQ (rt_info (w).commit_or_release, 4);
  RT_EQ (rt_read_range (rd, 0, 4, 8), 4);
  rt_write_range (w, 4, 8, 8);
  er_receive (rd, 8);
  RT_EQ (rt_read_range (rd, 4, 8, 8), 8);
  er_free_view (w, ER_TERMINATE);
  RT_EQ (er_update (rd, 9), 0);
  RT_OK ("receive never blocks and changes no index");
  return 0;
}
