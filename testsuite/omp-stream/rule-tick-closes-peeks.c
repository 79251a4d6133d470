/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A tick closes the peeks created since the last input or tick of its
   stream: its count must equal the horizon of the last of those peeks,
   and it discards that many elements (OMP-STREAM-SPEC.md 6.4, 6.5;
   task.h, er_stream_tick).  Every peek of a group sees [r, r + H) for
   its own horizon H.  Position k of x holds 7k + 1 (1 8 15 22 29 36 43
   50 57 64).  In creation order:
     peek (x >> a[3])           [0, 3)   1 8 15
     peek (x >> b[2])           [0, 2)   1 8
     tick (x >> 2)              last peek's horizon 2; r = 2
     input (x >> c[2])          [2, 4)   15 22     r = 4
     2 x peek (x >> d[4])       [4, 8)   29 36 43 50 (both)
     tick (x >> 4)                                 r = 8
     3 x peek (x)               [8]      57 (all three)
     tick (x)                   count 1 = horizon 1; r = 9
     input (x)                  [9]      64
   Position 2 is seen by the first peek and by the input after the tick:
   data stays until every access that reads it is done.  Half the writers
   are created before the readers, half after.  */
/* { dg-do run } */
/* { dg-output "rule-tick-closes-peeks: 1 8 15 1 8 15 22 29 36 43 50 29 36 43 50 57 57 57 64: ok" } */

#include "check.h"

int
main (void)
{
  int x __attribute__ ((stream));
  int a[3], b[2], c[2], d[4], w;
  int res[19];
  int want[19] = { 1, 8, 15, 1, 8, 15, 22, 29, 36, 43, 50, 29, 36, 43, 50,
		   57, 57, 57, 64 };
  int *o;

  for (int k = 0; k < 19; k++)
    res[k] = -1;
  for (int k = 0; k < 5; k++)
    {
#pragma omp task output (x << w) firstprivate (k)
      w = 7 * k + 1;
    }

  o = res + 0;
#pragma omp task peek (x >> a[3]) firstprivate (o)
  for (int j = 0; j < 3; j++)
    o[j] = a[j];
  o = res + 3;
#pragma omp task peek (x >> b[2]) firstprivate (o)
  for (int j = 0; j < 2; j++)
    o[j] = b[j];
#pragma omp tick (x >> 2)
  o = res + 5;
#pragma omp task input (x >> c[2]) firstprivate (o)
  for (int j = 0; j < 2; j++)
    o[j] = c[j];
  for (int i = 0; i < 2; i++)
    {
      o = res + 7 + 4 * i;
#pragma omp task peek (x >> d[4]) firstprivate (o)
      for (int j = 0; j < 4; j++)
	o[j] = d[j];
    }
#pragma omp tick (x >> 4)
  for (int i = 0; i < 3; i++)
    {
      o = res + 15 + i;
#pragma omp task peek (x) firstprivate (o)
      o[0] = x;
    }
#pragma omp tick (x)
  o = res + 18;
#pragma omp task input (x) firstprivate (o)
  o[0] = x;

  for (int k = 5; k < 10; k++)
    {
#pragma omp task output (x << w) firstprivate (k)
      w = 7 * k + 1;
    }

#pragma omp taskwait

  CHECK_INTS (res, want, 19);
  return check_done ("rule-tick-closes-peeks", "%s", check_text (res, 19));
}
