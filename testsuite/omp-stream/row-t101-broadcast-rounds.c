/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Ten broadcast rounds (OMP-STREAM-SPEC.md section 8, row
   t101_simple_broadcast_loop; 6.4, 6.5).  Round j writes 100 + j, creates
   ten peeks, and ticks; the peeks of round j get position j, since the
   tick of round j - 1 moved the read counter to j.  Peek i of round j
   sees 100 + j.  The line gives, per round, the sum of what its ten
   peeks saw: 10 * (100 + j).  */
/* { dg-do run } */
/* { dg-output "row-t101-broadcast-rounds: 1000 1010 1020 1030 1040 1050 1060 1070 1080 1090: ok" } */

#include "check.h"

int
main (void)
{
  int x __attribute__ ((stream));
  int seen[10][10];
  int sums[10];
  int *out = &seen[0][0];

  memset (seen, -1, sizeof seen);
  for (int j = 0; j < 10; j++)
    {
#pragma omp task output (x) firstprivate (j)
      x = 100 + j;
      for (int i = 0; i < 10; i++)
	{
#pragma omp task peek (x) firstprivate (out, i, j)
	  out[10 * j + i] = x;
	}
#pragma omp tick (x)
    }

#pragma omp taskwait

  for (int j = 0; j < 10; j++)
    {
      sums[j] = 0;
      for (int i = 0; i < 10; i++)
	{
	  CHECK_EQ (seen[j][i], 100 + j);
	  sums[j] += seen[j][i];
	}
    }
  return check_done ("row-t101-broadcast-rounds", "%s", check_text (sums, 10));
}
