/* SPDX-License-Identifier: GPL-3.0-or-later */ /* new_read_view(re) passes sizeof (T) of its view(T) to the runtime,
   which checks it against the record's element size: a record(double)
   reached as a record(int) through the runtime's er_record * (where the
   front end cannot see its element type) is reported at run time instead
   of read as the wrong type.  */
/* { dg-do run } */
/* { dg-shouldfail "view of 4-byte elements on a record of 8-byte elements" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: new_read_view: record 1 holds elements of 8 bytes, but the view's elements are 4 bytes" } */

#include <stdio.h>
#include <erbium.h>

static record(int)
as_int_record (er_record *raw)
{
  return (record(int)) raw;
}

int
main (void)
{
  record(double) rd = new_record (1, 1);
  view(double) w = new_write_view (rd);
  printf ("reached the misuse\n");
  fflush (stdout);
  view(int) r = new_read_view (as_int_record ((er_record *) rd));
  printf ("error: the misuse was not reported\n");
  (void) w; (void) r;
  return 0;
}
