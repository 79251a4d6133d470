/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Writers and readers in functions that take an array of streams as a
   parameter, T s[] __attribute__ ((stream)), and subscript it with a
   run-time index (OMP-STREAM-SPEC.md section 8, row
   t011_modular_with_arrays_of_streams; 2.2).  main passes the whole VLA
   of streams x and the index k = 2; iteration i (0 .. 9) calls
   produce (x, k, i), a writer of i, 3i on x[k], and on odd i
   consume (x, k, ...), a reader of 4 on x[k].  Reader j gets 2j, 6j,
   2j + 1, 6j + 3 as in row-t009-stream-param; the line gives the window
   sums, 16j + 4.  x[0], x[1] and x[3 ..] are never touched.  */
/* { dg-do run } */
/* { dg-output "row-t011-stream-array-param: 4 20 36 52 68: ok" } */

#include "check.h"

static void
produce (int sout[] __attribute__ ((stream)), int k, int i)
{
  int v[4];
#pragma omp task output (sout[k] << v[2]) firstprivate (i)
  {
    v[0] = i;
    v[1] = 3 * i;
  }
}

static void
consume (int sin[] __attribute__ ((stream)), int k, int *slot)
{
  int v[4];
#pragma omp task input (sin[k] >> v[4]) firstprivate (slot)
  for (int m = 0; m < 4; m++)
    slot[m] = v[m];
}

int
main (int argc, char **argv)
{
  int n = 12 + (argc > 100);
  int k = argc > 100 ? 0 : 2;
  int x[n] __attribute__ ((stream));
  int got[5][4];
  int sums[5];
  int want_sums[5] = { 4, 20, 36, 52, 68 };

  (void) argv;
  memset (got, -1, sizeof got);
  for (int i = 0; i < 10; i++)
    {
      produce (x, k, i);
      if (i % 2)
	consume (x, k, got[i / 2]);
    }

#pragma omp taskwait

  for (int j = 0; j < 5; j++)
    {
      CHECK_EQ (got[j][0], 2 * j);
      CHECK_EQ (got[j][1], 6 * j);
      CHECK_EQ (got[j][2], 2 * j + 1);
      CHECK_EQ (got[j][3], 6 * j + 3);
      sums[j] = got[j][0] + got[j][1] + got[j][2] + got[j][3];
    }
  CHECK_INTS (sums, want_sums, 5);
  return check_done ("row-t011-stream-array-param", "%s",
		     check_text (sums, 5));
}
