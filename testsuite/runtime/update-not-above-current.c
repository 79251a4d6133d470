/* SPDX-License-Identifier: GPL-3.0-or-later */ /* update(v, i) does nothing and returns i when i is not above the current
   update index, including i == 0 and negative i, and then it never waits
   (paper section 3, "Data streaming"; erbium/sync.h er_update).  The main
   thread is the only thread: if update(0) or update(-1) waited for a
   commit it would deadlock, which the runtime reports with exit 70.  */
/* { dg-do run } */
/* { dg-output "ok: update ignores indices not above the update index" } */

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

  /* Nothing committed: these must return at once, unchanged.  */
  RT_EQ (er_update (rd, 0), 0);
  RT_EQ (er_update (rd, -1), -1);
  RT_EQ (er_update (rd, -100), -100);
  RT_EQ (rt_info (rd).stall_or_update, 0);

  er_stall (w, 8);
  for (int i = 0; i < 8; i++)
    ER_AT (w, int32_t, i) = rt_val (i);
  er_commit (w, 5);
  RT_EQ (er_update (rd, 5), 5);
  RT_EQ (rt_info (rd).stall_or_update, 5);

  /* Not above 5: returned as is, index unchanged, no wait (the writer has
     committed only 5, so waiting for anything would deadlock).  */
  int ignored[] = { 5, 4, 1, 0, -1, -5, -6, -1000000 };
  for (unsigned k = 0; k < sizeof ignored / sizeof *ignored; k++)
    {
      RT_EQ (er_update (rd, ignored[k]), ignored[k]);
      RT_CHECK (rt_info (rd).stall_or_update == 5,
		"update(%d) moved the update index to %lld", ignored[k],
		(long long) rt_info (rd).stall_or_update);
    }
  for (int i = 0; i < 5; i++)
    RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));

  er_commit (w, 8);
  RT_EQ (er_update (rd, 8), 8);
  for (int i = 5; i < 8; i++)
    RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
  er_release (rd, 8);
  er_free_view (w, ER_TERMINATE);
  er_free_view (rd, ER_TERMINATE);
  RT_OK ("update ignores indices not above the update index");
  return 0;
}
