/* SPDX-License-Identifier: GPL-3.0-or-later */ /* free_view with the termination argument forbids hand-over (paper
   section 3, "Termination": it "forbids hand-over of communication, i.e.,
   the registration of a view with the same id").  The reader first sees
   the termination (terminal index 10, then 0); a later registration of
   write id 1 must not revive the stream: it is reported as misuse.  */
/* { dg-do run } */
/* { dg-shouldfail "registering a terminated write id" } */
/* { dg-output "reader: update = 10, then 0\[^\n\]*\n.*erbium: error: register\\(record \[0-9\]+ write view \[0-9\]+ \\(unregistered\\), 1\\): .*ER_TERMINATE.*forbids hand-over" } */

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
  er_alloc (rd, 16);
  rt_write_range (w, 0, 10, 16);
  er_free_view (w, ER_TERMINATE);
  int a = er_update (rd, 16);
  for (int i = 0; i < a; i++)
    RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
  er_release (rd, a);
  int b = er_update (rd, 16);
  printf ("reader: update = %d, then %d\n", a, b);
  fflush (stdout);
  RT_EQ (a, 10);
  RT_EQ (b, 0);

  er_view *w2 = er_new_write_view (r);
  er_register (w2, 1);		/* misuse: aborts */
  /* Had it been accepted, the stream must still be over.  */
  er_alloc (w2, 16);
  rt_write_range (w2, 10, 16, 16);
  RT_EQ (er_update (rd, 16), 0);
  printf ("registration of a terminated id was accepted\n");
  return 0;
}
