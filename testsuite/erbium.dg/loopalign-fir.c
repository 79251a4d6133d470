/* SPDX-License-Identifier: GPL-3.0-or-later */ /* erbium-loopalign (plugin/loopalign.cc): the vector loop of an FIR over
   views (the FM receiver's FM_FIR, four taps per pass over the outputs)
   has 17 or 18 short SSE instructions in about 70 bytes; starting 0 or
   16 bytes past a 64-byte boundary it would put 13 or more of them in
   one 64-byte block, more than the op cache of AMD Zen 5 keeps, so
   the pass starts it 32 bytes past one (the vector loop and the scalar
   loop after it).  The loop that zeroes the outputs becomes a memset,
   and its copy for ERBIUM_CHECK=1 calls er_elem: no loop of line 29 is
   a candidate.  The same loop over plain arrays uses no Erbium feature
   and is left where GCC puts it.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump=erbium-loopalign" } */
/* { dg-final { scan-plugin-dump-times {loop at line 3[4-8]: 1[5-9] instructions, about [0-9]+ bytes; most ops in a 64-byte block when it starts 0, 16, 32, 48 bytes past one: 1[3-9], [0-9]+, [0-9], [0-9]+; placed at 32} 2 erbium-loopalign } } */
/* { dg-final { scan-plugin-dump-not {loop at line 29:} erbium-loopalign } } */
/* { dg-final { scan-plugin-dump-not {Function fir_plain} erbium-loopalign } } */
/* { dg-final { scan-assembler {\.p2align 6\s+\.nops 32\s+(#[^\n]*\s+|\.p2align [0-9,]+\s+)*\.L[0-9]+:\s+movups} } } */

#define ER_LIBRARY_MODE
#include <erbium/runtime.h>

/* Outputs TL .. HD - 1 of an 8-tap filter H, read through VI, written
   through VO.  */
void
fir (er_view *vi, er_view *vo, const float *h, int tl, int hd)
{
  int j, k;
  er_update (vi, hd + 7);
  er_stall (vo, hd);
  for (j = tl; j < hd; j++)
    ER_AT (vo, float, j) = 0.0f;
  for (k = 0; k < 8; k += 4)
    {
      float h0 = h[k], h1 = h[k + 1], h2 = h[k + 2], h3 = h[k + 3];
      for (j = tl; j < hd; j++)
	ER_AT (vo, float, j) = (((ER_AT (vo, float, j)
				  + h0 * ER_AT (vi, float, j + k))
				 + h1 * ER_AT (vi, float, j + k + 1))
				+ h2 * ER_AT (vi, float, j + k + 2))
			       + h3 * ER_AT (vi, float, j + k + 3);
    }
  er_commit (vo, hd);
  er_release (vi, hd);
}

/* The same loop over arrays.  */
void
fir_plain (float *restrict y, const float *restrict x, const float *h,
	   int tl, int hd)
{
  int j, k;
  for (j = tl; j < hd; j++)
    y[j] = 0.0f;
  for (k = 0; k < 8; k += 4)
    {
      float h0 = h[k], h1 = h[k + 1], h2 = h[k + 2], h3 = h[k + 3];
      for (j = tl; j < hd; j++)
	y[j] = (((y[j] + h0 * x[j + k]) + h1 * x[j + k + 1])
		+ h2 * x[j + k + 2]) + h3 * x[j + k + 3];
    }
}
