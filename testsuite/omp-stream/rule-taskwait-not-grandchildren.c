/* SPDX-License-Identifier: GPL-3.0-or-later */ /* taskwait does not wait for grandchildren, and a task that ends with
   children still pending does not wait for them (OMP-STREAM-SPEC.md
   6.10).  Child C creates grandchild G, which reads the stream s and
   writes three times its value to res, and ends without waiting.  main
   then waits: that must return once C has ended, although G cannot run
   yet, because s is written only after the taskwait, by main.  (Were the
   taskwait to wait for G, the program would deadlock.)  main then
   creates the writer of s (5) and a reader of res: 15.  */
/* { dg-do run } */
/* { dg-output "rule-taskwait-not-grandchildren: 15: ok" } */

#include "check.h"

int
main (void)
{
  int s __attribute__ ((stream));
  int res __attribute__ ((stream));
  int w, q;
  int r = -1;
  int *pr = &r;

#pragma omp task firstprivate (s, res)
  {
    int a, b;
#pragma omp task input (s >> a) output (res << b)
    b = 3 * a;
  }

#pragma omp taskwait

#pragma omp task output (s << w)
  w = 5;
#pragma omp task input (res >> q) firstprivate (pr)
  *pr = q;

#pragma omp taskwait

  CHECK_EQ (r, 15);
  return check_done ("rule-taskwait-not-grandchildren", "%d", r);
}
