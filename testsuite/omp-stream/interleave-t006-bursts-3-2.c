/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Writers of different bursts interleave by creation order and fill a
   larger reader window with whole bursts (OMP-STREAM-SPEC.md section 8,
   row t006_multi_prod_matching; 6.2, 6.3; output views declared larger
   than their burst, 6.7).  On x[0] (an array of one stream), iteration i
   (0 .. 9) creates a writer of 3 elements i+1, i+2, i+3 when i is odd,
   else of 2 elements i, i+1 (both through int v[5]), and on odd i a
   reader of 5.  Reader j (iteration 2j + 1) gets positions
   [5j, 5j + 5): the even writer's 2j, 2j+1 and the odd writer's 2j+2,
   2j+3, 2j+4, i.e. 2j .. 2j + 4.  Four passes, each on a new array of
   streams; the line shows pass 0's window sums, 10 * (j + 1).  */
/* { dg-do run } */
/* { dg-output "interleave-t006-bursts-3-2: 10 20 30 40 50: ok" } */

#include "check.h"

#define PASSES 4

int
main (void)
{
  int got[PASSES][5][5];
  int sums[5];
  int want_sums[5] = { 10, 20, 30, 40, 50 };

  memset (got, -1, sizeof got);
  for (int pass = 0; pass < PASSES; pass++)
    {
      int x[1] __attribute__ ((stream));

      for (int i = 0; i < 10; i++)
	{
	  int v[5];
	  int *slot = got[pass][i / 2];

	  if (i % 2)
	    {
#pragma omp task output (x[0] << v[3]) firstprivate (i)
	      {
		v[0] = i + 1;
		v[1] = i + 2;
		v[2] = i + 3;
	      }
	    }
	  else
	    {
#pragma omp task output (x[0] << v[2]) firstprivate (i)
	      {
		v[0] = i;
		v[1] = i + 1;
	      }
	    }

	  if (i % 2)
	    {
#pragma omp task input (x[0] >> v[5]) firstprivate (slot)
	      for (int k = 0; k < 5; k++)
		slot[k] = v[k];
	    }
	}
    }

#pragma omp taskwait

  for (int pass = 0; pass < PASSES; pass++)
    for (int j = 0; j < 5; j++)
      for (int k = 0; k < 5; k++)
	CHECK_EQ (got[pass][j][k], 2 * j + k);
  for (int j = 0; j < 5; j++)
    {
      sums[j] = 0;
      for (int k = 0; k < 5; k++)
	sums[j] += got[0][j][k];
    }
  CHECK_INTS (sums, want_sums, 5);
  return check_done ("interleave-t006-bursts-3-2", "%s", check_text (sums, 5));
}
