/* SPDX-License-Identifier: GPL-3.0-or-later */ /* stall(v, i) does nothing (and never waits) when i is not above the
   current stall index, including 0 and negative i (paper section 3,
   "Resource management"; erbium/sync.h er_stall).  The reader never
   releases anything here, so any real wait would be a deadlock (reported
   with exit 70): only the ignored stalls and stalls within the horizon may
   return.  */
/* { dg-do run } */
/* { dg-output "ok: stall ignores indices not above the stall index" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r);
  er_register (w, 1);
  er_register (rd, 1);
  er_alloc (w, 8);
  er_alloc (rd, 8);

  er_stall (w, 0);
  er_stall (w, -1);
  er_stall (w, -9);
  RT_EQ (rt_info (w).stall_or_update, 0);

  er_stall (w, 8);		/* release 0 >= 8 - 8: granted */
  RT_EQ (rt_info (w).stall_or_update, 8);
  for (int i = 0; i < 8; i++)
    ER_AT (w, int32_t, i) = rt_val (i);
  er_commit (w, 8);

  /* The reader holds everything (release 0): a real stall(9) would wait
     forever; these must all be ignored.  */
  int ignored[] = { 8, 7, 1, 0, -1, -8, -9, -1000000 };
  for (unsigned k = 0; k < sizeof ignored / sizeof *ignored; k++)
    {
      er_stall (w, ignored[k]);
      RT_CHECK (rt_info (w).stall_or_update == 8,
		"stall(%d) moved the stall index to %lld", ignored[k],
		(long long) rt_info (w).stall_or_update);
    }

  RT_EQ (er_update (rd, 8), 8);
  for (int i = 0; i < 8; i++)
    RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
  er_release (rd, 8);
  er_stall (w, 16);
  RT_EQ (rt_info (w).stall_or_update, 16);
  er_free_view (w, ER_TERMINATE);
  er_free_view (rd, ER_TERMINATE);
  RT_OK ("stall ignores indices not above the stall index");
  return 0;
}
