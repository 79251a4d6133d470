/* SPDX-License-Identifier: GPL-3.0-or-later */ /* tick and taskwait are statements of their own: they may only stand in
   a compound statement, not as the body of if, else, a loop or after a
   label (OMP-STREAM-SPEC.md 4; GCC says the same of #pragma omp
   taskwait).  */

void
f (int c)
{
  int x __attribute__ ((stream));
  if (c)
#pragma omp tick (x) /* { dg-error ".#pragma omp tick. may only be used in compound statements" } */
    c++;
  else
#pragma omp tick (x >> 2) /* { dg-error ".#pragma omp tick. may only be used in compound statements" } */
    c--;
  while (c--)
#pragma erbium tick (x) /* { dg-error ".#pragma erbium tick. may only be used in compound statements" } */
    ;
  for (int i = 0; i < c; i++) /* a comment ) */
#pragma omp taskwait /* { dg-error ".#pragma omp taskwait. may only be used in compound statements" } */
    ;
 lab:
#pragma erbium taskwait /* { dg-error ".#pragma erbium taskwait. may only be used in compound statements" } */
  c++;
  if (c)
    {
#pragma omp tick (x)
    }
  else
    {
#pragma omp taskwait
    }
  f (c);
#pragma omp tick (x)
  if (c) goto lab;
}
