/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cholesky-seq.c -- the "sequential" implementation of the grain
   benchmark cholesky (cholesky.h): the blocked loop nest over the tiles,
   one thread (OpenBLAS's kernels on one thread).  The reference every
   other tile program's digest must equal.

   Usage: grain-cholesky-seq [--log2 L] [--block-log2 B] [--verify].
   Prints the summary line (grain.h); exit status 0, 1 on a wrong
   result, 2 on bad usage.  */
#include "cholesky.h"

int
main (int argc, char **argv)
{
  static const char prog[] = "grain-cholesky-seq";
  struct chol_run r;
  if (chol_setup (argc, argv, prog, &r, 1))
    return 2;
  double t0 = grain_now ();
  int info = chol_seq (&r);
  double secs = grain_now () - t0;
  return chol_finish (prog, "sequential", &r, info, secs);
}
