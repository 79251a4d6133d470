/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Link-time optimisation with -O3 -flto=auto -ffat-lto-objects in one
   command: the object also holds code compiled by cc1, whose passes ran
   after free_lang_data (only incomplete struct er_view types left in
   the prototypes: plugin/primitives.cc); the link uses the LTO part.
   The program checks its sum and calls no primitive's library copy.  */
/* { dg-do run } */
/* { dg-options "-O3 -flto=auto -ffat-lto-objects -fplugin-arg-erbium-dump=erbium-lower" } */
/* { dg-output "consumer sum 199990000 over 20000 elements, expected 199990000: ok" } */
/* { dg-final { scan-plugin-dump {er_update at line 64: expanded inline} erbium-lower } } */
/* { dg-final { scan-plugin-dump-not {left as a library call \((?!cold path)} erbium-lower } } */
/* { dg-final { scan-executable-calls-not {er_(commit|update|stall|release|receive|receive_range)} } } */

#include "../erbium.run/figure2.h"
