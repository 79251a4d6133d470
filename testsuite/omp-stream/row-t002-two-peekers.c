/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Broadcast by peeks (OMP-STREAM-SPEC.md section 8, row
   t002_scalar_streams_broadcast; 6.4).  Each of ten rounds creates a
   writer of one element, 3 * i + 2, two peek tasks from two sites with
   implicit views (peek (x)), and tick (x).  Both peeks of round i get
   position i, the tick then moves the read counter past it, so both see
   3 * i + 2.  The line lists what the two sites saw, round by round.  */
/* { dg-do run } */
/* { dg-output "row-t002-two-peekers: 2 2 5 5 8 8 11 11 14 14 17 17 20 20 23 23 26 26 29 29: ok" } */

#include "check.h"

int
main (void)
{
  int x __attribute__ ((stream));
  int seen[20], want[20];
  int *out = seen;

  for (int i = 0; i < 10; i++)
    {
      seen[2 * i] = seen[2 * i + 1] = -1;
      want[2 * i] = want[2 * i + 1] = 3 * i + 2;

#pragma omp task output (x) firstprivate (i)
      x = 3 * i + 2;
#pragma omp task peek (x) firstprivate (out, i)
      out[2 * i] = x;
#pragma omp task peek (x) firstprivate (out, i)
      out[2 * i + 1] = x;
#pragma omp tick (x)
    }

#pragma omp taskwait

  CHECK_INTS (seen, want, 20);
  return check_done ("row-t002-two-peekers", "%s", check_text (seen, 20));
}
