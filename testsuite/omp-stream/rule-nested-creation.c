/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Task bodies create tasks; each creating task has its own program
   order, and positions are still assigned per stream in creation order
   (OMP-STREAM-SPEC.md 6.11, 6.2).  Part 1: four instances of T each
   declare a stream y in their body, create three writers of 100 * i + j
   (j = 0, 1, 2) and a reader of the three, and wait: T_i's reader sums
   300 * i + 3 (3 303 603 903), whatever the other instances do at the
   same time.  Part 2: task P creates all six writers of main's stream x
   (writer k writes 10k, 10k + 1) and task Q all three readers of four
   elements, so x's writers come from one control flow and its readers
   from another: reader m gets positions [4m, 4m + 4), sums
   0+1+10+11 = 22, 20+21+30+31 = 102 and 40+41+50+51 = 182.  */
/* { dg-do run } */
/* { dg-output "rule-nested-creation: 3 303 603 903 22 102 182: ok" } */

#include "check.h"

int
main (void)
{
  int x __attribute__ ((stream));
  int res[7];
  int want[7] = { 3, 303, 603, 903, 22, 102, 182 };
  int *out = res;

  for (int k = 0; k < 7; k++)
    res[k] = -1;

  for (int i = 0; i < 4; i++)
    {
#pragma omp task firstprivate (i, out)
      {
	int y __attribute__ ((stream));
	int a, s[3];
	for (int j = 0; j < 3; j++)
	  {
#pragma omp task output (y << a) firstprivate (i, j)
	    a = 100 * i + j;
	  }
#pragma omp task input (y >> s[3]) firstprivate (out, i)
	out[i] = s[0] + s[1] + s[2];
#pragma omp taskwait
      }
    }

#pragma omp task firstprivate (x)
  {
    int u[2];
    for (int k = 0; k < 6; k++)
      {
#pragma omp task output (x << u[2]) firstprivate (k)
	{
	  u[0] = 10 * k;
	  u[1] = 10 * k + 1;
	}
      }
  }

#pragma omp task firstprivate (x, out)
  {
    int r[4];
    for (int m = 0; m < 3; m++)
      {
#pragma omp task input (x >> r[4]) firstprivate (out, m)
	out[4 + m] = r[0] + r[1] + r[2] + r[3];
      }
#pragma omp taskwait
  }

#pragma omp taskwait

  CHECK_INTS (res, want, 7);
  return check_done ("rule-nested-creation", "%s", check_text (res, 7));
}
