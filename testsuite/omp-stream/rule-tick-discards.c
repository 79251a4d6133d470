/* SPDX-License-Identifier: GPL-3.0-or-later */ /* tick (s >> n) is a reader of n elements with no body, created at that
   point of the control program: it discards [r, r + n) and moves the read
   counter on by n; the count defaults to 1, may be a run-time value, the
   stream may be an element of an array of streams, one tick pragma may
   name several streams, and a tick never waits for data
   (OMP-STREAM-SPEC.md 4, 6.5; task.h, er_stream_tick).  Every reader
   and tick is created before any writer.  Writer k of x writes 100 + k
   at position k (twelve writers).  In creation order:
     input (x)                  [0]       100
     tick (x >> 2)              [1, 3)
     input (x >> v[2])          [3, 5)    103 104
     tick (x) (ys[j] >> 2)      x [5]; ys[1] [0, 2)
     input (x >> a)             [6]       106
     tick (x >> n), n = 3       [7, 10)
     input (x >> v[2])          [10, 12)  110 111
     input (ys[j] >> v[2])      ys[1] [2, 4): 43 44 of the writer's 41 42 43 44
   with j = 1 and n = 3 computed at run time.  */
/* { dg-do run } */
/* { dg-output "rule-tick-discards: 100 103 104 106 110 111 43 44: ok" } */

#include "check.h"

int
main (int argc, char **argv)
{
  int x __attribute__ ((stream));
  int ys[2] __attribute__ ((stream));
  int j = argc > 100 ? 0 : 1;
  int n = argc > 100 ? 1 : 3;
  int a, v[2], w, y4[4];
  int res[8];
  int want[8] = { 100, 103, 104, 106, 110, 111, 43, 44 };
  int *o;

  (void) argv;
  for (int k = 0; k < 8; k++)
    res[k] = -1;

  o = res + 0;
#pragma omp task input (x) firstprivate (o)
  o[0] = x;
#pragma omp tick (x >> 2)
  o = res + 1;
#pragma omp task input (x >> v[2]) firstprivate (o)
  {
    o[0] = v[0];
    o[1] = v[1];
  }
#pragma omp tick (x) (ys[j] >> 2)
  o = res + 3;
#pragma omp task input (x >> a) firstprivate (o)
  o[0] = a;
#pragma omp tick (x >> n)
  o = res + 4;
#pragma omp task input (x >> v[2]) firstprivate (o)
  {
    o[0] = v[0];
    o[1] = v[1];
  }
  o = res + 6;
#pragma omp task input (ys[j] >> v[2]) firstprivate (o)
  {
    o[0] = v[0];
    o[1] = v[1];
  }

  for (int k = 0; k < 12; k++)
    {
#pragma omp task output (x << w) firstprivate (k)
      w = 100 + k;
    }
#pragma omp task output (ys[j] << y4[4])
  for (int k = 0; k < 4; k++)
    y4[k] = 41 + k;

#pragma omp taskwait

  CHECK_INTS (res, want, 8);
  return check_done ("rule-tick-discards", "%s", check_text (res, 8));
}
