/* SPDX-License-Identifier: GPL-3.0-or-later */
/* seidel-seq.c -- the "sequential" implementation of the grain benchmark
   seidel (seidel.h): the same blocked sweeps in one loop nest (sweeps,
   block rows, block columns), one thread.  The reference every other
   implementation's digest must equal.

   Usage: grain-seidel-seq [--log2 L] [--block-log2 B] [--iters T]
   [--verify].  Prints the summary line (grain.h); exit status 0, 2 on
   bad usage.  */
#include "seidel.h"

int
main (int argc, char **argv)
{
  struct seidel_run r;
  if (seidel_setup (argc, argv, "grain-seidel-seq", &r))
    return 2;
  double t0 = grain_now ();
  for (long t = 0; t < r.iters; t++)
    for (long bi = 0; bi < r.nb; bi++)
      for (long bj = 0; bj < r.nb; bj++)
	seidel_block (&r, bi, bj);
  return seidel_finish ("sequential", &r, grain_now () - t0);
}
