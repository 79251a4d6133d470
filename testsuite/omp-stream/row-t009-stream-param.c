/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Writers and readers in functions that take a stream parameter,
   T s __attribute__ ((stream)), called with an element of an array of
   streams (OMP-STREAM-SPEC.md section 8, rows t009_modular_compilation
   and t010_modular_compilation_2; 2.2; output views larger than their
   burst, 6.7).  x is a VLA of 12 streams; iteration i (0 .. 9) calls
   produce (x[1], i), which creates a writer of i, 3i through int v[4];
   on odd i a reader of 4 is created, in main for iterations 1, 5, 9 and
   in consume (x[1], ...) for 3 and 7.  Reader j (iteration 2j + 1) gets
   positions [4j, 4j + 4): 2j, 6j, 2j + 1, 6j + 3 (what the spec's row
   calls i, 3i, i + 1, 3(i + 1) with i = 2j).  The line gives the window
   sums, 16j + 4.  */
/* { dg-do run } */
/* { dg-output "row-t009-stream-param: 4 20 36 52 68: ok" } */

#include "check.h"

static void
produce (int sout __attribute__ ((stream)), int i)
{
  int v[4];
#pragma omp task output (sout << v[2]) firstprivate (i)
  {
    v[0] = i;
    v[1] = 3 * i;
  }
}

static void
consume (int sin __attribute__ ((stream)), int *slot)
{
  int v[4];
#pragma omp task input (sin >> v[4]) firstprivate (slot)
  for (int k = 0; k < 4; k++)
    slot[k] = v[k];
}

int
main (int argc, char **argv)
{
  int n = 12 + (argc > 100);
  int x[n] __attribute__ ((stream));
  int got[5][4];
  int sums[5];
  int want_sums[5] = { 4, 20, 36, 52, 68 };

  (void) argv;
  memset (got, -1, sizeof got);
  for (int i = 0; i < 10; i++)
    {
      int v[4];
      int *slot = got[i / 2];

      produce (x[1], i);
      if (i % 4 == 1)
	{
#pragma omp task input (x[1] >> v[4]) firstprivate (slot)
	  for (int k = 0; k < 4; k++)
	    slot[k] = v[k];
	}
      else if (i % 4 == 3)
	consume (x[1], slot);
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
  return check_done ("row-t009-stream-param", "%s", check_text (sums, 5));
}
