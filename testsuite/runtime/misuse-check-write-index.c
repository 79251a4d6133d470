/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: with ERBIUM_CHECK=1, accessing a write view outside its window
   (paper section 3: "It is not allowed to access elements outside the
   horizon"; erbium/sync.h er_elem: a write view accesses the h indices
   below its stall index).  With horizon 8 and stall index 10, indices
   2..9 are fine; index 10 is reported.  */
/* { dg-do run } */
/* { dg-set-target-env-var ERBIUM_CHECK "1" } */
/* { dg-shouldfail "write access outside the window" } */
/* { dg-output "in-window writes ok\[^\n\]*\n.*erbium: error: element access record \[0-9\]+ write view \[0-9\]+ \\(id 1\\) at index 10: index outside the horizon, window is \\\[2, 10\\)" } */

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
  rt_write_range (w, 0, 4, 8);
  RT_EQ (rt_read_range (rd, 0, 4, 8), 4);
  er_stall (w, 10);
  for (int i = 2; i < 10; i++)
    ER_AT (w, int32_t, i) = rt_val (i);
  int32_t *q = er_burst (w, 4, 6);
  q[0] = rt_val (4);
  printf ("in-window writes ok\n");
  fflush (stdout);
  ER_AT (w, int32_t, 10) = 1;
  printf ("error: wrote index 10 without a report\n");
  return 0;
}
