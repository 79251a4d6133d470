/* SPDX-License-Identifier: GPL-3.0-or-later */ /* ThreadSanitizer on OpenMP stream sites split into workers
   (docs/omp-stream.md, "The network"; erbium/task.h, ER_SITE_SPLIT): a
   source, a stage split into 3 workers and a sink stream 3000 blocks of
   4 ints.  The workers finish out of order; the frontiers pass an
   instance only when every earlier one is done, and TSan must see that
   each element the sink reads was written before (no report: a report
   exits 66), whichever worker wrote it; the sum is checked.  With a
   thread per process (ERBIUM_FIBERS=0), so that TSan sees each worker
   as a thread of its own.  */
/* { dg-do run } */
/* { dg-options "-O2 -g -fsanitize=thread -fopenmp" } */
/* { dg-set-target-env-var TSAN_OPTIONS "halt_on_error=1 exitcode=66" } */
/* { dg-set-target-env-var ERBIUM_FIBERS "0" } */
/* { dg-output "split stream: sum 215982000 ok\n" } */

#include <stdio.h>

#define N 3000

int
main (void)
{
  int a __attribute__ ((stream));
  int b __attribute__ ((stream));
  int wa[4], ra[4], wb[4], rb[4];
  long sum = 0;
  long *ps = &sum;
  for (int i = 0; i < N; i++)
    {
#pragma omp task output (a << wa[4]) firstprivate (i)
      for (int k = 0; k < 4; k++)
	wa[k] = 4 * i + k;
#pragma erbium grain split (3)
#pragma omp task input (a >> ra[4]) output (b << wb[4]) firstprivate (i)
      {
	volatile int spin = 0;
	for (int r = 0; r < (i % 5) * 200; r++)
	  spin = spin + r;
	for (int k = 0; k < 4; k++)
	  wb[k] = 3 * ra[k];
      }
#pragma omp task input (b >> rb[4]) firstprivate (ps)
      for (int k = 0; k < 4; k++)
	*ps += rb[k];
    }
#pragma omp taskwait
  long want = 3L * (4L * N) * (4L * N - 1) / 2;
  printf ("split stream: sum %ld %s\n", sum, sum == want ? "ok" : "WRONG");
  return sum != want;
}
