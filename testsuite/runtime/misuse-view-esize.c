/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: er_new_read_view_of / er_new_write_view_of with an element size
   other than the record's (erbium/record.h: the views of a record have
   its element type).  Matching sizes are accepted; a read view of 4-byte
   elements on a record of 8-byte elements is reported, naming the record
   and both sizes.  */
/* { dg-do run } */
/* { dg-shouldfail "view of 4-byte elements on a record of 8-byte elements" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: new_read_view: record 2 holds elements of 8 bytes, but the view's elements are 4 bytes \\(rule: the views of a record have the record's element type\\)" } */

#include "rt-test.h"

int
main (void)
{
  er_record *ri = er_new_record (1, 1, sizeof (int));
  er_view *w = er_new_write_view_of (ri, sizeof (int));
  er_view *r = er_new_read_view_of (ri, sizeof (int));
  RT_EQ (w->esize, sizeof (int));
  RT_EQ (r->esize, sizeof (int));
  er_record *rd = er_new_record (1, 1, sizeof (double));
  RT_EQ (rd->serial, 2);
  er_view *wd = er_new_write_view_of (rd, sizeof (double));
  RT_EQ (wd->esize, sizeof (double));
  printf ("reached the misuse\n");
  fflush (stdout);
  er_new_read_view_of (rd, sizeof (int));
  printf ("error: the misuse was not reported\n");
  return 0;
}
