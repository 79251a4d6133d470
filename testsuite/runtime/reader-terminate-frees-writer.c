/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A read view freed with ER_TERMINATE stops holding back writers
   (erbium/record.h er_free_view; paper section 3, "Termination": the view
   is disconnected).  One thread: a writer of horizon 4 and a registered
   reader; after the reader has read 4 elements and is freed, the writer
   streams 1000 more in the same thread, which would deadlock (exit 70) if
   the freed reader's release index still counted.  A second reader that
   registered with id 2 keeps counting until it too is freed.  */
/* { dg-do run } */
/* { dg-output "ok: a terminated reader no longer holds the writer" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_view *r1 = er_new_read_view (r);
  er_view *r2 = er_new_read_view (r);
  er_register (w, 1);
  er_register (r1, 1);
  er_register (r2, 2);
  er_alloc (w, 4);
  er_alloc (r1, 4);
  er_alloc (r2, 4);
  rt_write_range (w, 0, 4, 4);
  RT_EQ (rt_read_range (r1, 0, 4, 4), 4);
  er_free_view (r1, ER_TERMINATE);
  /* r2 still holds the writer: read along with it for a while.  */
  for (int tl = 0; tl < 100; tl += 4)
    {
      if (tl >= 4)
	rt_write_range (w, tl, tl + 4, 4);
      RT_EQ (rt_read_range (r2, tl, tl + 4, 4), tl + 4);
    }
  er_free_view (r2, ER_TERMINATE);
  rt_write_range (w, 100, 1100, 4);
  RT_EQ (rt_info (w).commit_or_release, 1100);
  er_free_view (w, ER_TERMINATE);
  RT_EQ (er_live_records (), 0);
  RT_OK ("a terminated reader no longer holds the writer");
  return 0;
}
