/* SPDX-License-Identifier: GPL-3.0-or-later */ /* -fplugin-arg-erbium-ivmerge=0 keeps IVOPTs' pointer per view: the
   vector loop of ivmerge-fir.c (the same source, included) advances two
   registers by 16 bytes, and no reference of it has an index.  The pass
   does not run, so there is no dump to check.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O3 -fno-predictive-commoning -fplugin-arg-erbium-ivmerge=0" } */
/* { dg-final { scan-assembler {\n(\.L[0-9]+):\n(?:\t[^\n]*\n)*?\taddq\s+\$16, %r[a-z0-9]+\n(?:\t[^\n]*\n)*?\taddq\s+\$16, %r[a-z0-9]+\n(?:\t(?!addq)[^\n]*\n)*\tj[a-z]+\s+\1\n} } } */
/* { dg-final { scan-assembler-not {movups\s+-?[0-9]*\(%r[a-z0-9]+,%r[a-z0-9]+} } } */

#include "window-fir-one-base.c"
