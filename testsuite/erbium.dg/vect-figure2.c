/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The paper's Figure 2 producer and consumer burst loops (C API, library
   mode) vectorise at -O3: erbium-window gives both element accesses the
   burst form, erbium-lower expands the primitives after the vectoriser,
   and no primitive call is left (but er_elem in the loops' copies for
   ERBIUM_CHECK=1, cold).  */
/* { dg-do compile } */
/* { dg-options "-O3 -fchecking -fopt-info-vec" } */
/* { dg-final { scan-assembler-not {\m(call|jmp)\s+er_(commit|update|stall|release|receive)\M} } } */

#define ER_LIBRARY_MODE
#include <erbium/runtime.h>

#define N 100000

static int
foo (int i)
{
  return 3 * i + 1;
}

void
producer (er_view *vi, int p_burst)
{
  int tl = 0, hd, i;
  while (1)
    {
      hd = tl + p_burst;
      if (hd >= N)
	break;
      er_stall (vi, hd);
      for (i = tl; i < hd; i++)	/* { dg-optimized "loop vectorized" } */
	ER_AT (vi, int, i) = foo (i);
      er_commit (vi, hd);
      tl = hd;
    }
}

long
consumer (er_view *vi, int c_burst)
{
  int tl = 0, hd, i;
  long sum = 0;
  while (1)
    {
      hd = tl + c_burst;
      er_receive (vi, hd);
      hd = er_update (vi, hd);
      if (!hd)
	break;
      for (i = tl; i < hd; i++)	/* { dg-optimized "loop vectorized" } */
	sum += ER_AT (vi, int, i);
      er_release (vi, hd);
      tl = hd;
    }
  return sum;
}
