/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Registration gating (paper section 3, "Creation"): with
   new_record(1, 2), stall on the write view waits until read views 1 and
   2 have registered, however far behind they are.  */
/* { dg-do run } */
/* { dg-output "ok: registration gating" } */

#include "er-run.h"

static _Atomic long writer_at;

process writer (record(int) re)
{
  view(int) w = new_write_view (re);
  register_view (w);
  alloc (w, 8);
  stall (w, 1);
  w[0] = 42;
  commit (w, 1);
  writer_at = 1;
}

int
main (void)
{
  record(int) re = new_record (1, 2);
  run writer (re);
  view(int) r1 = new_read_view (re);
  register_view (r1, 1);
  alloc (r1, 8);
  RT_EXPECT_STUCK (&writer_at, 0, "the writer with read view 2 missing");
  view(int) r2 = new_read_view (re);
  alloc (r2, 8);
  RT_EXPECT_STUCK (&writer_at, 0, "the writer with read view 2 unregistered");
  RT_EQ (register_view (r2), 2);
  rt_wait_at_least (&writer_at, 1, "the writer");
  RT_EQ (update (r1, 1), 1);
  RT_EQ (update (r2, 1), 1);
  RT_EQ (r1[0] + r2[0], 84);
  RT_OK ("registration gating");
  return 0;
}
