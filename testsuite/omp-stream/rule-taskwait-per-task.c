/* SPDX-License-Identifier: GPL-3.0-or-later */ /* taskwait waits for every instance the *current task* created since its
   previous taskwait: the barrier belongs to the task (main, or a task
   body), not to the function that contains the pragma, so a taskwait in
   a called function also waits for what the caller created before the
   call; and a taskwait may sit in main, in a task body, and in a function
   called from both (OMP-STREAM-SPEC.md 6.10, the shape of
   examples/syntax/018_modular_taskwait.c; task.h, er_taskwait).  get (p)
   creates a task writing 2 * p to its local result and waits, then
   returns the result.  main creates A, which reads the stream s and,
   after some work, writes s + 1 = 11 to main's variable a, and the writer
   of s (10); it then calls get (42) = 84 and reads a at once, with no
   taskwait of its own: get's taskwait must have waited for A too.  Task
   B calls get (7) = 14 from its body; task C creates a child writing 5
   to C's local variable, waits in its body, and writes that value plus 1
   = 6; main's final taskwait waits for B and C.  */
/* { dg-do run } */
/* { dg-output "rule-taskwait-per-task: a=11 get\\(42\\)=84 b=14 c=6: ok" } */

#include "check.h"

static int
get (int parm)
{
  int res = -1;
  int *resp = &res;

#pragma omp task firstprivate (parm, resp)
  *resp = parm * 2;
#pragma omp taskwait

  return res;
}

int
main (void)
{
  int s __attribute__ ((stream));
  int sv, w;
  int a = -1, b = -1, c = -1;
  int *pa = &a, *pb = &b, *pc = &c;

#pragma omp task input (s >> sv) firstprivate (pa)
  {
    volatile long spin = 0;
    for (long k = 0; k < 2000000; k++)
      spin += k;
    *pa = sv + 1;
  }
#pragma omp task output (s << w)
  w = 10;

  int g = get (42);
  CHECK_EQ (a, 11);
  CHECK_EQ (g, 84);
  int a_seen = a;

#pragma omp task firstprivate (pb)
  *pb = get (7);

#pragma omp task firstprivate (pc)
  {
    int d = -1;
    int *pd = &d;
#pragma omp task firstprivate (pd)
    *pd = 5;
#pragma omp taskwait
    *pc = d + 1;
  }

#pragma omp taskwait

  CHECK_EQ (b, 14);
  CHECK_EQ (c, 6);
  return check_done ("rule-taskwait-per-task", "a=%d get(42)=%d b=%d c=%d",
		     a_seen, g, b, c);
}
