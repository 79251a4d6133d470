/* SPDX-License-Identifier: GPL-3.0-or-later */ /* commit(v, i) does nothing when i is not above the current commit index,
   including i == 0 and negative i (paper section 3, "Data streaming";
   erbium/sync.h er_commit).  A reader must see exactly the indices the
   first, larger commit published, no more and no fewer.  */
/* { dg-do run } */
/* { dg-output "ok: commit ignores indices not above the commit index" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r);
  er_register (w, 1);
  er_register (rd, 1);
  er_alloc (w, 16);
  er_alloc (rd, 16);

  /* Nothing committed yet: 0 and negative indices leave it at 0.  */
  er_commit (w, 0);
  RT_EQ (rt_info (w).commit_or_release, 0);
  er_commit (w, -1);
  RT_EQ (rt_info (w).commit_or_release, 0);
  er_commit (w, -1000);
  RT_EQ (rt_info (w).commit_or_release, 0);

  er_stall (w, 10);
  for (int i = 0; i < 10; i++)
    ER_AT (w, int32_t, i) = rt_val (i);
  er_commit (w, 6);
  RT_EQ (rt_info (w).commit_or_release, 6);

  /* Equal, lower, zero, negative: all ignored.  */
  /* (Indices wrap, sync.h: a negative int is "not above" the current index
     only within 2^31 of it, so INT_MIN is not used here.)  */
  int ignored[] = { 6, 5, 1, 0, -1, -6, -7, -1000000 };
  for (unsigned k = 0; k < sizeof ignored / sizeof *ignored; k++)
    {
      er_commit (w, ignored[k]);
      RT_CHECK (rt_info (w).commit_or_release == 6,
		"commit(%d) moved the commit index to %lld", ignored[k],
		(long long) rt_info (w).commit_or_release);
    }

  /* The reader sees 6 elements with their values.  */
  RT_EQ (er_update (rd, 6), 6);
  for (int i = 0; i < 6; i++)
    RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
  er_release (rd, 6);

  /* A larger commit still works after the ignored ones.  */
  er_commit (w, 10);
  RT_EQ (rt_info (w).commit_or_release, 10);
  RT_EQ (er_update (rd, 10), 10);
  for (int i = 6; i < 10; i++)
    RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
  er_release (rd, 10);

  er_free_view (w, ER_TERMINATE);
  RT_EQ (er_update (rd, 11), 0);
  er_free_view (rd, ER_TERMINATE);
  RT_OK ("commit ignores indices not above the commit index");
  return 0;
}
