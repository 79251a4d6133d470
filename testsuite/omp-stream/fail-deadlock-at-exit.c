/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Run-time diagnostic: the end of the program waits for every instance,
   so a reader whose window is only partly written (three of its four
   positions) deadlocks there; it is reported naming the stream, and the
   program exits with status 70 (task.h: "The end of the program waits
   for every instance", "a deadlock ... exit status ER_EXIT_DEADLOCK";
   OMP-STREAM-SPEC.md 6.9).  The scenario runs in a child process
   (check_in_child).  The wording is not fixed: the test wants, after the
   child's line "main returns", the word deadlock and the stream's name
   partial in either order, then "child exit status 70".  */
/* { dg-do run } */
/* { dg-timeout 40 } */
/* { dg-shouldfail "deadlock at the end of the program, exit status 70" } */
/* { dg-output "main returns\[^\n\]*\n.*(deadlock.*partial|partial.*deadlock).*child exit status 70" } */

#include "check.h"

int
main (void)
{
  int status = check_in_child ();
  if (status >= 0)
    return status;

  int partial __attribute__ ((stream));
  int w[3], r[4];
  static int sum = -1;
  int *sp = &sum;

#pragma omp task output (partial << w[3])
  for (int k = 0; k < 3; k++)
    w[k] = k;
#pragma omp task input (partial >> r[4]) firstprivate (sp)
  *sp = r[0] + r[1] + r[2] + r[3];

  printf ("main returns\n");
  fflush (stdout);
  return 0;
}
