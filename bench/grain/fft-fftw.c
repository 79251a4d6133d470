/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fft-fftw.c -- the peers "fftw-1t" and "fftw-2t" of the grain
   benchmark fft_1d (fft.h): FFTW's plan of size N (FFTW_ESTIMATE, out of
   place, planned before the clock starts) on --threads T threads
   (FFTW's threads interface).

   Usage: grain-fft-fftw [--threads T] [--log2 L] [--radix R]
   [--verify] (the radix is not used; options in any order, --help).  Prints the summary line
   (grain.h) as impl fftw-Tt; exit status 0, 1 on a wrong result, 2 on
   bad usage.  */
#include "fft.h"

int
main (int argc, char **argv)
{
  static const char prog[] = "grain-fft-fftw";
  long threads = 1;
  struct fft_run r;
  if (fft_setup (argc, argv, prog, &r, &threads))
    return 2;
  if (!fftw_init_threads ())
    {
      fprintf (stderr, "%s: fftw_init_threads failed\n", prog);
      return 1;
    }
  fftw_plan_with_nthreads ((int) threads);
  fft_cplx *src = grain_alloc (prog, r.n, sizeof (fft_cplx));
  fft_cplx *out = grain_alloc (prog, r.n, sizeof (fft_cplx));
  fftw_plan p = fftw_plan_dft_1d ((int) r.n, src, out, FFTW_FORWARD,
				  FFTW_ESTIMATE);
  memcpy (src, r.input, r.n * sizeof *src);

  double t0 = grain_now ();
  fftw_execute (p);
  double secs = grain_now () - t0;

  fftw_destroy_plan (p);
  free (src);
  char impl[16];
  snprintf (impl, sizeof impl, "fftw-%ldt", threads);
  int st = fft_finish (prog, impl, &r, out, secs);
  fftw_cleanup_threads ();
  return st;
}
