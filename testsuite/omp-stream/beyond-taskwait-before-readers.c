/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Beyond OpenStream, positions make it well defined: a taskwait after
   creating writers and before creating their readers returns, because a
   writer waits for nothing but room in the stream (OMP-STREAM-SPEC.md
   6.6: under OpenStream this deadlocks; task.h: "no program that
   finishes with unbounded buffers deadlocks here").  main creates twenty
   writers of three elements on x (position p holds p + 1), each setting
   its flag, and waits: every flag must be set when the taskwait
   returns.  Then six readers of ten: sums 100m + 55.  A task does the
   same in its own body on y: four writers of two (1 .. 8), taskwait,
   then one reader of eight: 36.  */
/* { dg-do run } */
/* { dg-output "beyond-taskwait-before-readers: 20 writers done, 55 155 255 355 455 555 / 36: ok" } */

#include "check.h"

int
main (void)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int w[3], r[10];
  int flags[20], sums[6], ysum = -1;
  int want[6] = { 55, 155, 255, 355, 455, 555 };
  int *fp = flags, *sp = sums, *yp = &ysum;

  for (int k = 0; k < 20; k++)
    {
      flags[k] = 0;
#pragma omp task output (x << w[3]) firstprivate (k, fp)
      {
	for (int j = 0; j < 3; j++)
	  w[j] = 3 * k + j + 1;
	fp[k] = 1;
      }
    }

#pragma omp taskwait

  int ndone = 0;
  for (int k = 0; k < 20; k++)
    ndone += flags[k];
  CHECK_EQ (ndone, 20);

  for (int m = 0; m < 6; m++)
    {
      sums[m] = -1;
#pragma omp task input (x >> r[10]) firstprivate (sp, m)
      {
	int s = 0;
	for (int j = 0; j < 10; j++)
	  s += r[j];
	sp[m] = s;
      }
    }

#pragma omp task firstprivate (y, yp)
  {
    int u[2], q[8];
    for (int k = 0; k < 4; k++)
      {
#pragma omp task output (y << u[2]) firstprivate (k)
	{
	  u[0] = 2 * k + 1;
	  u[1] = 2 * k + 2;
	}
      }
#pragma omp taskwait
#pragma omp task input (y >> q[8]) firstprivate (yp)
    {
      int s = 0;
      for (int j = 0; j < 8; j++)
	s += q[j];
      *yp = s;
    }
#pragma omp taskwait
  }

#pragma omp taskwait

  CHECK_INTS (sums, want, 6);
  CHECK_EQ (ysum, 36);
  return check_done ("beyond-taskwait-before-readers",
		     "%d writers done, %s / %d", ndone, check_text (sums, 6),
		     ysum);
}
