/* SPDX-License-Identifier: GPL-3.0-or-later */ /* inout_reuse (a >> v[N] >> b): an input of N elements from a and an
   output of N elements to b through the same buffer, so the body passes
   on whatever it leaves in the window (OMP-STREAM-SPEC.md section 8, row
   t020_inout_reuse; 3.4).  x is a VLA of 10 streams.  The first task
   writes 12345 + j (j = 0 .. 9) on x[0]; relay i (i = 0 .. 7) reads
   x[i] and writes x[i + 1] with inout_reuse, recording v[0] and then
   adding 1 to v[0] and 10 to v[9], leaving v[1 .. 8] alone; the last
   task reads x[8].  Relay i therefore sees v[0] = 12345 + i (the chain
   in order), and the last task sees 12353, 12346 .. 12353 unchanged, and
   12354 + 80 = 12434.  */
/* { dg-do run } */
/* { dg-output "row-t020-inout-reuse-chain: 12345 12346 12347 12348 12349 12350 12351 12352 / 12353 12346 12347 12348 12349 12350 12351 12352 12353 12434: ok" } */

#include "check.h"

int
main (int argc, char **argv)
{
  int chain = 10 + (argc > 100);
  int x[chain] __attribute__ ((stream));
  int v[10];
  int seen[8], fin[10];
  int want_seen[8], want_fin[10];
  int *sp = seen, *fp = fin;

  (void) argv;
  for (int i = 0; i < 8; i++)
    {
      seen[i] = -1;
      want_seen[i] = 12345 + i;
    }
  for (int j = 0; j < 10; j++)
    {
      fin[j] = -1;
      want_fin[j] = 12345 + j;
    }
  want_fin[0] = 12353;
  want_fin[9] = 12434;

#pragma omp task output (x[0] << v[10])
  for (int j = 0; j < 10; j++)
    v[j] = 12345 + j;

  for (int i = 0; i < chain - 2; i++)
    {
#pragma omp task inout_reuse (x[i] >> v[10] >> x[i + 1]) firstprivate (sp, i)
      {
	sp[i] = v[0];
	v[0] += 1;
	v[9] += 10;
      }
    }

#pragma omp task input (x[chain - 2] >> v[10]) firstprivate (fp)
  for (int j = 0; j < 10; j++)
    fp[j] = v[j];

#pragma omp taskwait

  CHECK_INTS (seen, want_seen, 8);
  CHECK_INTS (fin, want_fin, 10);
  return check_done ("row-t020-inout-reuse-chain", "%s / %s",
		     check_text (seen, 8), check_text (fin, 10));
}
