/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: update on a read view that has no window yet (paper
   section 3: alloc attaches the sliding window; erbium/record.h er_alloc).
   The runtime must print a message naming the record, the view, the index
   and the rule, then abort (erbium/record.h, erbium/sync.h: misuse is
   reported on stderr and aborts; nothing returns an error code).  */
/* { dg-do run } */
/* { dg-shouldfail "update before alloc" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: update\\(record \[0-9\]+ read view \[0-9\]+ \\(id 1\\), 1\\): view used before alloc\\(\\)" } */

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
  er_stall (w, 4);
  er_commit (w, 4);
  printf ("reached the misuse\n");
  fflush (stdout);
  er_update (rd, 1);
  printf ("error: the misuse was not reported\n");
  return 0;
}
