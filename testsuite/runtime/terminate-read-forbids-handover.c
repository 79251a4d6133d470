/* SPDX-License-Identifier: GPL-3.0-or-later */ /* free_view with the termination argument forbids hand-over for read
   views too (paper section 3, "Termination": "the registration of a view
   with the same id"; the rule names no kind).  A reader registered as id
   1 is freed with ER_TERMINATE after reading; registering another read
   view as id 1 is misuse.  */
/* { dg-do run } */
/* { dg-shouldfail "registering a terminated read id" } */
/* { dg-output "reader 1 read 10\[^\n\]*\n.*erbium: error: register\\(record \[0-9\]+ read view \[0-9\]+ \\(unregistered\\), 1\\): .*ER_TERMINATE.*forbids hand-over" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (1, 2, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r), *rd2 = er_new_read_view (r);
  er_register (w, 1);
  er_register (rd, 1);
  er_register (rd2, 2);
  er_alloc (w, 16);
  er_alloc (rd, 16);
  er_alloc (rd2, 16);
  rt_write_range (w, 0, 10, 16);
  RT_EQ (er_update (rd, 10), 10);
  er_free_view (rd, ER_TERMINATE);
  printf ("reader 1 read 10\n");
  fflush (stdout);
  er_view *r3 = er_new_read_view (r);
  er_register (r3, 1);		/* misuse: aborts */
  printf ("registration of a terminated read id was accepted\n");
  return 0;
}
