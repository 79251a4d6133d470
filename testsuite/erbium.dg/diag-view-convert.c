/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A view or record converted to void * or to an integer type loses its
   element type (nothing checks it when it comes back), so it is an error
   like a conversion to another pointer type; er_view * and er_record *,
   the runtime's C API, are fine, and so are tests of the value.  */
/* { dg-do compile } */

#include <stdint.h>
#include <erbium.h>

extern void sink (void *);
extern void take (long);

void
f (view(int) v, record(int) re)
{
  void *a = v;			/* { dg-error "view converted to .void \\*., which loses its element type" } */
  uintptr_t b = (uintptr_t) re;	/* { dg-error "record converted to .(long unsigned int|uintptr_t)., which loses its element type" } */
  long c = (long) v;		/* { dg-error "view converted to .long int." } */
  const void *d = re;		/* { dg-error "record converted to .const void \\*." } */
  sink (re);			/* { dg-error "record converted to .void \\*." } */
  take ((intptr_t) v);		/* { dg-error "view converted to .(long int|intptr_t)." } */
  er_view *e = (er_view *) v;
  er_record *g = (er_record *) re;
  int h = !v + (re != 0);
  _Bool k = v;
  (void) v;
  (void) a; (void) b; (void) c; (void) d; (void) e; (void) g; (void) h;
  (void) k;
}
