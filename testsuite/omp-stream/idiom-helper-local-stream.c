/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A helper function declares a local stream that links two tasks it
   creates, and returns while they are pending: the stream outlives the
   call as long as its tasks hold it (OMP-STREAM-SPEC.md 6.12, after
   examples/fmradio's temp_stream; 6.9).  twice_plus_one (in, out, n)
   creates a task doubling n elements of in into its local stream mid and
   a task adding 1 to n elements of mid into out (windows of run-time size
   n = 4, VLA views, loop bodies).  main calls it three times, creates the
   three readers of dst, and only then the writers of src, so every
   helper has returned before any of its tasks can run.  Round r writes
   10 * r + j (j = 0 .. 3) and reads back 2 * (10 * r + j) + 1, whose sum
   is 80 * r + 16: 16 96 176.  */
/* { dg-do run } */
/* { dg-output "idiom-helper-local-stream: 16 96 176: ok" } */

#include "check.h"

static void
twice_plus_one (int in __attribute__ ((stream)),
		int out __attribute__ ((stream)), int n)
{
  int mid __attribute__ ((stream));
  int a[n], m[n], b[n], o[n];

#pragma omp task input (in >> a[n]) output (mid << m[n]) firstprivate (n)
  for (int j = 0; j < n; j++)
    m[j] = 2 * a[j];

#pragma omp task input (mid >> b[n]) output (out << o[n]) firstprivate (n)
  for (int j = 0; j < n; j++)
    o[j] = b[j] + 1;
}

int
main (void)
{
  int src __attribute__ ((stream));
  int dst __attribute__ ((stream));
  int w[4], z[4];
  int res[3] = { -1, -1, -1 };
  int want[3] = { 16, 96, 176 };
  int *out = res;

  for (int r = 0; r < 3; r++)
    twice_plus_one (src, dst, 4);
  for (int r = 0; r < 3; r++)
    {
#pragma omp task input (dst >> z[4]) firstprivate (out, r)
      out[r] = z[0] + z[1] + z[2] + z[3];
    }
  for (int r = 0; r < 3; r++)
    {
#pragma omp task output (src << w[4]) firstprivate (r)
      for (int j = 0; j < 4; j++)
	w[j] = 10 * r + j;
    }

#pragma omp taskwait

  CHECK_INTS (res, want, 3);
  return check_done ("idiom-helper-local-stream", "%s", check_text (res, 3));
}
