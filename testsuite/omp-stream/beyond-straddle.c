/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Beyond OpenStream, positions make it well defined: a writer burst may
   straddle two reader windows, and a reader window may take part of a
   burst (OMP-STREAM-SPEC.md 6.3, last point; task.h: "a writer burst may
   straddle two reader windows").  Every writer writes 1000 + p at each
   position p it gets (its first position is given to it by main: writer
   k of burst B starts at k * B).
     a: 6 writers of 3, then 9 readers of 2   reader m gets 2m, 2m + 1
     b: 6 readers of 3, then 9 writers of 2   reader m gets 3m .. 3m + 2
     c: 3 writers of 5 and 5 readers of 3, alternating: reader m gets
        3m .. 3m + 2, which for m = 1 and m = 3 spans two writers
   Each reader checks that its window holds consecutive positions and
   records its first one; the line lists them per stream.  */
/* { dg-do run } */
/* { dg-output "beyond-straddle: 0 2 4 6 8 10 12 14 16 / 0 3 6 9 12 15 / 0 3 6 9 12: ok" } */

#include "check.h"

int
main (void)
{
  int a __attribute__ ((stream));
  int b __attribute__ ((stream));
  int c __attribute__ ((stream));
  int w2[2], w3[3], w5[5], r2[2], r3[3];
  int fa[9], fb[6], fc[5], bad[20];
  int wa[9] = { 0, 2, 4, 6, 8, 10, 12, 14, 16 };
  int wb[6] = { 0, 3, 6, 9, 12, 15 };
  int wc[5] = { 0, 3, 6, 9, 12 };
  int zeros[20] = { 0 };
  int *pa = fa, *pb = fb, *pc = fc, *pbad = bad;

  memset (bad, -1, sizeof bad);

  for (int k = 0; k < 6; k++)
    {
#pragma omp task output (a << w3[3]) firstprivate (k)
      for (int j = 0; j < 3; j++)
	w3[j] = 1000 + 3 * k + j;
    }
  for (int m = 0; m < 9; m++)
    {
#pragma omp task input (a >> r2[2]) firstprivate (pa, pbad, m)
      {
	pa[m] = r2[0] - 1000;
	pbad[m] = r2[1] != r2[0] + 1;
      }
    }

  for (int m = 0; m < 6; m++)
    {
#pragma omp task input (b >> r3[3]) firstprivate (pb, pbad, m)
      {
	pb[m] = r3[0] - 1000;
	pbad[9 + m] = (r3[1] != r3[0] + 1) + (r3[2] != r3[0] + 2);
      }
    }
  for (int k = 0; k < 9; k++)
    {
#pragma omp task output (b << w2[2]) firstprivate (k)
      for (int j = 0; j < 2; j++)
	w2[j] = 1000 + 2 * k + j;
    }

  for (int m = 0, k = 0; m < 5; m++)
    {
      if (m % 2 == 0)
	{
#pragma omp task output (c << w5[5]) firstprivate (k)
	  for (int j = 0; j < 5; j++)
	    w5[j] = 1000 + 5 * k + j;
	  k++;
	}
#pragma omp task input (c >> r3[3]) firstprivate (pc, pbad, m)
      {
	pc[m] = r3[0] - 1000;
	pbad[15 + m] = (r3[1] != r3[0] + 1) + (r3[2] != r3[0] + 2);
      }
    }

#pragma omp taskwait

  CHECK_INTS (fa, wa, 9);
  CHECK_INTS (fb, wb, 6);
  CHECK_INTS (fc, wc, 5);
  CHECK_INTS (bad, zeros, 20);
  return check_done ("beyond-straddle", "%s / %s / %s", check_text (fa, 9),
		     check_text (fb, 6), check_text (fc, 5));
}
