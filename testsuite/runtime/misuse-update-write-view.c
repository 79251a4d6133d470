/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: update on a write view (paper section 3: update observes
   indices in a read view; erbium/sync.h er_update).
   The runtime must print a message naming the record, the view, the index
   and the rule, then abort (erbium/record.h, erbium/sync.h: misuse is
   reported on stderr and aborts; nothing returns an error code).  */
/* { dg-do run } */
/* { dg-shouldfail "update on a write view" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: update\\(record \[0-9\]+ write view \[0-9\]+ \\(id 1\\), 4\\): update on a write view \\(rule: only read views update" } */

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
  er_update (w, 4);
  printf ("error: the misuse was not reported\n");
  return 0;
}
