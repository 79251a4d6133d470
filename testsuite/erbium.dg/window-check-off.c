/* SPDX-License-Identifier: GPL-3.0-or-later */ /* check=1 keeps the per-access check everywhere: no burst form.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-erbium-check=1 -fplugin-arg-erbium-dump=erbium-window" } */
/* { dg-final { scan-plugin-dump-not "burst form" erbium-window } } */
/* { dg-final { scan-plugin-dump "masked form, checked \\(check=1" erbium-window } } */

#define ER_LIBRARY_MODE
#include <erbium/runtime.h>

long
clean (er_view *v, int tl, int hd)
{
  long s = 0;
  for (int i = tl; i < hd; i++)
    s += ER_AT (v, int, i);
  return s;
}
