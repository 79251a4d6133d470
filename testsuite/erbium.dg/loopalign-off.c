/* -fplugin-arg-erbium-loopalign=0 leaves the loops of process code where
   GCC puts them: no padding in front of the FIR's vector loop that
   loopalign-fir.c sees placed (the same source, included).  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O3 -fplugin-arg-erbium-loopalign=0" } */
/* { dg-final { scan-assembler-not {\.nops} } } */
/* { dg-final { scan-assembler-not {\.p2align 6} } } */

#include "loopalign-fir.c"
