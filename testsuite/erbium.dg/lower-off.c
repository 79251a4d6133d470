/* SPDX-License-Identifier: GPL-3.0-or-later */ /* -fplugin-arg-erbium-lower=0 -fplugin-arg-erbium-window=0: the
   primitives stay library calls at -O2 (benchmarks compare this with the
   lowered code).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-erbium-lower=0 -fplugin-arg-erbium-window=0" } */
/* { dg-final { scan-assembler {\m(call|jmp)\s+er_commit\M} } } */
/* { dg-final { scan-assembler {\mcall\s+er_stall\M} } } */
/* { dg-final { scan-assembler {\mcall\s+er_elem\M} } } */

#define ER_LIBRARY_MODE
#include <erbium/runtime.h>

void
produce (er_view *v, int tl, int hd)
{
  er_stall (v, hd);
  for (int i = tl; i < hd; i++)
    ER_AT (v, int, i) = i;
  er_commit (v, hd);
}
