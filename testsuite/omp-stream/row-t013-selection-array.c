/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A selection array of stream references, T sel[K] __attribute__
   ((stream_ref)), assigned elements of an array of streams and passed
   where an array of streams is expected (OMP-STREAM-SPEC.md section 8,
   row t013_stream_selection_arrays; 2.3).  sel = { x[2], x[0], x[1] }.
   The writers are those of row-t012-window-arrays, through sel: (i, 2i)
   go to sel[0] = x[2] and (3i, 4i) to sel[1] = x[0].  The readers
   alternate between consume (sel, ...) (j even) and a task in main that
   reads x[2] and x[0] directly (j odd), which shows where the data went.
   Either way reader j sees 2j 4j 2j+1 4j+2 and 6j 8j 6j+3 8j+4: the sums
   of row t012.  Finally 555 is written to x[1] directly and read back
   through sel[2].  */
/* { dg-do run } */
/* { dg-output "row-t013-selection-array: 3 15 27 39 51 / 7 35 63 91 119 / 555: ok" } */

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
  int sel[3] __attribute__ ((stream_ref));
  int a[4], b[4], q;
  int got[5][8];
  int s0[5], s1[5];
  int want0[5] = { 3, 15, 27, 39, 51 };
  int want1[5] = { 7, 35, 63, 91, 119 };
  int last = -1;
  int *lp = &last;

  sel[0] = x[2];
  sel[1] = x[0];
  sel[2] = x[1];

  memset (got, -1, sizeof got);
  for (int i = 0; i < 10; i++)
    {
      int *slot = got[i / 2];
      produce (sel, i);
      if (i % 4 == 1)
	consume (sel, slot);
      else if (i % 4 == 3)
	{
#pragma omp task input (x[2] >> a[4], x[0] >> b[4]) firstprivate (slot)
	  for (int m = 0; m < 4; m++)
	    {
	      slot[m] = a[m];
	      slot[4 + m] = b[m];
	    }
	}
    }

#pragma omp task output (x[1] << q)
  q = 555;
#pragma omp task input (sel[2] >> q) firstprivate (lp)
  *lp = q;

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
  CHECK_EQ (last, 555);
  return check_done ("row-t013-selection-array", "%s / %s / %d",
		     check_text (s0, 5), check_text (s1, 5), last);
}
