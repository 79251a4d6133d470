/* SPDX-License-Identifier: GPL-3.0-or-later */ /* -fplugin-arg-erbium-loopalign=0 leaves the loops of process code where
   GCC puts them: no padding in front of the FIR's vector loop (the same
   source, included).  The scans below would also pass if that loop
   needed no padding; this test relies on loopalign-fir.c, which checks
   that with the default loopalign=1 the same loop is placed (.nops 32).
   With loopalign=0 the pass does not run, so it has no dump to check
   here.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O3 -fplugin-arg-erbium-loopalign=0" } */
/* { dg-final { scan-assembler-not {\.nops} } } */
/* { dg-final { scan-assembler-not {\.p2align 6} } } */

#include "loopalign-fir.c"
