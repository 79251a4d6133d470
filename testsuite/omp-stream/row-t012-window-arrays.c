/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Arrays of windows: xs << v[K][N] connects window v[k] to stream xs[k]
   for k = 0 .. K-1, with a burst of N per stream, and xs >> v[K][N] reads
   a window of the declared inner size from each (OMP-STREAM-SPEC.md
   section 8, row t012_variadic_clauses_with_arrays_of_windows; 3.2).
   x has three streams; produce writes (i, 2i) on sout[0] and (3i, 4i)
   on sout[1] through int v[2][2]; on odd i consume reads 4 elements of
   each through int v[2][4].  Reader j (iteration 2j + 1) reads the
   writers of iterations 2j and 2j + 1: on stream 0, 2j 4j 2j+1 4j+2 (sum
   12j + 3), on stream 1, 6j 8j 6j+3 8j+4 (sum 28j + 7).  The line gives
   both lists of sums.  */
/* { dg-do run } */
/* { dg-output "row-t012-window-arrays: 3 15 27 39 51 / 7 35 63 91 119: ok" } */

#include "check.h"

static void
produce (int sout[] __attribute__ ((stream)), int i)
{
  int v[2][2];
#pragma omp task output (sout << v[2][2]) firstprivate (i)
  {
    v[0][0] = i;
    v[0][1] = 2 * i;
    v[1][0] = 3 * i;
    v[1][1] = 4 * i;
  }
}

static void
consume (int sin[] __attribute__ ((stream)), int *slot)
{
  int v[2][4];
#pragma omp task input (sin >> v[2][4]) firstprivate (slot)
  for (int k = 0; k < 2; k++)
    for (int m = 0; m < 4; m++)
      slot[4 * k + m] = v[k][m];
}

int
main (void)
{
  int x[3] __attribute__ ((stream));
  int got[5][8];
  int s0[5], s1[5];
  int want0[5] = { 3, 15, 27, 39, 51 };
  int want1[5] = { 7, 35, 63, 91, 119 };

  memset (got, -1, sizeof got);
  for (int i = 0; i < 10; i++)
    {
      produce (x, i);
      if (i % 2)
	consume (x, got[i / 2]);
    }

#pragma omp taskwait

  for (int j = 0; j < 5; j++)
    {
      int w0[4] = { 2 * j, 4 * j, 2 * j + 1, 4 * j + 2 };
      int w1[4] = { 6 * j, 8 * j, 6 * j + 3, 8 * j + 4 };
      CHECK_INTS (got[j], w0, 4);
      CHECK_INTS (got[j] + 4, w1, 4);
      s0[j] = got[j][0] + got[j][1] + got[j][2] + got[j][3];
      s1[j] = got[j][4] + got[j][5] + got[j][6] + got[j][7];
    }
  CHECK_INTS (s0, want0, 5);
  CHECK_INTS (s1, want1, 5);
  return check_done ("row-t012-window-arrays", "%s / %s", check_text (s0, 5),
		     check_text (s1, 5));
}
