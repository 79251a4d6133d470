/* SPDX-License-Identifier: GPL-3.0-or-later */ /* -fplugin-arg-erbium-Werror=erbium-burst-pragma makes that warning an
   error without -Werror (GCC itself rejects -Werror=erbium-burst-pragma);
   the other warnings stay warnings.  */
/* { dg-do compile } */
/* { dg-options "-O3 -fplugin-arg-erbium-Werror=erbium-burst-pragma" } */
/* { dg-error "some warnings being treated as errors" "" { target *-*-* } 0 } */

#include <erbium.h>

void
f (record(int) re, int tl)
{
  view(int) w = new_write_view (re);
  alloc (w, 16);
  stall (w, tl + 8);
  stall (w, tl + 4);		/* { dg-warning ".stall. of view .w. does nothing: .* \\\[-Werbium-noop\\\]" } */
#pragma erbium burst(-1) /* { dg-error ".#pragma erbium burst. expects a number of elements from 0 to 16777216; ignored \\\[-Werror=erbium-burst-pragma\\\]" } */
  for (int i = 0; i < tl; i++)
    {
      stall (w, i + 1);
      w[i] = i;
      commit (w, i + 1);
    }
}
