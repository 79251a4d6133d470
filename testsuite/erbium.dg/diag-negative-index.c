/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Stream indices count from 0 (paper section 3): a negative constant index
   of a subscript or of a primitive is a warning (a 64-bit one is never
   valid; a negative int may stand for a wrapped index only past 2^31).  A
   long constant index is exact and may be valid: no diagnostic.  */
/* { dg-do compile } */

#include <erbium.h>

void
f (record(int) re, long k)
{
  view(int) w = new_write_view (re);
  view(int) r = new_read_view (re);
  alloc (w, 16);
  alloc (r, 16);
  stall (w, 4);
  w[-1] = 1;			/* { dg-warning "negative index -1 of view .w.: stream indices count from 0" } */
  w[-(1L << 40)] = 2;		/* { dg-warning "negative index -1099511627776 of view .w." } */
  w[(1L << 32) + 1] = 3;	/* fine: exact, element 2^32 + 1 */
  w[k] = 4;			/* fine */
  commit (w, -2);		/* { dg-warning ".commit. with the negative index -2: stream indices count from 0" } */
  stall (w, -(1L << 33));	/* { dg-warning ".stall. with the negative index -8589934592" } */
  /* { dg-warning "does nothing: its index .-8589934592. is not above .4." "" { target *-*-* } 22 } */
  commit (w, 4);
  update (r, -3);		/* { dg-warning ".update. with the negative index -3" } */
  receive (r, -4);		/* { dg-warning ".receive. with the negative index -4" } */
  receive_range (r, -1, 4);	/* { dg-warning ".receive_range. with the negative index -1" } */
  release (r, -5L);		/* { dg-warning ".release. with the negative index -5" } */
  update (r, 4);
  int x = r[-2];		/* { dg-warning "negative index -2 of view .r." } */
  (void) x;
  release (r, 4);
}
