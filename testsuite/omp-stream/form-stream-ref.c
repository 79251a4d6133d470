/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Stream references: a stream_ref variable holds a handle and is read
   when an instance is created, so reassigning it redirects later
   instances only; a stream_ref parameter takes a stream or an element of
   an array of streams; a selection array holds a permutation of an array
   of streams (OMP-STREAM-SPEC.md 2.3).  r = xs[1] for two writers (11,
   12), then r = xs[0] for one (21); readers on xs[1] and xs[0] directly
   see 11 12 and 21.  put (xs[2], 31) writes through a stream_ref
   parameter; with sel[k] = xs[(k + 2) % 3], a reader of sel[0] sees 31.
   Writers through sel[k] write 40 + k; readers of xs[2], xs[0], xs[1]
   see 40 41 42.  */
/* { dg-do run } */
/* { dg-output "form-stream-ref: 11 12 21 31 40 41 42: ok" } */

#include "check.h"

static void
put (int s __attribute__ ((stream_ref)), int value)
{
  int v;
#pragma omp task output (s << v) firstprivate (value)
  v = value;
}

int
main (void)
{
  int xs[3] __attribute__ ((stream));
  int r __attribute__ ((stream_ref));
  int sel[3] __attribute__ ((stream_ref));
  int v, w[2];
  int got[7] = { -1, -1, -1, -1, -1, -1, -1 };
  int want[7] = { 11, 12, 21, 31, 40, 41, 42 };
  int *out = got;

  r = xs[1];
#pragma omp task output (r << v)
  v = 11;
#pragma omp task output (r << v)
  v = 12;
  r = xs[0];
#pragma omp task output (r << v)
  v = 21;

#pragma omp task input (xs[1] >> w[2]) firstprivate (out)
  {
    out[0] = w[0];
    out[1] = w[1];
  }
#pragma omp task input (xs[0] >> v) firstprivate (out)
  out[2] = v;

  put (xs[2], 31);
  for (int k = 0; k < 3; k++)
    sel[k] = xs[(k + 2) % 3];
#pragma omp task input (sel[0] >> v) firstprivate (out)
  out[3] = v;

  for (int k = 0; k < 3; k++)
    {
#pragma omp task output (sel[k] << v) firstprivate (k)
      v = 40 + k;
    }
#pragma omp task input (xs[2] >> v) firstprivate (out)
  out[4] = v;
#pragma omp task input (xs[0] >> v) firstprivate (out)
  out[5] = v;
#pragma omp task input (xs[1] >> v) firstprivate (out)
  out[6] = v;

#pragma omp taskwait

  CHECK_INTS (got, want, 7);
  return check_done ("form-stream-ref", "%s", check_text (got, 7));
}
