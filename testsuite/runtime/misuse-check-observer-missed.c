/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse under index checking (ERBIUM_CHECK=1): an observer reads an
   index it missed (erbium/record.h, observer contract: the indices it
   holds are those from er_valid_from(v, i) up to its update index;
   reading a missed index is reported naming the record, the view and the
   index).  The writer (horizon 8) commits three windows' worth while the
   unregistered reader waits; the reader's update to 16 is granted, but
   everything below the writer's commit index plus horizon, less the
   window's slots, was overwritten: reading index 15, inside the reader's
   window [8, 16), aborts.  */
/* { dg-do run } */
/* { dg-set-target-env-var ERBIUM_CHECK "1" } */
/* { dg-shouldfail "reading an index an observer missed" } */
/* { dg-output "valid from \[0-9\]+\[^\n\]*\n.*erbium: error: element access record \[0-9\]+ read view 2 \\(unregistered\\) at index 15: index missed \\(writers may have overwritten it before the view, unregistered, copied it\\); the view missed every index below \[0-9\]+ \\(er_valid_from\\)" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (1, 0, sizeof (int32_t));
  er_view *w = er_new_write_view (r), *o = er_new_read_view (r);
  er_register (w, 1);
  er_alloc (w, 8);
  er_alloc (o, 8);
  int s = (int) rt_info (o).slots;
  rt_write_range (w, 0, 8, 8);
  RT_EQ (er_update (o, 8), 8);
  RT_EQ (ER_AT (o, int32_t, 7), rt_val (7));	/* held: fine */
  er_release (o, 8);
  rt_write_range (w, 8, 3 * s, 8);
  RT_EQ (er_update (o, 16), 16);
  RT_EQ (er_valid_from (o, 8), 3 * s + 8 - s);
  printf ("valid from %d\n", er_valid_from (o, 8));
  fflush (stdout);
  int32_t x = ER_AT (o, int32_t, 15);	/* misuse: aborts */
  printf ("error: reading missed index 15 (value %d) was not reported\n", x);
  return 0;
}
