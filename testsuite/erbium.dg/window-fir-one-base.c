/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A 16-tap FIR over a view (C API, library mode) keeps one address
   register for its taps.  erbium-window gives the taps x[i] .. x[i + 15]
   one window base P0 hidden behind __builtin_assume_aligned, so the
   vectoriser builds each tap's pointer as P0 + constant and IVOPTs
   addresses all of them from one induction variable.  Without the call
   data-reference analysis looked through P0 and every tap got a base
   register of its own (base + index addressing, spilled to the stack in
   the benchmark's kernel).  The assembly checks: the window's vector
   loads use displacement addressing only, and the vector loop (a label,
   one block of tab-indented instructions, a jump back to the label)
   loads its 16 taps or more with movups from one and the same address
   register, which one register per tap would fail.  erbium-ivmerge is
   off, so that the test sees what erbium-window leaves to IVOPTs;
   ivmerge-fir.c checks the same loop with it.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O3 -fno-predictive-commoning -fopt-info-vec -fplugin-arg-erbium-ivmerge=0" } */
/* { dg-final { scan-assembler {movups\s+-?[0-9]+\(%r[a-z0-9]+\)} } } */
/* { dg-final { scan-assembler-not {movups\s+-?[0-9]*\(%r[a-z0-9]+,%r[a-z0-9]+} } } */
/* { dg-final { scan-assembler {\n(\.L[0-9]+):\n(?:\t(?!movups\s+-?[0-9]*\()[^\n]*\n)*\tmovups\s+-?[0-9]*\((%r[a-z0-9]+)\), %xmm[0-9]+\n(?:(?:\t(?!movups\s+-?[0-9]*\()[^\n]*\n)*\tmovups\s+-?[0-9]*\(\2\), %xmm[0-9]+\n){15,}(?:\t(?!movups\s+-?[0-9]*\()[^\n]*\n)*\tj[a-z]+\s+\1\n} } } */

#define ER_LIBRARY_MODE
#include <erbium/runtime.h>

static const float taps[16] = {
  0.01f, 0.02f, 0.03f, 0.05f, 0.07f, 0.09f, 0.11f, 0.12f,
  0.12f, 0.11f, 0.09f, 0.07f, 0.05f, 0.03f, 0.02f, 0.01f
};

/* Filter N - 15 outputs of the stream VI into OUT, BURST inputs at a
   time.  */
void
fir (er_view *vi, float *restrict out, int n, int burst)
{
  int tl = 0, hd, i, k;
  while (tl + 16 <= n)
    {
      hd = tl + burst;
      if (hd + 15 > n)
	hd = n - 15;
      er_update (vi, hd + 15);
      for (i = tl; i < hd; i++)	/* { dg-optimized "loop vectorized" } */
	{
	  float acc = 0.0f;
	  for (k = 0; k < 16; k++)
	    acc += taps[k] * ER_AT (vi, float, i + k);
	  out[i] = acc;
	}
      er_release (vi, hd);
      tl = hd;
    }
}
