/* SPDX-License-Identifier: GPL-3.0-or-later */ /* -Wno-erbium-noop turns the -Werbium-noop warning off, also under
   -Werror (GCC keeps the unknown -Wno- option, and the plugin reads it);
   the other warnings stay on: -Werbium-burst-pragma becomes an error
   under -Werror, named as GCC names its own options.  */
/* { dg-do compile } */
/* { dg-options "-O3 -Werror -Wno-erbium-noop" } */
/* { dg-error "all warnings being treated as errors" "" { target *-*-* } 0 } */

#include <erbium.h>

void
f (record(int) re, int tl)
{
  view(int) w = new_write_view (re);
  alloc (w, 16);
  stall (w, tl + 8);
  stall (w, tl + 4);		/* does nothing; warning off */
#pragma erbium burst(8 /* { dg-error "missing .\\). after .#pragma erbium burst \\(8.; ignored \\\[-Werror=erbium-burst-pragma\\\]" } */
  for (int i = 0; i < tl; i++)
    {
      stall (w, i + 1);
      w[i] = i;
      commit (w, i + 1);
    }
}
