/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: a burst larger than the horizon on the write side
   (erbium/sync.h er_stall: an I more than h above the commit index can
   never be granted).  With horizon 8 and commit index 2, stall(10) is fine
   and stall(11) is the misuse.
   The runtime must print a message naming the record, the view, the index
   and the rule, then abort (erbium/record.h, erbium/sync.h: misuse is
   reported on stderr and aborts; nothing returns an error code).  */
/* { dg-do run } */
/* { dg-shouldfail "stall burst larger than the horizon" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: stall\\(record \[0-9\]+ write view \[0-9\]+ \\(id 1\\), 11\\): burst larger than the horizon: commit index 2, horizon 8, so stall can grant at most index 10" } */

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
  er_alloc (rd, 16);
  er_stall (w, 2);
  er_commit (w, 2);
  er_update (rd, 2);
  er_release (rd, 2);
  er_stall (w, 10);
  printf ("reached the misuse\n");
  fflush (stdout);
  er_stall (w, 11);
  printf ("error: the misuse was not reported\n");
  return 0;
}
