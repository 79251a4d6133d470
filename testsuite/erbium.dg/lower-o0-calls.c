/* SPDX-License-Identifier: GPL-3.0-or-later */ /* At -O0 neither plugin pass runs: every primitive stays a call of the
   runtime's out-of-line copy, which is always correct.  */
/* { dg-do compile } */
/* { dg-options "-O0 -fplugin-arg-erbium-dump" } */
/* { dg-final { scan-assembler {\mcall\s+er_commit\M} } } */
/* { dg-final { scan-assembler {\mcall\s+er_update\M} } } */
/* { dg-final { scan-assembler {\mcall\s+er_stall\M} } } */
/* { dg-final { scan-assembler {\mcall\s+er_release\M} } } */
/* { dg-final { scan-assembler {\mcall\s+er_elem\M} } } */
/* { dg-final { scan-assembler-not {\mer_update_slow\M} } } */

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

long
consume (er_view *v, int tl, int hd)
{
  long s = 0;
  hd = er_update (v, hd);
  for (int i = tl; i < hd; i++)
    s += ER_AT (v, int, i);
  er_release (v, hd);
  return s;
}
