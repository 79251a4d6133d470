/* SPDX-License-Identifier: GPL-3.0-or-later */ /* An instance runs once every position of its input windows has been
   written, whatever the order of creation; a task with no stream clause
   is ready at once (OMP-STREAM-SPEC.md 6.6, 6.8; task.h).  R is created
   first: it reads one element of a and two of b and writes their sum to
   c.  a's writer writes 1 and can run at once; b's first element, 7, is
   written at once too, but its second, 100 * g, comes from a writer that
   reads g from the stream gate, which main writes (g = 3) only at the
   end.  So R must wait with half its b window full, and then sees
   1 + 7 + 300 = 308, which F reads from c.  T has no stream clause and
   writes 42.  */
/* { dg-do run } */
/* { dg-output "rule-run-when-windows-full: 308 42: ok" } */

#include "check.h"

int
main (void)
{
  int a __attribute__ ((stream));
  int b __attribute__ ((stream));
  int c __attribute__ ((stream));
  int gate __attribute__ ((stream));
  int va, vb[2], vc, vf, vg, vb1;
  int res[2] = { -1, -1 };
  int want[2] = { 308, 42 };
  int *out = res;

#pragma omp task input (a >> va, b >> vb[2]) output (c << vc)
  vc = va + vb[0] + vb[1];

#pragma omp task input (c >> vf) firstprivate (out)
  out[0] = vf;

#pragma omp task output (a << va)
  va = 1;

#pragma omp task output (b << vb1)
  vb1 = 7;

#pragma omp task input (gate >> vg) output (b << vb1)
  vb1 = 100 * vg;

#pragma omp task firstprivate (out)
  out[1] = 42;

#pragma omp task output (gate << vg)
  vg = 3;

#pragma omp taskwait

  CHECK_INTS (res, want, 2);
  return check_done ("rule-run-when-windows-full", "%d %d", res[0], res[1]);
}
