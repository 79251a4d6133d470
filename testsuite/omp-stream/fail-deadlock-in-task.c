/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Run-time diagnostic: a taskwait in a task body that waits for a reader
   of a stream nobody writes (a stream local to that body) is a deadlock
   too, reported naming the stream, exit status 70 (task.h: er_taskwait,
   "A deadlock while waiting is reported like any other";
   OMP-STREAM-SPEC.md 6.10).  The scenario runs in a child process
   (check_in_child).  The wording is not fixed: the test wants, after the
   child's line "waiting", the word deadlock and the stream's name starved
   in either order, then "child exit status 70".  */
/* { dg-do run } */
/* { dg-timeout 40 } */
/* { dg-shouldfail "deadlock in a task's taskwait, exit status 70" } */
/* { dg-output "waiting\[^\n\]*\n.*(deadlock.*starved|starved.*deadlock).*child exit status 70" } */

#include "check.h"

int
main (void)
{
  int status = check_in_child ();
  if (status >= 0)
    return status;

  int r = -1;
  int *rp = &r;

#pragma omp task firstprivate (rp)
  {
    int starved __attribute__ ((stream));
    int v;
#pragma omp task input (starved >> v) firstprivate (rp)
    *rp = v;
#pragma omp taskwait
  }

  printf ("waiting\n");
  fflush (stdout);
#pragma omp taskwait
  printf ("not reached: the taskwait returned (%d)\n", r);
  return 0;
}
