/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Introspection (erbium/record.h er_view_info): kind, id, the published
   and acquired indices, horizon, slot count (a power of two holding at
   least the largest write plus read horizon) and record serial number, as
   the owner sees them through a short stream and a re-registration.  */
/* { dg-do run } */
/* { dg-output "ok: er_view_info" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r0 = er_new_record (0, 0, 1);
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  RT_EQ (r->serial, r0->serial + 1);
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r);
  struct er_view_info in = rt_info (w);
  RT_EQ (in.kind, ER_WRITE);
  RT_EQ (in.id, 0);
  RT_EQ (in.horizon, 0);
  RT_EQ (in.slots, 0);
  RT_EQ (in.commit_or_release, 0);
  RT_EQ (in.stall_or_update, 0);
  RT_EQ (in.record, (int) r->serial);
  RT_EQ (rt_info (rd).kind, ER_READ);
  RT_EQ (er_register (w, 1), 1);
  RT_EQ (er_register (rd, 1), 1);
  RT_EQ (rt_info (w).id, 1);
  er_alloc (w, 100);
  er_alloc (rd, 30);
  in = rt_info (w);
  RT_EQ (in.horizon, 100);
  RT_CHECK (in.slots >= 130 && (in.slots & (in.slots - 1)) == 0,
	    "slots %llu", (unsigned long long) in.slots);
  RT_EQ (rt_info (rd).slots, in.slots);
  RT_EQ (rt_info (rd).horizon, 30);

  er_stall (w, 50);
  RT_EQ (rt_info (w).stall_or_update, 50);
  RT_EQ (rt_info (w).commit_or_release, 0);
  for (int i = 0; i < 50; i++)
    ER_AT (w, int32_t, i) = rt_val (i);
  er_commit (w, 40);
  RT_EQ (rt_info (w).commit_or_release, 40);
  RT_EQ (er_update (rd, 25), 25);
  RT_EQ (rt_info (rd).stall_or_update, 25);
  RT_EQ (rt_info (rd).commit_or_release, 0);
  er_release (rd, 20);
  RT_EQ (rt_info (rd).commit_or_release, 20);
  RT_EQ (rt_info (rd).stall_or_update, 25);

  /* Unregister and register again with another id.  */
  RT_EQ (er_register (rd, -1), -1);
  RT_EQ (rt_info (rd).id, 0);
  RT_EQ (er_register (rd, 2), 2);
  RT_EQ (rt_info (rd).id, 2);
  RT_EQ (rt_info (rd).commit_or_release, 20);
  er_free_view (w, ER_TERMINATE);
  er_free_view (rd, ER_TERMINATE);
  RT_OK ("er_view_info");
  return 0;
}
