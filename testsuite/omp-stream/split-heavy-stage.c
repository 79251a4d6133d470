/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Splitting under auto (docs/omp-stream.md, "The network";
   erbium/task.h, ER_SITE_SPLIT): a source, a stateless stage doing
   nearly all the work, and a sink.  The plugin gives the stage its share
   of the unit's estimated work (99 %), the runtime as many workers as
   that share of the cores it finds (ERBIUM_PLACEMENT_REPORT=1 prints
   the decision: two on two cores), instance K on worker K mod W; the
   sink must read every block in creation order, bit for bit what the
   sequential loop computes (doubles through sqrt and sin: the same
   operations in the same order on each element).  */
/* { dg-do run } */
/* { dg-set-target-env-var ERBIUM_PLACEMENT_REPORT "1" } */
/* { dg-output "task site \[^ \]*split-heavy-stage.c:\[0-9\]+ \\(heavy\\): \[0-9\]+ workers? \\(auto; share 99%.*split-heavy-stage: 300 blocks of 64, bit for bit: ok" } */

#include <math.h>
#include "check.h"

#define N 300
#define B 64

static double
heavy (double x)
{
  for (int r = 0; r < 100; r++)
    x = sqrt (x * x + 1.0) * 0.75 + sin (x + r);
  return x;
}

static double out[N * B], want[N * B];

int
main (void)
{
  double a __attribute__ ((stream));
  double b __attribute__ ((stream));
  double wa[B], ra[B], wb[B], rb[B];
  double *o = out;
  for (int i = 0; i < N; i++)
    {
#pragma omp task output (a << wa[B]) firstprivate (i) task_name (source)
      for (int k = 0; k < B; k++)
	wa[k] = (i * B + k) * 0.001;
#pragma omp task input (a >> ra[B]) output (b << wb[B]) task_name (heavy)
      for (int k = 0; k < B; k++)
	wb[k] = heavy (ra[k]);
#pragma omp task input (b >> rb[B]) firstprivate (o, i) task_name (sink)
      for (int k = 0; k < B; k++)
	o[i * B + k] = rb[k];
    }
#pragma omp taskwait
  for (int p = 0; p < N * B; p++)
    want[p] = heavy (p * 0.001);
  for (int p = 0; p < N * B; p++)
    if (memcmp (&out[p], &want[p], sizeof out[p]))
      {
	printf ("position %d: %a, expected %a\n", p, out[p], want[p]);
	check_errors++;
      }
  return check_done ("split-heavy-stage", "%d blocks of %d, bit for bit", N,
		     B);
}
