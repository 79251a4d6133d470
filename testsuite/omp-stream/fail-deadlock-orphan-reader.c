/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Run-time diagnostic: a reader waiting for positions that nobody writes
   makes main's taskwait a deadlock, which is reported naming the stream,
   and the program exits with status 70 (task.h: "a deadlock ... exit
   status ER_EXIT_DEADLOCK"; OMP-STREAM-SPEC.md 6.9: OpenStream then just
   hangs).  The scenario runs in a child process (check_in_child), whose
   exit status the program prints and returns.  The wording of the report
   is not fixed: the test wants, after the child's line "waiting", the
   word deadlock and the stream's name orphan in either order, then
   "child exit status 70".  */
/* { dg-do run } */
/* { dg-timeout 40 } */
/* { dg-shouldfail "deadlock, exit status 70" } */
/* { dg-output "waiting\[^\n\]*\n.*(deadlock.*orphan|orphan.*deadlock).*child exit status 70" } */

#include "check.h"

int
main (void)
{
  int status = check_in_child ();
  if (status >= 0)
    return status;

  int orphan __attribute__ ((stream));
  int v;
  int r = -1;
  int *rp = &r;

#pragma omp task input (orphan >> v) firstprivate (rp)
  *rp = v;

  printf ("waiting\n");
  fflush (stdout);
#pragma omp taskwait
  printf ("not reached: the taskwait returned (%d)\n", r);
  return 0;
}
