/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Arrays of windows over the first K streams of a larger array:
   xs << w[K][N] (burst N on each of xs[0 .. K-1]), xs >> r[K][N] with a
   horizon of the inner declared dimension, peek (xs >> p[K][0]) (burst 0,
   horizon the inner dimension of p), and the reversed form
   input (r[K][N] << xs) (OMP-STREAM-SPEC.md 3.2, 3.1).  xs has five
   streams, K = 4.  Writer i (0 .. 3) writes 100k + 10i + j (j < 3) on
   xs[k]; the peek, int p[4][6], and reader 0 both get positions [0, 6)
   of each stream, sum 600k + 0+1+2+10+11+12 = 600k + 36; reader 1 gets
   [6, 12), sum 600k + 20+21+22+30+31+32 = 600k + 156.  xs[4] is written
   and read through single accesses (4444) to show that the arrays of
   windows never touch it.  Writers 2 and 3 are created after the
   readers.  */
/* { dg-do run } */
/* { dg-output "form-window-arrays: peek 36 636 1236 1836 / 36 636 1236 1836 / 156 756 1356 1956 / 4444: ok" } */

#include "check.h"

int
main (void)
{
  int xs[5] __attribute__ ((stream));
  int w[4][3], p[4][6], r[4][6], q;
  int pk[4], r0[4], r1[4], last = -1;
  int want_r0[4] = { 36, 636, 1236, 1836 };
  int want_r1[4] = { 156, 756, 1356, 1956 };
  int *pp = pk, *p0 = r0, *p1 = r1, *lp = &last;

  for (int i = 0; i < 2; i++)
    {
#pragma omp task output (xs << w[4][3]) firstprivate (i)
      for (int k = 0; k < 4; k++)
	for (int j = 0; j < 3; j++)
	  w[k][j] = 100 * k + 10 * i + j;
    }

#pragma omp task peek (xs >> p[4][0]) firstprivate (pp)
  for (int k = 0; k < 4; k++)
    {
      pp[k] = 0;
      for (int j = 0; j < 6; j++)
	pp[k] += p[k][j];
    }
#pragma omp task input (xs >> r[4][6]) firstprivate (p0)
  for (int k = 0; k < 4; k++)
    {
      p0[k] = 0;
      for (int j = 0; j < 6; j++)
	p0[k] += r[k][j];
    }
#pragma omp task input (r[4][6] << xs) firstprivate (p1)
  for (int k = 0; k < 4; k++)
    {
      p1[k] = 0;
      for (int j = 0; j < 6; j++)
	p1[k] += r[k][j];
    }

  for (int i = 2; i < 4; i++)
    {
#pragma omp task output (xs << w[4][3]) firstprivate (i)
      for (int k = 0; k < 4; k++)
	for (int j = 0; j < 3; j++)
	  w[k][j] = 100 * k + 10 * i + j;
    }

#pragma omp task output (xs[4] << q)
  q = 4444;
#pragma omp task input (xs[4] >> q) firstprivate (lp)
  *lp = q;

#pragma omp taskwait

  CHECK_INTS (pk, want_r0, 4);
  CHECK_INTS (r0, want_r0, 4);
  CHECK_INTS (r1, want_r1, 4);
  CHECK_EQ (last, 4444);
  return check_done ("form-window-arrays", "peek %s / %s / %s / %d",
		     check_text (pk, 4), check_text (r0, 4), check_text (r1, 4),
		     last);
}
