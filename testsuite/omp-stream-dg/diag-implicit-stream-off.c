/* SPDX-License-Identifier: GPL-3.0-or-later */ /* -Wno-erbium-implicit-stream turns the warning off.  */
/* { dg-options "-O2 -fopenmp -Wno-erbium-implicit-stream" } */

void
f (void *s)
{
  int v;
#pragma omp task input (s >> v)
  ;
}
