/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Link-time optimisation: the paper's Figure 2 (erbium.run/figure2.h)
   compiled and linked with -O2 -flto in one command, the plugin loaded in
   cc1 and, at the link, in lto1, where the passes after the vectoriser
   run.  The program checks its sum; the lowering's dump comes from lto1
   (foo.ltrans0.ltrans.NNNt.erbium-lower), and the executable calls none
   of the synchronisation primitives' library copies (element accesses
   stay calls in the burst loops' copies for ERBIUM_CHECK=1, a cold
   path).  */
/* { dg-do run } */
/* { dg-options "-O2 -flto -fchecking -fplugin-arg-erbium-dump=erbium-window,erbium-lower" } */
/* { dg-output "consumer sum 199990000 over 20000 elements, expected 199990000: ok" } */
/* { dg-final { scan-plugin-dump {er_elem at line 49: burst form in loop} erbium-window } } */
/* { dg-final { scan-plugin-dump {er_elem at line 67: burst form in loop} erbium-window } } */
/* { dg-final { scan-plugin-dump {er_stall at line 47: expanded inline} erbium-lower } } */
/* { dg-final { scan-plugin-dump {er_commit at line 50: expanded inline} erbium-lower } } */
/* { dg-final { scan-plugin-dump {er_receive at line 63: expanded inline} erbium-lower } } */
/* { dg-final { scan-plugin-dump {er_update at line 64: expanded inline} erbium-lower } } */
/* { dg-final { scan-plugin-dump {er_release at line 68: expanded inline} erbium-lower } } */
/* { dg-final { scan-plugin-dump-not {left as a library call \((?!cold path)} erbium-lower } } */
/* { dg-final { scan-executable-calls-not {er_(commit|update|stall|release|receive|receive_range)} } } */

#include "../erbium.run/figure2.h"
