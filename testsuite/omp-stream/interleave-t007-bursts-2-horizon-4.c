/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Readers of a horizon that is a multiple of the writers' burst
   (OMP-STREAM-SPEC.md section 8, row t007_simple_multi_prod; 6.3; the
   output view is declared larger than its burst, 6.7).  Iteration i
   (0 .. 9) creates a writer of 2 elements, 2i and 2i + 1, through
   int v[4], and on odd i a reader of 4 through the same view variable.
   Reader j (iteration 2j + 1) gets positions [4j, 4j + 4): 4j .. 4j + 3.
   Four passes, each on a new stream; the line shows pass 0's first
   elements, 0 4 8 12 16.  */
/* { dg-do run } */
/* { dg-output "interleave-t007-bursts-2-horizon-4: 0 4 8 12 16: ok" } */

#include "check.h"

#define PASSES 4

int
main (void)
{
  int got[PASSES][5][4];
  int first[5];
  int want_first[5] = { 0, 4, 8, 12, 16 };

  memset (got, -1, sizeof got);
  for (int pass = 0; pass < PASSES; pass++)
    {
      int x __attribute__ ((stream));

      for (int i = 0; i < 10; i++)
	{
	  int v[4];
	  int *slot = got[pass][i / 2];

#pragma omp task output (x << v[2]) firstprivate (i)
	  {
	    v[0] = 2 * i;
	    v[1] = 2 * i + 1;
	  }
	  if (i % 2)
	    {
#pragma omp task input (x >> v[4]) firstprivate (slot)
	      for (int k = 0; k < 4; k++)
		slot[k] = v[k];
	    }
	}
    }

#pragma omp taskwait

  for (int pass = 0; pass < PASSES; pass++)
    for (int j = 0; j < 5; j++)
      for (int k = 0; k < 4; k++)
	CHECK_EQ (got[pass][j][k], 4 * j + k);
  for (int j = 0; j < 5; j++)
    first[j] = got[0][j][0];
  CHECK_INTS (first, want_first, 5);
  return check_done ("interleave-t007-bursts-2-horizon-4", "%s",
		     check_text (first, 5));
}
