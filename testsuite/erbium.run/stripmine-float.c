/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: float elements.  The producer maps the index
   to a float, the consumer maps each element into a float array (no
   reassociation, so every value is exact and compared with ==).  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-float" } */
/* { dg-final { scan-plugin-dump {loop at line 30: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 41: strip-mined, burst [0-9]+} erbium-stripmine } } */

#include "stripmine.h"

#define N 20000

static float f (int i) { return (float) i * 0.5f + 1.0f; }
static float g (float x) { return x * x - 2.0f; }

float out[N];

static SM_REFERENCE void
check (void)
{
  for (int i = 0; i < N; i++)
    RT_CHECK (out[i] == g (f (i)), "out[%d] = %g, expected %g", i,
	      out[i], g (f (i)));
}

process producer (record(float) re)
{
  SM_WRITER (float, w, re, SM_HORIZON);
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      stall (w, i + 1);
      w[i] = f (i);
      commit (w, i + 1);
    }
}

process consumer (record(float) re)
{
  SM_READER (float, r, re, SM_HORIZON);
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      update (r, i + 1);
      out[i] = g (r[i]);
      release (r, i + 1);
    }
}

SM_MAIN_PAIR (float, producer, consumer,
	      check (),
	      "stripmine-float")
