/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A writer whose element nobody reads: tick (x) drops it, and the
   program still ends (OMP-STREAM-SPEC.md section 8, row
   t103_broadcast_nocons; 6.5, 6.9).  The writer writes 12345 and records
   that it ran through a pointer; no reader is ever created.  */
/* { dg-do run } */
/* { dg-timeout 20 } */
/* { dg-output "row-t103-no-reader: the writer ran: ok" } */

#include "check.h"

int
main (void)
{
  int x __attribute__ ((stream));
  int ran = 0;
  int *flag = &ran;

#pragma omp task output (x) firstprivate (flag)
  {
    x = 12345;
    *flag = 1;
  }
#pragma omp tick (x)

#pragma omp taskwait

  CHECK_EQ (ran, 1);
  return check_done ("row-t103-no-reader", "the writer %s",
		     ran ? "ran" : "did not run");
}
