/* SPDX-License-Identifier: GPL-3.0-or-later */ /* #pragma erbium grain written with _Pragma in a macro, where the
   source after it cannot be read: a function that ends without a task
   pragma after it is an error at the grain pragma; the next function's
   task does not take it.  */
/* { dg-options "-O2 -fopenmp" } */
#define NOFUSE _Pragma ("erbium grain fuse (never)") /* { dg-error "is not followed by a task pragma" } */
int g;

void
f (void)
{
  NOFUSE /* { dg-note "in expansion of macro" } */
  g = 2;
}

void
h (void)
{
  int a __attribute__ ((stream));
  int w;
#pragma omp task output (a << w)
  w = 1;
}
