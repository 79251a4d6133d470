/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: with ERBIUM_CHECK=1, accessing a read view outside its window
   (paper section 3: "It is not allowed to access elements outside the
   horizon"; erbium/sync.h er_elem: a read view's window runs from its
   release index up to below its update index).  Indices 2..5 are fine
   after update(6) and release(2); index 6 (committed, but not yet
   updated) is reported.  */
/* { dg-do run } */
/* { dg-set-target-env-var ERBIUM_CHECK "1" } */
/* { dg-shouldfail "read access outside the window" } */
/* { dg-output "in-window reads ok\[^\n\]*\n.*erbium: error: element access record \[0-9\]+ read view \[0-9\]+ \\(id 1\\) at index 6: index outside the horizon, window is \\\[2, 6\\)" } */

#include "rt-test.h"

int
main (void)
{
  RT_EQ (er_checking (), 1);
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r);
  er_register (w, 1);
  er_register (rd, 1);
  er_alloc (w, 8);
  er_alloc (rd, 8);
  rt_write_range (w, 0, 8, 8);
  RT_EQ (er_update (rd, 6), 6);
  er_release (rd, 2);
  for (int i = 2; i < 6; i++)
    RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
  RT_EQ (*(int32_t *) er_burst (rd, 2, 4), rt_val (2));
  printf ("in-window reads ok\n");
  fflush (stdout);
  volatile int32_t x = ER_AT (rd, int32_t, 6);
  printf ("error: read index 6 = %d without a report\n", x);
  return 0;
}
