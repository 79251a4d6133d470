/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cholesky-openblas.c -- the "openblas" peer of the grain benchmark
   cholesky (cholesky.h): LAPACK's dpotrf from OpenBLAS on the whole
   column-major matrix, OpenBLAS's threads on every core (its default
   on this machine).  --verify bounds the distance of its factor to the
   sequential tile program's, computed afterwards in the same process.

   Usage: grain-cholesky-openblas [--log2 L] [--block-log2 B] [--verify]
   (the tile side serves only the check).  Prints the summary line
   (grain.h); exit status 0, 1 on a wrong result, 2 on bad usage.  */
#include "cholesky.h"

int
main (int argc, char **argv)
{
  static const char prog[] = "grain-cholesky-openblas";
  struct chol_run r;
  if (chol_setup (argc, argv, prog, &r, 1))
    return 2;
  long n = r.n;
  double *a = chol_dense (prog, n);
  int nn = (int) n, info;
  openblas_set_num_threads (2);

  double t0 = grain_now ();
  dpotrf_ ("L", &nn, a, &nn, &info);
  double secs = grain_now () - t0;

  char params[64];
  snprintf (params, sizeof params, "N %ld", n);
  double err = 0.0;
  if (info)
    {
      fprintf (stderr, "%s: dpotrf failed (info %d)\n", prog, info);
      err = INFINITY;
    }
  else if (r.verify)
    {
      openblas_set_num_threads (1);
      info = chol_seq (&r);
      err = info ? INFINITY : chol_distance (&r, a);
    }
  /* The digest of the lower triangle, column by column.  */
  uint64_t d = 14695981039346656037ull;
  for (long c = 0; c < n; c++)
    d ^= grain_digest (a + c * n + c, (n - c) * sizeof (double)) + c;
  free (a);
  free (r.tiles);
  return grain_report ("cholesky", "openblas", params, secs, d,
		       r.verify || info, err, CHOL_BOUND) || info;
}
