/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: update() returning early on termination.  The
   producer ends the stream with free_view (w, ER_TERMINATE) after COUNT
   elements (a prime: no multiple of any burst); the consumer's loop has
   no bound of its own and stops when update returns less than it asked
   for.  It must see exactly COUNT elements and their sum.  The loop's
   only exit is the update test (the dump may name the line of the for
   or that of the test).  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-terminate 10007" } */
/* { dg-final { scan-plugin-dump {loop at line 34: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line (47|49): strip-mined, burst [0-9]+} erbium-stripmine } } */

#include "stripmine.h"

#define COUNT 10007

static int f (int i) { return (i & 255) - 100; }

int seen, sum;

static SM_REFERENCE int
reference (void)
{
  int s = 0;
  for (int i = 0; i < COUNT; i++)
    s += f (i);
  return s;
}

process producer (record(int) re)
{
  SM_WRITER (int, w, re, SM_HORIZON);
  for (int i = 0; i < COUNT; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      stall (w, i + 1);
      w[i] = f (i);
      commit (w, i + 1);
    }
  free_view (w, ER_TERMINATE);
}

process consumer (record(int) re)
{
  SM_READER (int, r, re, SM_HORIZON);
  int i, s = 0;
  for (i = 0; ; i++)
    {
      if (update (r, i + 1) <= i)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
	break;
      s += r[i];
      release (r, i + 1);
    }
  seen = i;
  sum = s;
}

SM_MAIN_PAIR (int, producer, consumer,
	      RT_EQ (seen, COUNT);
	      RT_EQ (sum, reference ()),
	      "stripmine-terminate %d", seen)
