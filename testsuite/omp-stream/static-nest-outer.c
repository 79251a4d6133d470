/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The static conversion (docs/omp-stream.md, "Static conversion") at two
   depths: in each iteration of the outer loop, an inner loop creates NJ
   writers of one element of x (converted: a range per outer iteration), then
   one reader of NJ elements is created (converted in the outer loop: the inner
   loop's range creation writes x, the reader reads it).  Reader i gets
   positions [i NJ, (i + 1) NJ), written by the writers of outer iteration i:
   their indices i NJ + j, sum NJ (NJ - 1) / 2 + i NJ^2.  A last loop of
   writers whose firstprivate is not affine (j * j) is not converted and must
   give the same result as without the pass.  */
/* { dg-do run } */
/* { dg-output "static-nest-outer: 40 x 25 and 10 squares: ok" } */

#include "check.h"

#define NI 40
#define NJ 25

static long sums[NI];

int
main (void)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int e, r[NJ], s[10];
  long *sp = sums;

  for (int i = 0; i < NI; i++)
    {
      for (int j = 0; j < NJ; j++)
	{
	  int idx = i * NJ + j;
#pragma omp task output (x << e) firstprivate (idx)
	  e = idx;
	}
#pragma omp task input (x >> r[NJ]) firstprivate (i, sp)
      {
	long t = 0;
	for (int j = 0; j < NJ; j++)
	  t += r[j];
	sp[i] = t;
      }
    }

  int sq[10], *qp = sq;
  for (int j = 0; j < 10; j++)
    {
      int v = j * j;
#pragma omp task output (y << e) firstprivate (v)
      e = v;
    }
#pragma omp task input (y >> s[10]) firstprivate (qp)
  for (int j = 0; j < 10; j++)
    qp[j] = s[j];

#pragma omp taskwait

  for (int i = 0; i < NI; i++)
    CHECK_EQ (sums[i], (long) NJ * (NJ - 1) / 2 + (long) i * NJ * NJ);
  for (int j = 0; j < 10; j++)
    CHECK_EQ (sq[j], j * j);
  return check_done ("static-nest-outer", "%d x %d and 10 squares", NI, NJ);
}
