/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A view is not a pointer: only v[i] reaches an element.  */
/* { dg-do compile } */

#include <erbium.h>

int
f (view(int) v, int i)
{
  int a = *v;			/* { dg-error "dereferencing a view" } */
  int b = *(v + 1);		/* { dg-error "pointer arithmetic on a view" } */
  int *p = &v[i];		/* { dg-error "pointer arithmetic on a view" } */
  view(int) w = v + i;		/* { dg-error "pointer arithmetic on a view" } */
  int *q = (int *) v;		/* { dg-error "view converted to .int \\*." } */
  v++;				/* { dg-error "pointer arithmetic on a view" } */
  (void) w;
  return a + b + *p + *q + v[0] + v[i] + v[i + 3];
}

int
g (view(int) v, view(int) w)
{
  int d = v - w;			/* { dg-error "pointer arithmetic on a view" } */
  return d;
}

int
h (long notaview)
{
  return update (notaview, 4);	/* { dg-error "first argument of .update. must be a view" } */
}
