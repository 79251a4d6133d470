/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Interleaving of writer and reader sites by creation order
   (OMP-STREAM-SPEC.md section 8, row t003_access_interleaving; 6.2).
   Writer site 1 writes (42, 43) before the loop; in each of ten
   iterations writer site 2 writes (2i, 2i + 1) and then a reader of two
   elements is created, from reader site 1 on odd i and site 2 on even i;
   tick (x >> 2) ends the program.  Positions: the first writer [0, 2),
   iteration i's writer [2i + 2, 2i + 4), iteration i's reader [2i,
   2i + 2).  So reader 0 reads 42 43, reader i >= 1 reads the pair of
   iteration i - 1, 2i - 2 and 2i - 1, and the tick drops the last pair,
   18 19.  Four passes, each on a new stream; the line shows the first
   element of each reader's pair in pass 0.  */
/* { dg-do run } */
/* { dg-output "interleave-t003-access: 42 0 2 4 6 8 10 12 14 16: ok" } */

#include "check.h"

#define PASSES 4

int
main (void)
{
  int got[PASSES][10][2], want[PASSES][10][2];
  int first[10];
  int want_first[10] = { 42, 0, 2, 4, 6, 8, 10, 12, 14, 16 };

  for (int pass = 0; pass < PASSES; pass++)
    {
      int x __attribute__ ((stream));
      int wa[2], wb[2];

#pragma omp task output (x << wa[2])
      {
	wa[0] = 42;
	wa[1] = 43;
      }
      for (int i = 0; i < 10; i++)
	{
	  int *slot = got[pass][i];
	  slot[0] = slot[1] = -1;
	  want[pass][i][0] = i == 0 ? 42 : 2 * i - 2;
	  want[pass][i][1] = i == 0 ? 43 : 2 * i - 1;

#pragma omp task output (x << wa[2]) firstprivate (i)
	  {
	    wa[0] = 2 * i;
	    wa[1] = 2 * i + 1;
	  }
	  if (i % 2)
	    {
#pragma omp task input (x >> wb[2]) firstprivate (slot)
	      {
		slot[0] = wb[0];
		slot[1] = wb[1];
	      }
	    }
	  else
	    {
#pragma omp task input (x >> wb[2]) firstprivate (slot)
	      {
		slot[0] = wb[0];
		slot[1] = wb[1];
	      }
	    }
	}
#pragma omp tick (x >> 2)
    }

#pragma omp taskwait

  CHECK_INTS (&got[0][0][0], &want[0][0][0], PASSES * 10 * 2);
  for (int i = 0; i < 10; i++)
    first[i] = got[0][i][0];
  CHECK_INTS (first, want_first, 10);
  return check_done ("interleave-t003-access", "%s", check_text (first, 10));
}
