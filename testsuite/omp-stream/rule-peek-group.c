/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Peek groups: a peek of horizon H gets [r, r + H) and leaves the read
   counter r alone, so every peek created between two advancing accesses
   sees the window of the next advancing access (an input or a tick)
   created after it (OMP-STREAM-SPEC.md 6.4, 6.1).  Writer k writes
   (10k, 10k + 1); writers 0 and 1 are created first, 2 and 3 last.  In
   between, in this order:
     P1 peek (x >> p[2])     [0, 2)  0 1
     P2 peek (x)             [0, 1)  0        (implicit view)
     I1 input (x >> v[2])    [0, 2)  0 1      r = 2
     P3 peek (x >> p[2])     [2, 4)  10 11
     tick (x >> 2)                            r = 4 (the last peek's horizon)
     P4 peek (x >> q[4])     [4, 8)  20 21 30 31
     P5 peek (x >> p[2])     [4, 6)  20 21
     I2 input (x >> q[4])    [4, 8)  20 21 30 31   r = 8
   The line lists P1, P2, I1, P3, P4, P5, I2's windows in that order.  */
/* { dg-do run } */
/* { dg-output "rule-peek-group: 0 1 0 0 1 10 11 20 21 30 31 20 21 20 21 30 31: ok" } */

#include "check.h"

int
main (void)
{
  int x __attribute__ ((stream));
  int w[2], p[2], v[2], q[4];
  int res[17];
  int want[17] = { 0, 1, 0, 0, 1, 10, 11, 20, 21, 30, 31, 20, 21,
		   20, 21, 30, 31 };
  int *o;

  for (int k = 0; k < 17; k++)
    res[k] = -1;

  for (int k = 0; k < 2; k++)
    {
#pragma omp task output (x << w[2]) firstprivate (k)
      {
	w[0] = 10 * k;
	w[1] = 10 * k + 1;
      }
    }

  o = res + 0;
#pragma omp task peek (x >> p[2]) firstprivate (o)
  {
    o[0] = p[0];
    o[1] = p[1];
  }
  o = res + 2;
#pragma omp task peek (x) firstprivate (o)
  o[0] = x;
  o = res + 3;
#pragma omp task input (x >> v[2]) firstprivate (o)
  {
    o[0] = v[0];
    o[1] = v[1];
  }
  o = res + 5;
#pragma omp task peek (x >> p[2]) firstprivate (o)
  {
    o[0] = p[0];
    o[1] = p[1];
  }
#pragma omp tick (x >> 2)
  o = res + 7;
#pragma omp task peek (x >> q[4]) firstprivate (o)
  for (int j = 0; j < 4; j++)
    o[j] = q[j];
  o = res + 11;
#pragma omp task peek (x >> p[2]) firstprivate (o)
  {
    o[0] = p[0];
    o[1] = p[1];
  }
  o = res + 13;
#pragma omp task input (x >> q[4]) firstprivate (o)
  for (int j = 0; j < 4; j++)
    o[j] = q[j];

  for (int k = 2; k < 4; k++)
    {
#pragma omp task output (x << w[2]) firstprivate (k)
      {
	w[0] = 10 * k;
	w[1] = 10 * k + 1;
      }
    }

#pragma omp taskwait

  CHECK_INTS (res, want, 17);
  return check_done ("rule-peek-group", "%s", check_text (res, 17));
}
