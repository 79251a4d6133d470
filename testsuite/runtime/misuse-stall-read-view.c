/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: stall on a read view (paper section 3: stall is the
   write view's half of back-pressure; erbium/sync.h er_stall).
   The runtime must print a message naming the record, the view, the index
   and the rule, then abort (erbium/record.h, erbium/sync.h: misuse is
   reported on stderr and aborts; nothing returns an error code).  */
/* { dg-do run } */
/* { dg-shouldfail "stall on a read view" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: stall\\(record \[0-9\]+ read view \[0-9\]+ \\(id 1\\), 4\\): stall on a read view \\(rule: only write views commit and stall" } */

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
  printf ("reached the misuse\n");
  fflush (stdout);
  er_stall (rd, 4);
  printf ("error: the misuse was not reported\n");
  return 0;
}
