/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Horizons are positive: a constant horizon <= 0 is an error.  */
/* { dg-do compile } */

#include <erbium.h>

void
f (record(int) re, int h)
{
  view(int) w = new_write_view (re);
  view(int) r = new_read_view (re);
  alloc (w, 0);			/* { dg-error "horizon 0 of .alloc. is not positive" } */
  alloc (r, -4);		/* { dg-error "horizon -4 of .alloc. is not positive" } */
  alloc (w, 16);
  alloc (r, h);
}
