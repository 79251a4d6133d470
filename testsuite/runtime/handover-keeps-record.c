/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Hand-over keeps the record and its data alive (paper section 3,
   "Termination": the terminal commit index of a freed view stays in the
   minimum computations and its data is kept until readers pass it;
   erbium/record.h er_free_view).  Writer A commits 0..11 and frees with
   ER_HANDOVER before the reader has read anything; the record stays live,
   the reader still gets those 12 elements, writer B takes over id 1 and
   continues; the record goes away only when the last view is freed.  */
/* { dg-do run } */
/* { dg-output "ok: hand-over keeps the record alive" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  RT_EQ (er_live_records (), 1);
  er_view *rd = er_new_read_view (r);
  er_register (rd, 1);
  er_alloc (rd, 16);

  er_view *wa = er_new_write_view (r);
  er_register (wa, 1);
  er_alloc (wa, 16);
  rt_write_range (wa, 0, 12, 16);
  er_free_view (wa, ER_HANDOVER);
  RT_EQ (er_live_records (), 1);

  /* The handed-over data is still there.  */
  RT_EQ (rt_read_range (rd, 0, 12, 16), 12);

  er_view *wb = er_new_write_view (r);
  er_register (wb, 1);
  RT_EQ (rt_info (wb).commit_or_release, 12);
  er_alloc (wb, 16);
  for (int tl = 12; tl < 40; tl += 4)
    {
      rt_write_range (wb, tl, tl + 4, 4);
      RT_EQ (rt_read_range (rd, tl, tl + 4, 4), tl + 4);
    }
  er_free_view (wb, ER_TERMINATE);
  RT_EQ (er_live_records (), 1);
  RT_EQ (er_update (rd, 41), 0);
  er_free_view (rd, ER_TERMINATE);
  RT_EQ (er_live_records (), 0);
  RT_OK ("hand-over keeps the record alive");
  return 0;
}
