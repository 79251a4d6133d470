/* SPDX-License-Identifier: GPL-3.0-or-later */ /* -fplugin-arg-erbium-Wno-error=erbium-noop keeps -Werbium-noop a warning
   under -Werror (GCC itself rejects -Wno-error=erbium-noop: no such
   option in its table), while the other warnings are errors.  */
/* { dg-do compile } */
/* { dg-options "-O3 -Werror -fplugin-arg-erbium-Wno-error=erbium-noop" } */
/* { dg-error "all warnings being treated as errors" "" { target *-*-* } 0 } */

#include <erbium.h>

void
f (record(int) re, int tl)
{
  view(int) w = new_write_view (re);
  alloc (w, 16);
  stall (w, tl + 8);
  stall (w, tl + 4);		/* { dg-warning ".stall. of view .w. does nothing: .* \\\[-Werbium-noop\\\]" } */
#pragma erbium burst 8 9 /* { dg-error "junk at end of .#pragma erbium burst. \\\[-Werror=erbium-burst-pragma\\\]" } */
  for (int i = 0; i < tl; i++)
    {
      stall (w, i + 1);
      w[i] = i;
      commit (w, i + 1);
    }
}
