/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Run-time diagnostic: a burst known only at run time that is larger
   than its view would write past the view (OMP-STREAM-SPEC.md 7: under
   OpenStream a burst beyond the window overruns memory, undiagnosed).
   Here the instance is refused when it is created, with a message naming
   the stream, the burst, the window and the task site, and the program
   stops (task.h, er_task_create: "Misuse (a bad access) is reported
   naming the stream, the access and SITE").  A first writer of burst 4
   on the stream frames (view of 4 ints) is fine and prints its line; the
   second gets burst 6 from a variable.  The test wants, after that line,
   the name frames, the burst 6 and this file's name (wording not fixed),
   and the program must not go on.  */
/* { dg-do run } */
/* { dg-shouldfail "burst 6 on a view of 4 elements" } */
/* { dg-output "first burst written\[^\n\]*\n(?=.*\[^0-9\]6\[^0-9\])(?=.*fail-burst-beyond-view\\.c).*frames" } */

#include "check.h"

/* Not inlined, so that the burst is a run-time value at -O2 too.  */
__attribute__ ((noinline)) static int
burst_for (int round)
{
  return 4 + 2 * round;
}

int
main (void)
{
  int frames __attribute__ ((stream));
  int w[4], r[4];
  int got = -1;
  int *gp = &got;

  for (int round = 0; round < 2; round++)
    {
      int n = burst_for (round);
#pragma omp task output (frames << w[n]) firstprivate (n)
      for (int k = 0; k < n; k++)
	w[k] = k;
#pragma omp task input (frames >> r) firstprivate (gp)
      *gp = r[0];
      if (round == 0)
	{
#pragma omp taskwait
	  printf ("first burst written, reader got %d\n", got);
	  fflush (stdout);
	}
    }
#pragma omp taskwait
  printf ("not reached: the program went on past the burst of 6\n");
  return 0;
}
