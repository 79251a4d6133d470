/* SPDX-License-Identifier: GPL-3.0-or-later */ /* One value broadcast to ten peeks (OMP-STREAM-SPEC.md section 8, row
   t100_simple_broadcast; 6.4).  One writer writes 12345; ten instances
   of one peek site each get position 0; tick (x) then consumes it.
   Every peek sees 12345.  */
/* { dg-do run } */
/* { dg-output "row-t100-broadcast: 10 peeks saw 12345: ok" } */

#include "check.h"

int
main (void)
{
  int x __attribute__ ((stream));
  int seen[10], want[10];
  int *out = seen;

#pragma omp task output (x)
  x = 12345;
  for (int i = 0; i < 10; i++)
    {
      seen[i] = -1;
      want[i] = 12345;
#pragma omp task peek (x) firstprivate (out, i)
      out[i] = x;
    }
#pragma omp tick (x)

#pragma omp taskwait

  CHECK_INTS (seen, want, 10);
  int same = 0;
  for (int i = 0; i < 10; i++)
    same += seen[i] == 12345;
  return check_done ("row-t100-broadcast", "%d peeks saw %d", same, seen[0]);
}
