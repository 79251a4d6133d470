/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The views of a record have the record's element type.  */
/* { dg-do compile } */

#include <erbium.h>

struct pt { int x, y; };

void
f (record(int) re, record(struct pt) rp)
{
  view(float) a = new_read_view (re);	/* { dg-error ".new_read_view. of a record of .int. converted to a view of .float." } */
  view(int) b = new_write_view (rp);	/* { dg-error ".new_write_view. of a record of .struct pt. converted to a view of .int." } */
  view(const int) c = new_read_view (re);	/* element qualifiers do not matter */
  view(struct pt) d = new_write_view (rp);
  (void) a; (void) b; (void) c; (void) d;
}

void
g (int *plain)
{
  view(int) v = new_read_view (plain);	/* { dg-error "argument of .new_read_view. must be a record" } */
  void *x = new_record (1, 1);		/* { dg-error "result of .new_record. must initialise or be assigned to a .record\\(T\\)." } */
  record(int) r = new_read_view (plain);	/* { dg-error "result of .new_read_view. must initialise or be assigned to a .view\\(T\\)." } */
  (void) v; (void) x; (void) r;
}
