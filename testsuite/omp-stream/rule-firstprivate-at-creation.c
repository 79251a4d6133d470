/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Data environment: firstprivate copies a variable's value when the
   instance is created (scalars, structs and arrays alike); the body works
   on its copy, so neither a later change in the control program nor the
   body's own assignments reach the other side; a variable the body uses
   without a clause is firstprivate too, as for any OpenMP task outside a
   parallel region (OMP-STREAM-SPEC.md 6.8).  The first writer sees
   k = 5, s = {1, 2}, arr[2] = 9 and writes 5*1000 + 1*100 + 2*10 + 9 =
   5129, then assigns 99 to its copies; main then sets k = 6, s.a = 3,
   arr[2] = 0, and the second writer writes 6320.  The third writer uses
   m (3 at creation, 4 afterwards) without a clause and writes 3.  Eight
   instances created in a loop write i * i for their own i; their reader
   sums 0 + 1 + 4 + ... + 49 = 140.  */
/* { dg-do run } */
/* { dg-output "rule-firstprivate-at-creation: 5129 6320 3 140, main k=6 s.a=3 arr\\\[2\\\]=0: ok" } */

#include "check.h"

struct pair
{
  int a, b;
};

int
main (void)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int k = 5, m = 3;
  struct pair s = { 1, 2 };
  int arr[3] = { 7, 8, 9 };
  int v, w, r[3], q[8];
  int res[4] = { -1, -1, -1, -1 };
  int want[4] = { 5129, 6320, 3, 140 };
  int *out = res;

#pragma omp task output (x << v) firstprivate (k, s, arr)
  {
    v = k * 1000 + s.a * 100 + s.b * 10 + arr[2];
    k = 99;
    s.a = 99;
    arr[2] = 99;
  }
  k = 6;
  s.a = 3;
  arr[2] = 0;
#pragma omp task output (x << v) firstprivate (k, s, arr)
  v = k * 1000 + s.a * 100 + s.b * 10 + arr[2];

#pragma omp task output (x << v)
  v = m;
  m = 4;

  for (int i = 0; i < 8; i++)
#pragma omp task output (y << w) firstprivate (i)
    w = i * i;

#pragma omp task input (x >> r[3]) firstprivate (out)
  {
    out[0] = r[0];
    out[1] = r[1];
    out[2] = r[2];
  }
#pragma omp task input (y >> q[8]) firstprivate (out)
  {
    int sum = 0;
    for (int j = 0; j < 8; j++)
      sum += q[j];
    out[3] = sum;
  }

#pragma omp taskwait

  CHECK_INTS (res, want, 4);
  CHECK_EQ (k, 6);
  CHECK_EQ (s.a, 3);
  CHECK_EQ (arr[2], 0);
  CHECK_EQ (m, 4);
  return check_done ("rule-firstprivate-at-creation",
		     "%s, main k=%d s.a=%d arr[2]=%d", check_text (res, 4), k,
		     s.a, arr[2]);
}
