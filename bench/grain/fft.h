/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fft.h -- the grain benchmark "fft_1d" (bench/grain): a 1-D complex
   FFT of N = 2^L points, as OpenStream's radix_fft_stream_pure
   (OMP-STREAM-SPEC.md, section 9.1).  What its programs share: the
   input, the decomposition, the check and the command line.

   The decomposition (decimation in time, radix 2, R levels): level I
   (0 to R - 1) splits each of its 2^I blocks of N / 2^I points into
   its even and its odd points; the 2^R leaves of N2 = N / 2^R points
   are transformed by FFTW (a plan of size N2, FFTW_ESTIMATE, one
   thread, as OpenStream's leaves); then, from level R - 1 up to 0, the
   transforms of the two halves of each block are merged with the
   twiddles of its size (fft_merge).  The stream program and the
   sequential one run the same operations, so they give the same bits.

   --verify compares the result with FFTW's plan of size N (one thread)
   and, independently of FFTW, FFT_PROBES bins with the direct sum in
   long double: the relative error is the largest distance over the
   largest magnitude of the reference, bounded by FFT_BOUND (the
   rounding of a radix-2 FFT of 2^24 points in double is about 1e-15
   of it).  */
#ifndef BENCH_GRAIN_FFT_H
#define BENCH_GRAIN_FFT_H

#include <complex.h>
#include <math.h>
#include <fftw3.h>
#include "grain.h"

/* Defaults and limits: log2 of N, the levels R.  */
#define FFT_LOG2 22
#define FFT_RADIX 3
/* Bins checked by the direct sum, and the bound of the relative error.  */
#define FFT_PROBES 8
#define FFT_BOUND 1e-10

typedef double _Complex fft_cplx;

/* A run: N, R, N2 = N >> R, the input, the twiddles of each level
   (level I: exp (-2 pi i m / (N >> I)) for m < (N >> I) / 2), the
   leaves' plan, VERIFY.  */
struct fft_run
{
  long n, radix, n2;
  fft_cplx *input;
  fft_cplx **twid;
  fftw_plan leaf;
  int verify;
};

/* Input point E: real and imaginary parts a hash of E in [-1, 1).  */
static inline fft_cplx
fft_input (long e)
{
  uint64_t h = ((uint64_t) e + 1) * 0x9e3779b97f4a7c15ull;
  double re = (double) (h >> 40) / 8388608.0 - 1.0;
  double im = (double) ((h >> 16) & 0xffffff) / 8388608.0 - 1.0;
  return re + im * I;
}

/* Split the N points of IN into its even points (E) and odd ones (O).  */
static inline void
fft_split (fft_cplx *restrict e, fft_cplx *restrict o,
	   const fft_cplx *restrict in, long n)
{
  for (long k = 0; k < n / 2; k++)
    {
      e[k] = in[2 * k];
      o[k] = in[2 * k + 1];
    }
}

/* Merge the transforms E and O of the even and odd halves of a block of
   N points into its transform OUT, with the twiddles W of size N.  */
static inline void
fft_merge (fft_cplx *restrict out, const fft_cplx *restrict e,
	   const fft_cplx *restrict o, const fft_cplx *restrict w, long n)
{
  long h = n / 2;
  for (long m = 0; m < h; m++)
    {
      fft_cplx t = o[m] * w[m];
      out[m] = e[m] + t;
      out[m + h] = e[m] - t;
    }
}

/* Transform leaf IN into OUT with the plan P (of the leaves' size,
   planned FFTW_UNALIGNED).  IN is only read: an out-of-place complex
   plan preserves its input (FFTW's default), which the const says to
   the compiler.  */
static inline void
fft_leaf (fftw_plan p, const fft_cplx *in, fft_cplx *out)
{
  fftw_execute_dft (p, (fft_cplx *) in, out);
}

/* Parse PROG's command line into R (--log2 L, --radix R <= L - 1,
   --verify) and, when THREADS is not NULL, --threads T (1 to 64) into
   *THREADS, which holds its default; allocate and fill the input and the
   twiddles, and plan the leaves.  Returns 0, or -1 after a message on
   stderr (grain_parse).  */
static inline int
fft_setup (int argc, char **argv, const char *prog, struct fft_run *r,
	   long *threads)
{
  long l = FFT_LOG2;
  r->radix = FFT_RADIX;
  const struct grain_opt opts[] = {
    { "log2", &l, 2, 26, "log2 of the points" },
    { "radix", &r->radix, 1, 8, "levels split before the leaves" },
    { "threads", threads, 1, 64, "threads" },
  };
  if (grain_parse (argc, argv, prog, opts, threads ? 3 : 2, &r->verify)
      || r->radix >= l)
    {
      if (r->radix >= l)
	fprintf (stderr, "%s: --radix %ld not below --log2 %ld\n", prog,
		 r->radix, l);
      return -1;
    }
  r->n = 1L << l;
  r->n2 = r->n >> r->radix;
  r->input = grain_alloc (prog, r->n, sizeof (fft_cplx));
  for (long e = 0; e < r->n; e++)
    r->input[e] = fft_input (e);
  r->twid = grain_alloc (prog, r->radix, sizeof *r->twid);
  for (long i = 0; i < r->radix; i++)
    {
      long bs = r->n >> i;
      r->twid[i] = grain_alloc (prog, bs / 2, sizeof (fft_cplx));
      for (long m = 0; m < bs / 2; m++)
	r->twid[i][m] = cexp (-2.0 * M_PI * I * (double) m / (double) bs);
    }
  fft_cplx *a = grain_alloc (prog, r->n2, sizeof (fft_cplx));
  fft_cplx *b = grain_alloc (prog, r->n2, sizeof (fft_cplx));
  r->leaf = fftw_plan_dft_1d ((int) r->n2, a, b, FFTW_FORWARD,
			      FFTW_ESTIMATE | FFTW_UNALIGNED);
  free (a);
  free (b);
  return 0;
}

/* The relative error of OUT (R's transform): the largest distance to
   FFTW's plan of size N and to FFT_PROBES bins summed directly, over
   the largest magnitude of FFTW's result.  */
static inline double
fft_error (const char *prog, const struct fft_run *r, const fft_cplx *out)
{
  fft_cplx *ref = grain_alloc (prog, r->n, sizeof (fft_cplx));
  fft_cplx *tmp = grain_alloc (prog, r->n, sizeof (fft_cplx));
  memcpy (tmp, r->input, r->n * sizeof *tmp);
  fftw_plan p = fftw_plan_dft_1d ((int) r->n, tmp, ref, FFTW_FORWARD,
				  FFTW_ESTIMATE);
  fftw_execute (p);
  fftw_destroy_plan (p);
  double dmax = 0.0, mmax = 0.0;
  for (long k = 0; k < r->n; k++)
    {
      dmax = fmax (dmax, cabs (out[k] - ref[k]));
      mmax = fmax (mmax, cabs (ref[k]));
    }
  for (int q = 0; q < FFT_PROBES; q++)
    {
      long bin = (long) ((uint64_t) (q + 1) * 0x9e3779b97f4a7c15ull
			 % (uint64_t) r->n);
      long double re = 0.0L, im = 0.0L;
      for (long e = 0; e < r->n; e++)
	{
	  /* exp (-2 pi i e bin / N), the angle reduced exactly first.  */
	  long ph = (long) ((uint64_t) e * (uint64_t) bin
			    % (uint64_t) r->n);
	  long double a = -2.0L * acosl (-1.0L) * ph / r->n;
	  re += creal (r->input[e]) * cosl (a) - cimag (r->input[e]) * sinl (a);
	  im += creal (r->input[e]) * sinl (a) + cimag (r->input[e]) * cosl (a);
	}
      dmax = fmax (dmax, cabs (out[bin] - ((double) re + (double) im * I)));
    }
  free (ref);
  free (tmp);
  return mmax > 0.0 ? dmax / mmax : INFINITY;
}

/* Print IMPL's summary line for R's transform OUT, computed in SECS
   seconds (--verify: its error, fft_error), and free R's arrays and
   OUT.  Returns the exit status.  */
static inline int
fft_finish (const char *prog, const char *impl, struct fft_run *r,
	    fft_cplx *out, double secs)
{
  char params[64];
  snprintf (params, sizeof params, "%ld points, radix 2, %ld levels", r->n,
	    r->radix);
  double err = r->verify ? fft_error (prog, r, out) : 0.0;
  uint64_t d = grain_digest (out, r->n * sizeof (fft_cplx));
  fftw_destroy_plan (r->leaf);
  for (long i = 0; i < r->radix; i++)
    free (r->twid[i]);
  free (r->twid);
  free (r->input);
  free (out);
  return grain_report ("fft_1d", impl, params, secs, d, r->verify, err,
		       FFT_BOUND);
}

#endif /* BENCH_GRAIN_FFT_H */
