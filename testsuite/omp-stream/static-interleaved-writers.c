/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Where the static conversion must not happen (docs/omp-stream.md, "Static
   conversion"): two writer sites of the stream x created in turn in one
   loop interleave their positions (OMP-STREAM-SPEC.md 6.2): writer A's
   instance k gets position 2k, writer B's 2k + 1.  One range per site
   would give A positions 0 .. N-1 and B N .. 2N-1.  The reader loop
   (converted: one site reads x) takes two at a time: A's k then B's k.
   testsuite/omp-stream-dg/static-reasons.c checks the dump's reason.  */
/* { dg-do run } */
/* { dg-output "static-interleaved-writers: 500 pairs in creation order: ok" } */

#include "check.h"

#define N 500

static int pairs[N];

int
main (void)
{
  int x __attribute__ ((stream));
  int e, r[2];
  int *pp = pairs;

  for (int k = 0; k < N; k++)
    {
#pragma omp task output (x << e) firstprivate (k)
      e = 1000 + k;
#pragma omp task output (x << e) firstprivate (k)
      e = 5000 + k;
    }
  for (int k = 0; k < N; k++)
    {
#pragma omp task input (x >> r[2]) firstprivate (k, pp)
      pp[k] = r[0] == 1000 + k && r[1] == 5000 + k ? k + 1 : -1;
    }

#pragma omp taskwait

  for (int k = 0; k < N; k++)
    CHECK_EQ (pairs[k], k + 1);
  return check_done ("static-interleaved-writers", "%d pairs in creation "
		     "order", N);
}
