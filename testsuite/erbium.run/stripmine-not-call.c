/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining, negative: a loop that calls a function the
   compiler cannot see into (noipa: it might touch the window through
   global memory) is not strip-mined, and the dump says why; the
   producer's loop still is.  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-not-call" } */
/* { dg-final { scan-plugin-dump {loop at line 46: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 58: not strip-mined \(a call may touch the window or synchronise, line 62\)} erbium-stripmine } } */

#include "stripmine.h"

#define N 20000

static int f (int i) { return 3 * i - 5; }

int sum;
unsigned trace_count, trace_hash;

/* A tracing hook with a side effect on global memory.  */
__attribute__ ((noipa)) void
trace (int x)
{
  trace_count++;
  trace_hash = trace_hash * 31 + (unsigned) x;
}

static SM_REFERENCE void
check (void)
{
  int s = 0;
  unsigned h = 0;
  for (int i = 0; i < N; i++)
    {
      s += f (i);
      h = h * 31 + (unsigned) f (i);
    }
  RT_EQ (sum, s);
  RT_EQ (trace_count, N);
  RT_EQ (trace_hash, h);
}

process producer (record(int) re)
{
  SM_WRITER (int, w, re, SM_HORIZON);
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      stall (w, i + 1);
      w[i] = f (i);
      commit (w, i + 1);
    }
}

process consumer (record(int) re)
{
  SM_READER (int, r, re, SM_HORIZON);
  int s = 0;
  for (int i = 0; i < N; i++)	/* not strip-mined: trace () */
    {
      update (r, i + 1);
      s += r[i];
      trace (r[i]);
      release (r, i + 1);
    }
  sum = s;
}

SM_MAIN_PAIR (int, producer, consumer,
	      check (),
	      "stripmine-not-call")
