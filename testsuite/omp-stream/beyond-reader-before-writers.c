/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Beyond OpenStream, positions make it well defined: every reader of a
   stream may be created before any of its writers, and readers and
   writers may be created by different control flows (OMP-STREAM-SPEC.md
   6.1: "A reader may be created before the writers that fill it, and
   simply waits"; 6.2, 6.11).  On x, six readers alternating horizons 2
   and 3 (15 elements) are created first, by a function, and then six
   writers alternating bursts 1 and 4, writer k writing 500 + 10k + j:
   the stream is 500 | 510 511 512 513 | 520 | 530 .. 533 | 540 |
   550 .. 553, and the readers' sums are 500+510 = 1010, 511+512+513 =
   1536, 520+530 = 1050, 531+532+533 = 1596, 540+550 = 1090,
   551+552+553 = 1656.  On z, a task creates three readers of 2 (and
   waits for them), while main creates the six writers of 7k: the sums
   are 0+7, 14+21, 28+35 = 7 35 63.  */
/* { dg-do run } */
/* { dg-output "beyond-reader-before-writers: 1010 1536 1050 1596 1090 1656 / 7 35 63: ok" } */

#include "check.h"

static void
readers (int s __attribute__ ((stream)), int *out)
{
  int r2[2], r3[3];
  for (int m = 0; m < 6; m++)
    {
      if (m % 2 == 0)
	{
#pragma omp task input (s >> r2[2]) firstprivate (out, m)
	  out[m] = r2[0] + r2[1];
	}
      else
	{
#pragma omp task input (s >> r3[3]) firstprivate (out, m)
	  out[m] = r3[0] + r3[1] + r3[2];
	}
    }
}

int
main (void)
{
  int x __attribute__ ((stream));
  int z __attribute__ ((stream));
  int w1, w4[4], e;
  int sums[9];
  int want[9] = { 1010, 1536, 1050, 1596, 1090, 1656, 7, 35, 63 };
  int *out = sums;

  for (int k = 0; k < 9; k++)
    sums[k] = -1;

  readers (x, sums);

#pragma omp task firstprivate (z, out)
  {
    int q[2];
    for (int m = 0; m < 3; m++)
      {
#pragma omp task input (z >> q[2]) firstprivate (out, m)
	out[6 + m] = q[0] + q[1];
      }
#pragma omp taskwait
  }

  for (int k = 0; k < 6; k++)
    {
      if (k % 2 == 0)
	{
#pragma omp task output (x << w1) firstprivate (k)
	  w1 = 500 + 10 * k;
	}
      else
	{
#pragma omp task output (x << w4[4]) firstprivate (k)
	  for (int j = 0; j < 4; j++)
	    w4[j] = 500 + 10 * k + j;
	}
    }
  for (int k = 0; k < 6; k++)
    {
#pragma omp task output (z << e) firstprivate (k)
      e = 7 * k;
    }

#pragma omp taskwait

  CHECK_INTS (sums, want, 9);
  return check_done ("beyond-reader-before-writers", "%s / %s",
		     check_text (sums, 6), check_text (sums + 6, 3));
}
