/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A record has no elements to address: only views are subscripted
   (paper section 3, "Data streaming").  */
/* { dg-do compile } */

#include <erbium.h>

int
f (record(int) re, int i)
{
  int a = re[i];		/* { dg-error "subscript or dereference of a record" } */
  int b = *re;			/* { dg-error "subscript or dereference of a record" } */
  return a + b;
}

void
g (record(int) re)
{
  re++;				/* { dg-error "pointer arithmetic on a record" } */
  int *p = (int *) re;		/* { dg-error "record converted to .int \\*." } */
  (void) p;
  commit (re, 4);		/* { dg-error ".commit. applies to a view, not to a record" } */
}
