/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A 1024-element window broadcast to ten peeks (OMP-STREAM-SPEC.md
   section 8, row t102_simple_broadcast_array; 6.4).  One writer writes
   0 .. 1023; ten peeks of horizon 1024 each sum their window,
   0 + 1 + ... + 1023 = 523776; tick (x >> 1024) consumes it.  */
/* { dg-do run } */
/* { dg-output "row-t102-broadcast-array: 10 sums of 523776: ok" } */

#include "check.h"

#define SIZE 1024

int
main (void)
{
  int x __attribute__ ((stream));
  int w[SIZE], p[SIZE];
  int sums[10], want[10];
  int *out = sums;

#pragma omp task output (x << w[SIZE])
  for (int k = 0; k < SIZE; k++)
    w[k] = k;
  for (int i = 0; i < 10; i++)
    {
      sums[i] = -1;
      want[i] = 523776;
#pragma omp task peek (x >> p[SIZE]) firstprivate (out, i)
      {
	int s = 0;
	for (int k = 0; k < SIZE; k++)
	  s += p[k];
	out[i] = s;
      }
    }
#pragma omp tick (x >> SIZE)

#pragma omp taskwait

  CHECK_INTS (sums, want, 10);
  int same = 0;
  for (int i = 0; i < 10; i++)
    same += sums[i] == 523776;
  return check_done ("row-t102-broadcast-array", "%d sums of %d", same,
		     sums[0]);
}
