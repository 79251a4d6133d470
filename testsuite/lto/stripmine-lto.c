/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining at link-time optimisation: erbium.run/stripmine-burst.c
   (its line numbers below) built with -O3 -flto.  The loops are
   strip-mined in lto1, with the burst of the #pragma erbium burst above
   them, which cc1 carried into the objects on the declarations of their
   functions, and the plugin argument's burst elsewhere; every primitive
   is expanded inline in lto1 but on the loops' cold element paths.  */
/* { dg-do run } */
/* { dg-options "-O3 -flto -fplugin-arg-erbium-burst=256 -fplugin-arg-erbium-dump=erbium-stripmine,erbium-lower" } */
/* { dg-output "ok: stripmine-burst" } */
/* { dg-final { scan-plugin-dump {loop at line 35: strip-mined, burst 256 \(plugin argument burst\);} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 48: strip-mined, burst 64 \(#pragma erbium burst at line 47\);} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 62: strip-mined, burst 64 \(#pragma erbium burst at line 61\);} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 74: strip-mined, burst 256 \(plugin argument burst\);} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump-not {burst 256 \(plugin argument burst\); (update at line 50|stall at line 64)} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {expanded inline} erbium-lower } } */
/* { dg-final { scan-plugin-dump-not {left as a library call \((?!cold path)} erbium-lower } } */

#include "../erbium.run/stripmine-burst.c"
