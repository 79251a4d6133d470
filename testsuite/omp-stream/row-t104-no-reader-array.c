/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A 1024-element writer followed by tick (x), whose count, 1, does not
   cover its burst (OMP-STREAM-SPEC.md section 8, row
   t104_broadcast_nocons_array; 6.5, 6.9).  The tick discards position 0
   only; positions 1 .. 1023 are never read and are discarded when the
   stream dies at the end of main (unread data does not hold the writer
   up: task.h, er_stream_release).  The writer records that it ran, and
   the program ends.  */
/* { dg-do run } */
/* { dg-timeout 20 } */
/* { dg-output "row-t104-no-reader-array: the writer ran: ok" } */

#include "check.h"

#define SIZE 1024

int
main (void)
{
  int x __attribute__ ((stream));
  int w[SIZE];
  int ran = 0;
  int *flag = &ran;

#pragma omp task output (x << w[SIZE]) firstprivate (flag)
  {
    for (int k = 0; k < SIZE; k++)
      w[k] = k;
    *flag = 1;
  }
#pragma omp tick (x)

#pragma omp taskwait

  CHECK_EQ (ran, 1);
  return check_done ("row-t104-no-reader-array", "the writer %s",
		     ran ? "ran" : "did not run");
}
