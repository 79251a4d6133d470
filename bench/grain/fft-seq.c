/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fft-seq.c -- the "sequential" implementation of the grain benchmark
   fft_1d (fft.h): the same decomposition in plain loops, one thread
   (splits level by level into scratch arrays, the leaves by FFTW's plan
   of size N2, merges level by level).  The reference the stream
   program's digest must equal.

   Usage: grain-fft-seq [--log2 L] [--radix R] [--verify].  Prints the
   summary line (grain.h); exit status 0, 1 on a wrong result, 2 on bad
   usage.  */
#include "fft.h"

int
main (int argc, char **argv)
{
  static const char prog[] = "grain-fft-seq";
  struct fft_run r;
  if (fft_setup (argc, argv, prog, &r, NULL))
    return 2;
  long n = r.n;
  /* Two scratch arrays of N points, used in turn by the levels.  */
  fft_cplx *a = grain_alloc (prog, n, sizeof (fft_cplx));
  fft_cplx *b = grain_alloc (prog, n, sizeof (fft_cplx));
  fft_cplx *out = grain_alloc (prog, n, sizeof (fft_cplx));

  double t0 = grain_now ();
  memcpy (a, r.input, n * sizeof *a);
  for (long i = 0; i < r.radix; i++)
    {
      long bs = n >> i;
      for (long k = 0; k < (1L << i); k++)
	fft_split (b + 2 * k * (bs / 2), b + (2 * k + 1) * (bs / 2),
		   a + k * bs, bs);
      fft_cplx *t = a;
      a = b;
      b = t;
    }
  for (long k = 0; k < (1L << r.radix); k++)
    fft_leaf (r.leaf, a + k * r.n2, b + k * r.n2);
  for (long i = r.radix - 1; i >= 0; i--)
    {
      long bs = n >> i;
      fft_cplx *dst = i == 0 ? out : a;
      for (long k = 0; k < (1L << i); k++)
	fft_merge (dst + k * bs, b + 2 * k * (bs / 2),
		   b + (2 * k + 1) * (bs / 2), r.twid[i], bs);
      fft_cplx *t = a;
      a = b;
      b = t;
    }
  double secs = grain_now () - t0;
  free (a);
  free (b);
  return fft_finish (prog, "sequential", &r, out, secs);
}
