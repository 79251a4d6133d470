/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A process runs on a thread of its own: calling it like a function is an
   error (paper section 3, "Creation": "It cannot be called as a
   function").  */
/* { dg-do compile } */

#include <erbium.h>

process worker (int n) { (void) n; }

process other (int n)
{
  worker (n);			/* { dg-error "process .worker. called without .run." } */
}

void
f (void)
{
  worker (3);			/* { dg-error "called without .run." } */
  run worker (3);		/* fine */
  run other (4);		/* fine */
}
