/* SPDX-License-Identifier: GPL-3.0-or-later */ /* erbium-ivmerge: the 16-tap FIR of window-fir-one-base.c reads a view
   and writes an array, both advancing 16 bytes per vector iteration.
   IVOPTs leaves one pointer for the view's taps and one for the output;
   the pass makes them one index, so the vector loop (a label, one block
   of tab-indented instructions, a jump back to the label) loads its 16
   taps with movups from one base and one index register, stores through
   another base and the same index, and advances only that index: one
   add per iteration where there were two.  The exit test was on one of
   the pointers, so the index counts up to 0 and the add's flags end the
   loop: no compare.  The loop's checked copy (ERBIUM_CHECK) passes its
   index to er_check_access too, so its induction variable is left
   alone, and the dump says why.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O3 -fno-predictive-commoning -fplugin-arg-erbium-dump=erbium-ivmerge" } */
/* { dg-final { scan-plugin-dump-times "2 induction variables of step 16 merged into one index" 1 erbium-ivmerge } } */
/* { dg-final { scan-plugin-dump {ivtmp\.[0-9_]+ left alone: used other than as an address} erbium-ivmerge } } */
/* { dg-final { scan-assembler {\n(\.L[0-9]+):\n\tmovups\s+-?[0-9]*\((%r[a-z0-9]+),(%r[a-z0-9]+)\), %xmm[0-9]+\n(?:(?:\t(?!movups|addq|subq|leaq|incq)[^\n]*\n)*\tmovups\s+-?[0-9]*\(\2,\3\), %xmm[0-9]+\n){15}(?:\t(?!movups|addq|subq|leaq|incq)[^\n]*\n)*\tmovups\s+%xmm[0-9]+, \((%r[a-z0-9]+),\3\)\n\taddq\s+\$16, \3\n\tjne\s+\1\n} } } */

#include "window-fir-one-base.c"
