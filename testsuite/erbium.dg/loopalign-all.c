/* SPDX-License-Identifier: GPL-3.0-or-later */ /* -fplugin-arg-erbium-loopalign=all places the loops of every function,
   plain C included (the FM benchmark builds its sequential program and
   its peers so, to compare them with Erbium code placed alike): the
   vector loop of fir_plain in loopalign-fir.c (the same source, included)
   gets its start too, besides fir's two loops.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O3 -fplugin-arg-erbium-loopalign=all -fplugin-arg-erbium-dump=erbium-loopalign" } */
/* { dg-final { scan-plugin-dump {Function fir_plain[^\n]*\n(.*\n)*erbium-loopalign: loop at line 5[0-9]: 1[5-9] instructions, [^\n]*placed at 32} erbium-loopalign } } */
/* { dg-final { scan-assembler-times {\.nops 32} 3 } } */

#include "loopalign-fir.c"
