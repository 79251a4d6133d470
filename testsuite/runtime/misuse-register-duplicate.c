/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: two live views of the same kind register the same id
   (erbium/record.h er_register: "Registering an id that a live view of the
   same kind holds ... is a misuse").
   The runtime must print a message naming the record, the view, the index
   and the rule, then abort (erbium/record.h, erbium/sync.h: misuse is
   reported on stderr and aborts; nothing returns an error code).  */
/* { dg-do run } */
/* { dg-shouldfail "duplicate registration id" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: register\\(record \[0-9\]+ read view \[0-9\]+ \\(unregistered\\), 1\\): read view \[0-9\]+ of record \[0-9\]+ already holds id 1" } */

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
  er_view *rd2 = er_new_read_view (r);
  RT_EQ (er_register (rd2, 2), 2);	/* a new id is fine */
  er_view *rd3 = er_new_read_view (r);
  printf ("reached the misuse\n");
  fflush (stdout);
  er_register (rd3, 1);
  printf ("error: the misuse was not reported\n");
  return 0;
}
