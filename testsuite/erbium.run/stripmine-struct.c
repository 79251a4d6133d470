/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: struct elements (an int and a float, 8 bytes).
   The producer fills both fields; the consumer sums the int fields and
   maps the float fields into an array.  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-struct" } */
/* { dg-final { scan-plugin-dump {loop at line 37: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 50: strip-mined, burst [0-9]+} erbium-stripmine } } */

#include "stripmine.h"

#define N 20000

struct pair { int a; float b; };

static float g (float b) { return b + 1.0f; }

int sum_a;
float out_b[N];

static SM_REFERENCE void
check (void)
{
  int s = 0;
  for (int i = 0; i < N; i++)
    {
      s += 2 * i + 1;
      RT_CHECK (out_b[i] == g ((float) i * 0.25f), "out_b[%d] = %g", i,
		out_b[i]);
    }
  RT_EQ (sum_a, s);
}

process producer (record(struct pair) re)
{
  SM_WRITER (struct pair, w, re, SM_HORIZON);
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      stall (w, i + 1);
      w[i].a = 2 * i + 1;
      w[i].b = (float) i * 0.25f;
      commit (w, i + 1);
    }
}

process consumer (record(struct pair) re)
{
  SM_READER (struct pair, r, re, SM_HORIZON);
  int s = 0;
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      update (r, i + 1);
      s += r[i].a;
      out_b[i] = g (r[i].b);
      release (r, i + 1);
    }
  sum_a = s;
}

SM_MAIN_PAIR (struct pair, producer, consumer,
	      check (),
	      "stripmine-struct")
