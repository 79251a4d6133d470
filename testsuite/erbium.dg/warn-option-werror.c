/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Under -Werror the plugin's warnings are errors, each named
   [-Werror=erbium-NAME] as GCC names its own options.  */
/* { dg-do compile } */
/* { dg-options "-O2 -Werror" } */
/* { dg-error "all warnings being treated as errors" "" { target *-*-* } 0 } */

#include <erbium.h>

void
f (record(int) re, int tl)
{
  view(int) w = new_write_view (re);
  alloc (w, 16);
  commit (w, tl + 8);
  commit (w, tl + 8);		/* { dg-error ".commit. of view .w. does nothing: .* \\\[-Werror=erbium-noop\\\]" } */
}
