/* -fplugin-arg-erbium-loopalign=0 leaves the loops of process code where
   GCC puts them: no padding in front of the FIR's vector loop that
   loopalign-fir.c sees placed.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O3 -fplugin-arg-erbium-loopalign=0" } */
/* { dg-final { scan-assembler-not {\.nops} } } */
/* { dg-final { scan-assembler-not {\.p2align 6} } } */

#define ER_LIBRARY_MODE
#include <erbium/runtime.h>

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
