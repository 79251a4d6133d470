/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Stream tasks and ordinary OpenMP in one function of a unit compiled
   with -fopenmp: a parallel for with a reduction and a parallel region
   with a critical section keep their OpenMP meaning next to stream tasks
   and #pragma omp taskwait (OMP-STREAM-SPEC.md 3.1: the stream clauses
   extend OpenMP's task; the other OpenMP constructs are GCC's).
   s = 0 + 1 + ... + 999 = 499500 by reduction over 2 threads; a
   parallel region of 3 threads increments a counter 100 times each in a
   critical section: 300.  Then stream tasks use s: ten writers of
   s + i, a reader of ten storing each minus s (0 .. 9), and a second
   parallel for sums what the tasks stored: 45; the reader's own sum of
   its window is 10 s + 45 = 4995045.  */
/* { dg-do run } */
/* { dg-options "-fopenmp" } */
/* { dg-output "openmp-mixed: reduction 499500, critical 300, streams 4995045, after 45: ok" } */

#include "check.h"
#include <omp.h>

int
main (void)
{
  long s = 0;
  int count = 0, nthreads = 0;
  int x __attribute__ ((stream));
  int e, r[10];
  int got[10];
  long total = -1;
  int *gp = got;
  long *tp = &total;

#pragma omp parallel for reduction (+:s) num_threads (2)
  for (int i = 0; i < 1000; i++)
    s += i;

#pragma omp parallel num_threads (3)
  {
#pragma omp single
    nthreads = omp_get_num_threads ();
    for (int k = 0; k < 100; k++)
      {
#pragma omp critical
	count++;
      }
  }

  for (int i = 0; i < 10; i++)
    {
      got[i] = -1;
#pragma omp task output (x << e) firstprivate (s, i)
      e = (int) s + i;
    }
#pragma omp task input (x >> r[10]) firstprivate (gp, tp, s)
  {
    long t = 0;
    for (int j = 0; j < 10; j++)
      {
	gp[j] = r[j] - (int) s;
	t += r[j];
      }
    *tp = t;
  }
#pragma omp taskwait

  int after = 0;
#pragma omp parallel for reduction (+:after) num_threads (2)
  for (int i = 0; i < 10; i++)
    after += got[i];

  CHECK_EQ (s, 499500);
  CHECK_EQ (count, 100 * nthreads);
  CHECK_EQ (nthreads, 3);
  CHECK_EQ (total, 4995045);
  CHECK_EQ (after, 45);
  for (int i = 0; i < 10; i++)
    CHECK_EQ (got[i], i);
  return check_done ("openmp-mixed",
		     "reduction %ld, critical %d, streams %ld, after %d", s,
		     count, total, after);
}
