/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Scalar views x >> v and x << v (burst 1, horizon 1) of several element
   types (long long, a 3-byte struct, double, int), several accesses in
   one clause separated by commas, and several stream clauses on one task
   (OMP-STREAM-SPEC.md 3.1, 3.2).  Round i (0 .. 4): a writer puts
   L = 2^40 + i and P = { i, 2i, 3i } in one clause and D = i + 0.25 in a
   second; a task reads all three in one clause and writes
   R = (L - 2^40) + P.r + P.g + P.b + (int) (4 D) = 11 i + 1 to res; one
   reader of five takes them all: 1 12 23 34 45.  */
/* { dg-do run } */
/* { dg-output "form-scalar-views: 1 12 23 34 45: ok" } */

#include "check.h"

struct rgb
{
  unsigned char r, g, b;
};

int
main (void)
{
  long long big __attribute__ ((stream));
  struct rgb px __attribute__ ((stream));
  double dv __attribute__ ((stream));
  int res __attribute__ ((stream));
  long long L;
  struct rgb P;
  double D;
  int R, rr[5];
  int got[5] = { -1, -1, -1, -1, -1 };
  int want[5] = { 1, 12, 23, 34, 45 };
  int *out = got;

  for (int i = 0; i < 5; i++)
    {
#pragma omp task output (big << L, px << P) output (dv << D) firstprivate (i)
      {
	L = (1LL << 40) + i;
	P.r = i;
	P.g = 2 * i;
	P.b = 3 * i;
	D = i + 0.25;
      }
#pragma omp task input (big >> L, px >> P, dv >> D) output (res << R)
      R = (int) (L - (1LL << 40)) + P.r + P.g + P.b + (int) (4 * D);
    }
#pragma omp task input (res >> rr[5]) firstprivate (out)
  for (int j = 0; j < 5; j++)
    out[j] = rr[j];

#pragma omp taskwait

  CHECK_INTS (got, want, 5);
  return check_done ("form-scalar-views", "%s", check_text (got, 5));
}
