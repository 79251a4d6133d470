/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A variable-length array of streams, subscripts computed at run time,
   and windows whose size is a run-time value (OMP-STREAM-SPEC.md
   section 8, row t005_dynamic_arrays_of_streams; 2.1, 3.1: bracketed
   expressions are evaluated by the control program when the instance is
   created).  x has n = 12 streams (n read at run time).  Iteration i
   (0 .. 9) creates a writer on x[p1[i]], p1[i] = (i + 7) % 10, with a
   window of p1[i] + 2 elements (a VLA view) holding 100 * (i + 1) + j,
   then a reader on x[p2[i]], p2[i] = (i + 3) % 10, with a window of
   p2[i] + 2 elements.  Each of x[0 .. 9] gets one writer and one reader
   of the same size, so the reader of iteration i, on stream
   t = (i + 3) % 10, gets the burst of the writer of iteration
   (t + 3) % 10 = (i + 6) % 10; readers 0 .. 3 are created before their
   writers.  The line lists, for each reader, the writer's iteration
   recovered from the window (6 7 8 9 0 1 2 3 4 5); every element is
   checked too.  */
/* { dg-do run } */
/* { dg-output "row-t005-vla-streams: 6 7 8 9 0 1 2 3 4 5: ok" } */

#include "check.h"

int
main (int argc, char **argv)
{
  int n = 12 + (argc > 100);
  int x[n] __attribute__ ((stream));
  int p1[10], p2[10];
  int from[10], bad[10];
  int want[10] = { 6, 7, 8, 9, 0, 1, 2, 3, 4, 5 };
  int zeros[10] = { 0 };
  int *fp = from, *bp = bad;

  (void) argv;
  for (int i = 0; i < 10; i++)
    {
      p1[i] = (i + 7) % 10;
      p2[i] = (i + 3) % 10;
      from[i] = bad[i] = -1;
    }

  for (int i = 0; i < 10; i++)
    {
      int idx1 = p1[i];
      int idx2 = p2[i];
      int v1[idx1 + 2];
      int v2[idx2 + 2];

#pragma omp task output (x[idx1] << v1[idx1 + 2]) firstprivate (i, idx1)
      for (int j = 0; j < idx1 + 2; j++)
	v1[j] = 100 * (i + 1) + j;

#pragma omp task input (x[idx2] >> v2[idx2 + 2]) firstprivate (i, idx2, fp, bp)
      {
	int wrong = 0;
	for (int j = 0; j < idx2 + 2; j++)
	  wrong += v2[j] != v2[0] + j;
	fp[i] = v2[0] / 100 - 1;
	bp[i] = wrong;
      }
    }

#pragma omp taskwait

  CHECK_INTS (from, want, 10);
  CHECK_INTS (bad, zeros, 10);
  return check_done ("row-t005-vla-streams", "%s", check_text (from, 10));
}
