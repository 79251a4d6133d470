/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The shared clause: the task reaches the control program's variable
   through its address, so what the body writes is what the control
   program reads after a taskwait, and what the control program wrote
   before the creation is what the body reads (OpenMP's shared
   data-sharing attribute; OMP-STREAM-SPEC.md 6.8: OpenStream's shared
   "may not work in most cases" and rejects what needs marshalling,
   docs/omp-stream.md).  A scalar total and an array hist (of a
   size known only at run time) are shared; four writers send 1..4, 5..8,
   9..12, 13..16, and the readers, one per burst, add their window to
   total and count each value's parity in hist: total 136, hist 8 8.
   Then base, shared, is set to 100 before a last writer that sends
   base + 1, which a reader stores through a shared pointer: 101.  */
/* { dg-do run } */
/* { dg-output "form-shared-clause: total 136, hist 8 8, last 101: ok" } */

#include "check.h"

__attribute__ ((noinline)) static int
two (void)
{
  return 2;
}

int
main (void)
{
  int x __attribute__ ((stream));
  int n = two ();
  int hist[n];
  int total = 0;
  int w[4], r[4];

  hist[0] = hist[1] = 0;
  for (int b = 0; b < 4; b++)
    {
#pragma omp task output (x << w[4]) firstprivate (b)
      for (int k = 0; k < 4; k++)
	w[k] = 4 * b + k + 1;
      /* One reader at a time: each waits for the previous one through the
	 serializing taskwait, so the shared updates do not race.  */
#pragma omp task input (x >> r[4]) shared (total, hist)
      for (int k = 0; k < 4; k++)
	{
	  total += r[k];
	  hist[r[k] % 2]++;
	}
#pragma omp taskwait
    }

  int base = 0, last = -1, w1, r1;
  int *lp = &last;
  base = 100;
#pragma omp task output (x << w1) shared (base)
  w1 = base + 1;
#pragma omp task input (x >> r1) shared (lp)
  *lp = r1;
#pragma omp taskwait

  CHECK_EQ (total, 136);
  CHECK_EQ (hist[0], 8);
  CHECK_EQ (hist[1], 8);
  CHECK_EQ (last, 101);
  return check_done ("form-shared-clause", "total %d, hist %d %d, last %d",
		     total, hist[0], hist[1], last);
}
