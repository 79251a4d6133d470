/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: a burst larger than the horizon on the read side
   (erbium/sync.h er_update: an I more than the view's horizon above its
   release index is a misuse).  With horizon 8 and release index 3,
   update(11) is fine and update(12) is the misuse.
   The runtime must print a message naming the record, the view, the index
   and the rule, then abort (erbium/record.h, erbium/sync.h: misuse is
   reported on stderr and aborts; nothing returns an error code).  */
/* { dg-do run } */
/* { dg-shouldfail "update burst larger than the horizon" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: update\\(record \[0-9\]+ read view \[0-9\]+ \\(id 1\\), 12\\): burst larger than the horizon: release index 3, horizon 8, so update can observe at most index 11" } */

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
  er_alloc (rd, 8);
  er_stall (w, 16);
  er_commit (w, 16);
  er_update (rd, 5);
  er_release (rd, 3);
  er_update (rd, 11);
  printf ("reached the misuse\n");
  fflush (stdout);
  er_update (rd, 12);
  printf ("error: the misuse was not reported\n");
  return 0;
}
