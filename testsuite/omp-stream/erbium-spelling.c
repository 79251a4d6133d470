/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The erbium spelling of the pragmas: #pragma erbium task, tick and
   taskwait mean exactly what #pragma omp task, tick and taskwait mean
   (the same clauses), and need no -fopenmp; erbium-spelling-fopenmp.c
   compiles this program again with -fopenmp (OMP-STREAM-SPEC.md 3-5,
   spelled in the project's own pragma namespace).  Four writers of
   (10i, 10i + 1); a peek of 4 and a tick of 4 over the first two
   bursts (0 1 10 11, sum 22); a reader of 4 over the last two (20 21 30
   31, sum 102); a nested task with its own taskwait in a task body
   (writes 5); #pragma erbium taskwait in main.  */
/* { dg-do run } */
/* { dg-output "erbium-spelling: 22 102 5: ok" } */

#include "check.h"

int
main (void)
{
  int x __attribute__ ((stream));
  int w[2], p[4], r[4];
  int got[3] = { -1, -1, -1 };
  int want[3] = { 22, 102, 5 };
  int *out = got;

  for (int i = 0; i < 4; i++)
    {
#pragma erbium task output (x << w[2]) firstprivate (i)
      {
	w[0] = 10 * i;
	w[1] = 10 * i + 1;
      }
    }
#pragma erbium task peek (x >> p[4]) firstprivate (out)
  out[0] = p[0] + p[1] + p[2] + p[3];
#pragma erbium tick (x >> 4)
#pragma erbium task input (x >> r[4]) firstprivate (out)
  out[1] = r[0] + r[1] + r[2] + r[3];

#pragma erbium task firstprivate (out)
  {
    int d = -1;
    int *pd = &d;
#pragma erbium task firstprivate (pd)
    *pd = 5;
#pragma erbium taskwait
    out[2] = d;
  }

#pragma erbium taskwait

  CHECK_INTS (got, want, 3);
  return check_done ("erbium-spelling", "%s", check_text (got, 3));
}
