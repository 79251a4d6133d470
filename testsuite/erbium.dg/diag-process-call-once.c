/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A misuse inside an expression the front end shares (a statement
   expression's value, a variable-length array's bound: SAVE_EXPRs in an
   inner block) is diagnosed once, not once per reference to the shared
   tree (frontend.cc walks each BIND_EXPR body in order and each SAVE_EXPR
   once).  -fmax-errors=2: a third error, the old duplicates, would end
   the compilation with "compilation terminated due to -fmax-errors=2.",
   an excess error; dg-error alone cannot see duplicates on its line.  */
/* { dg-do compile } */
/* { dg-options "-fmax-errors=2" } */
#include <erbium.h>

process
q (int n)
{
  (void) n;
}

void
f (int n)
{
  {
    int x = (q (1), 2);		/* { dg-error "called without .run." } */
    int y[n + (q (2), 1)];	/* { dg-error "called without .run." } */
    y[0] = x;
    (void) y;
  }
}
