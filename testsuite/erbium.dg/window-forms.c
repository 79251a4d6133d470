/* SPDX-License-Identifier: GPL-3.0-or-later */ /* erbium-window: an er_elem with an affine index in a loop that writes no
   view gets the burst form (versioned on the check byte: the copy run
   under ERBIUM_CHECK=1 calls the library's er_elem, which checks); one in
   a loop that calls an unknown function, or with a non-affine index, gets
   the masked form with its check.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fchecking -fplugin-arg-erbium-dump=erbium-window" } */
/* { dg-final { scan-plugin-dump-times "line 2\[0-9\]: burst form" 1 erbium-window } } */
/* { dg-final { scan-plugin-dump "line 3\[0-9\]: masked form, checked \\(a call in the loop may write the view" erbium-window } } */
/* { dg-final { scan-plugin-dump "line 4\[0-9\]: masked form, checked \\(index not affine" erbium-window } } */
/* { dg-final { scan-plugin-dump "line 2\[0-9\]: left as a call \\(versioned copy for ERBIUM_CHECK" erbium-window } } */
/* { dg-final { scan-assembler-times {\m(call|jmp)\s+er_elem\M} 1 } } */

#define ER_LIBRARY_MODE
#include <erbium/runtime.h>

extern void unknown (void);

long
clean (er_view *v, int tl, int hd)
{
  long s = 0;
  for (int i = tl; i < hd; i++)
    s += ER_AT (v, int, i);
  return s;
}

long
dirty (er_view *v, int tl, int hd)
{
  long s = 0;
  for (int i = tl; i < hd; i++)
    {
      s += ER_AT (v, int, i);
      unknown ();
    }
  return s;
}

long
gather (er_view *v, const int *idx, int n)
{
  long s = 0;
  for (int i = 0; i < n; i++)
    s += ER_AT (v, int, idx[i]);
  return s;
}
