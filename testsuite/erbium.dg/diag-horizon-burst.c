/* Horizons are positive (an error when constant); a burst known to be
   <= 0 makes the primitive do nothing (a warning).  */
/* { dg-do compile } */

#include <erbium.h>

#define BURST 0

void
f (record(int) re, int tl)
{
  view(int) w = new_write_view (re);
  view(int) r = new_read_view (re);
  alloc (w, 0);			/* { dg-error "horizon 0 of .alloc. is not positive" } */
  alloc (r, -4);		/* { dg-error "horizon -4 of .alloc. is not positive" } */
  alloc (w, 16);
  alloc (r, 8);
  stall (w, tl - 1);		/* { dg-warning "burst -1 of .stall. is not positive" } */
  commit (w, tl + -2);		/* { dg-warning "burst -2 of .commit. is not positive" } */
  update (r, tl - 4);		/* { dg-warning "burst -4 of .update. is not positive" } */
  release (r, tl - BURST - 1);	/* { dg-warning "burst -1 of .release. is not positive" } */
  int hd = tl - 3;
  stall (w, hd);		/* { dg-warning "burst -3 of .stall. is not positive" } */
  hd = tl + 8;
  stall (w, hd);		/* fine */
  hd = tl - 2;
  if (tl > 0)
    update (r, hd);		/* { dg-warning "burst -2 of .update. is not positive" } */
  hd = update (r, hd + 10);
  release (r, hd);		/* fine: hd is update's result */
  commit (w, tl + 8);
}
