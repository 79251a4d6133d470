/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The if clause: if (0), or any false run-time value, makes the task
   undeferred, so the creating control program runs the instance itself,
   after its positions are assigned, before going on; if (1) changes
   nothing (OMP-STREAM-SPEC.md 3.1: if is an ordinary task clause; task.h,
   ER_TASK_UNDEFERRED).  1: a deferred writer writes 5, then an if (0)
   reader stores 2 * 5 = 10, which main reads right after the pragma, with
   no taskwait.  2: an if (1) reader is created before its writer (7): it
   must not run in main (main would wait for data no one has yet written)
   and receives 7.  3: writers of i * i, undeferred when i is even
   (if (i % 2)), then one reader of six: 0+1+4+9+16+25 = 55.  An
   undeferred writer needs only room in its stream, not a reader (under
   OpenStream's runtime it would wait for a reader that main has not
   created yet: OMP-STREAM-SPEC.md 6.6).  */
/* { dg-do run } */
/* { dg-output "form-if-clause: at once 10, deferred 7, mixed 55: ok" } */

#include "check.h"

int
main (void)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int z __attribute__ ((stream));
  int a, b, c, e, f[6];
  int r1 = -1, r2 = -1, r3 = -1;
  int *p1 = &r1, *p2 = &r2, *p3 = &r3;

#pragma omp task output (x << a)
  a = 5;
#pragma omp task input (x >> b) firstprivate (p1) if (0)
  *p1 = 2 * b;
  int at_once = r1;
  CHECK_EQ (at_once, 10);

#pragma omp task input (y >> c) firstprivate (p2) if (1)
  *p2 = c;
#pragma omp task output (y << c)
  c = 7;

  for (int i = 0; i < 6; i++)
    {
#pragma omp task output (z << e) firstprivate (i) if (i % 2)
      e = i * i;
    }
#pragma omp task input (z >> f[6]) firstprivate (p3)
  *p3 = f[0] + f[1] + f[2] + f[3] + f[4] + f[5];

#pragma omp taskwait

  CHECK_EQ (r2, 7);
  CHECK_EQ (r3, 55);
  return check_done ("form-if-clause", "at once %d, deferred %d, mixed %d",
		     at_once, r2, r3);
}
