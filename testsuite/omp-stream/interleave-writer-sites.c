/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Several writer sites on one stream share its write counter: their
   bursts follow one another in the control program's creation order,
   whatever the site (OMP-STREAM-SPEC.md 6.2, 6.1).  Three writer sites
   write bursts of 1, 2 and 3 elements (the third inside a function taking
   the stream as a parameter, section 2.2); each round creates seven
   writers in the order of PATTERN, writer k of round r writing
   1000 * r + 10 * k + j as element j of its burst, and thirteen readers
   of one element, created before that round's writers.  Reader m
   therefore sees element m of the concatenation of the bursts in creation
   order; for round 0 that is 0 | 10 11 12 | 20 21 | 30 31 | 40 |
   50 51 52 | 60.  Twenty rounds; the line shows round 0.  */
/* { dg-do run } */
/* { dg-output "interleave-writer-sites: 0 10 11 12 20 21 30 31 40 50 51 52 60: ok" } */

#include "check.h"

#define ROUNDS 20
#define PER_ROUND 13

static const int pattern[7] = { 0, 2, 1, 1, 0, 2, 0 };

static void
put3 (int s __attribute__ ((stream)), int base)
{
  int c[3];
#pragma omp task output (s << c[3]) firstprivate (base)
  {
    c[0] = base;
    c[1] = base + 1;
    c[2] = base + 2;
  }
}

int
main (void)
{
  int x __attribute__ ((stream));
  int a, b[2], r;
  static int seen[ROUNDS * PER_ROUND], want[ROUNDS * PER_ROUND];
  int *out = seen;
  int nwant = 0;

  for (int round = 0; round < ROUNDS; round++)
    {
      for (int m = round * PER_ROUND; m < (round + 1) * PER_ROUND; m++)
	{
	  seen[m] = -1;
#pragma omp task input (x >> r) firstprivate (out, m)
	  out[m] = r;
	}
      for (int k = 0; k < 7; k++)
	{
	  int base = 1000 * round + 10 * k;
	  switch (pattern[k])
	    {
	    case 0:
#pragma omp task output (x << a) firstprivate (base)
	      a = base;
	      break;
	    case 1:
#pragma omp task output (x << b[2]) firstprivate (base)
	      {
		b[0] = base;
		b[1] = base + 1;
	      }
	      break;
	    default:
	      put3 (x, base);
	      break;
	    }
	  /* The expected stream: this burst appended.  */
	  for (int j = 0; j <= pattern[k]; j++)
	    want[nwant++] = base + j;
	}
    }

#pragma omp taskwait

  CHECK_EQ (nwant, ROUNDS * PER_ROUND);
  CHECK_INTS (seen, want, ROUNDS * PER_ROUND);
  return check_done ("interleave-writer-sites", "%s",
		     check_text (seen, PER_ROUND));
}
