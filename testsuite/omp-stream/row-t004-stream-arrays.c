/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Arrays of streams, and several accesses in one clause
   (OMP-STREAM-SPEC.md section 8, row t004_arrays_of_streams; 2.1, 3.1).
   Ten times, one task writes i on x[0] through a scalar view and
   (2i, 3i) on x[1] through a two-element view, in one output clause;
   then one task reads both in one input clause.  Reader i gets position
   i of x[0] and positions [2i, 2i + 2) of x[1]: i, 2i and 3i.  The line
   gives the three sums over i = 0 .. 9: 45 90 135.  */
/* { dg-do run } */
/* { dg-output "row-t004-stream-arrays: 45 90 135: ok" } */

#include "check.h"

int
main (void)
{
  int x[2] __attribute__ ((stream));
  int sc, ar[2];
  int got[10][3];
  int sums[3] = { 0, 0, 0 };
  int want[3] = { 45, 90, 135 };

  memset (got, -1, sizeof got);
  for (int i = 0; i < 10; i++)
    {
      int *slot = got[i];
#pragma omp task output (x[0] << sc, x[1] << ar[2]) firstprivate (i)
      {
	sc = i;
	ar[0] = 2 * i;
	ar[1] = 3 * i;
      }
#pragma omp task input (x[0] >> sc, x[1] >> ar[2]) firstprivate (slot)
      {
	slot[0] = sc;
	slot[1] = ar[0];
	slot[2] = ar[1];
      }
    }

#pragma omp taskwait

  for (int i = 0; i < 10; i++)
    {
      CHECK_EQ (got[i][0], i);
      CHECK_EQ (got[i][1], 2 * i);
      CHECK_EQ (got[i][2], 3 * i);
      for (int k = 0; k < 3; k++)
	sums[k] += got[i][k];
    }
  CHECK_INTS (sums, want, 3);
  return check_done ("row-t004-stream-arrays", "%s", check_text (sums, 3));
}
