/* SPDX-License-Identifier: GPL-3.0-or-later */ /* release(v, i) does nothing when i is not above the current release
   index, including 0 and negative i (paper section 3, "Resource
   management"; erbium/sync.h er_release).  Checked through the index the
   view publishes and through its effect on a writer's stall: after
   release(4), a writer of horizon 4 may stall to 8 but not beyond, whatever
   smaller releases follow.  */
/* { dg-do run } */
/* { dg-output "ok: release ignores indices not above the release index" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r);
  er_register (w, 1);
  er_register (rd, 1);
  er_alloc (w, 4);
  er_alloc (rd, 8);

  er_release (rd, 0);
  er_release (rd, -3);
  RT_EQ (rt_info (rd).commit_or_release, 0);

  rt_write_range (w, 0, 4, 4);
  RT_EQ (er_update (rd, 4), 4);
  er_release (rd, 4);
  RT_EQ (rt_info (rd).commit_or_release, 4);

  int ignored[] = { 4, 3, 1, 0, -1, -4, -5, -1000000 };
  for (unsigned k = 0; k < sizeof ignored / sizeof *ignored; k++)
    {
      er_release (rd, ignored[k]);
      RT_CHECK (rt_info (rd).commit_or_release == 4,
		"release(%d) moved the release index to %lld", ignored[k],
		(long long) rt_info (rd).commit_or_release);
    }

  /* The writer sees release 4: stall(8) is granted at once (main is the
     only thread, so waiting would be a deadlock).  */
  er_stall (w, 8);
  RT_EQ (rt_info (w).stall_or_update, 8);
  for (int i = 4; i < 8; i++)
    ER_AT (w, int32_t, i) = rt_val (i);
  er_commit (w, 8);
  RT_EQ (er_update (rd, 8), 8);
  for (int i = 4; i < 8; i++)
    RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
  er_release (rd, 8);
  RT_EQ (rt_info (rd).commit_or_release, 8);
  er_free_view (w, ER_TERMINATE);
  er_free_view (rd, ER_TERMINATE);
  RT_OK ("release ignores indices not above the release index");
  return 0;
}
