/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A shared variable-length array under -fsanitize=bounds: the body sees
   it as an array of unknown bound, since the bound is an expression of
   the control program that the task's body function cannot evaluate.
   With the control program's type kept, the compile failed with an
   internal error (at -O0 and -O2), or a bounds check used a wrong bound;
   a wrong bound stops the program with UBSan's report, and the report
   alone fails the test (lib/erbium.exp).  Two readers
   count the parity of 1..8 into hist: 4 4.  */
/* { dg-do run } */
/* { dg-options "-fsanitize=bounds -fno-sanitize-recover=bounds" } */
/* { dg-output "form-shared-vla-bounds: hist 4 4: ok" } */

#include "check.h"

__attribute__ ((noinline)) static int
two (void)
{
  return 2;
}

int
main (void)
{
  int x __attribute__ ((stream));
  int n = two ();
  int hist[n];
  int w[4], r[4];

  hist[0] = hist[1] = 0;
  for (int b = 0; b < 2; b++)
    {
#pragma omp task output (x << w[4]) firstprivate (b)
      for (int k = 0; k < 4; k++)
	w[k] = 4 * b + k + 1;
#pragma omp task input (x >> r[4]) shared (hist)
      for (int k = 0; k < 4; k++)
	hist[r[k] % 2]++;
#pragma omp taskwait
    }
  CHECK_EQ (hist[0], 4);
  CHECK_EQ (hist[1], 4);
  printf ("form-shared-vla-bounds: hist %d %d: ok\n", hist[0], hist[1]);
  return 0;
}
