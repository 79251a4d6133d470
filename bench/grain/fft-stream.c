/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fft-stream.c -- the grain benchmark fft_1d (fft.h) as an OpenMP
   stream program, pure streaming as OpenStream's radix_fft_stream_pure,
   compiled by the Erbium plugin with -fopenmp: the "auto"
   implementation with the plugin's defaults, the "off" one with fusion
   and splitting turned off (bench/grain/grain.mk).

   Every block of every level is a stream of its own, in one array of
   streams: sp[SPLIT (I, K)] holds block K of level I of the splits
   (level 0: the input; level R: the leaves), sp[MERGED (I, K)] the
   transform of that block.  Five sites: the source writes the input on
   the level-0 stream; a split instance reads a block (its window, the
   whole block) and writes its even and odd points on the two streams of
   the next level; a leaf instance transforms a leaf with FFTW's plan;
   a merge instance reads the transforms of two halves and writes the
   block's; the sink copies the level-0 transform out.  Each stream has
   one writer and one reader, one window each: every instance gets its
   data by the positions assigned at creation (OMP-STREAM-SPEC.md,
   section 6.1), whichever runs when.

   Usage: grain-fft-{auto,off} [--log2 L] [--radix R] [--verify].
   Prints the summary line (grain.h); exit status 0, 1 on a wrong
   result, 2 on bad usage.  */
#include "fft.h"

#ifndef GRAIN_IMPL
#define GRAIN_IMPL "auto"
#endif

/* The stream of block K of level I of the splits, and of its
   transform, among 2 * (2^(R + 1) - 1) streams.  */
#define SPLIT(I, K) (((1L << (I)) - 1) + (K))
#define MERGED(I, K) ((2L << radix) - 1 + SPLIT (I, K))

int
main (int argc, char **argv)
{
  static const char prog[] = "grain-fft-" GRAIN_IMPL;
  struct fft_run r;
  if (fft_setup (argc, argv, prog, &r, NULL))
    return 2;
  long n = r.n, radix = r.radix;
  fft_cplx *out = grain_alloc (prog, n, sizeof (fft_cplx));
  const fft_cplx *in = r.input;
  fftw_plan leaf = r.leaf;

  double t0 = grain_now ();
  {
    fft_cplx sp[2 * ((2L << radix) - 1)] __attribute__ ((stream));
    {
      fft_cplx vo[n];
#pragma omp task output (sp[SPLIT (0, 0)] << vo[n]) firstprivate (in, n) \
		 task_name (source)
      memcpy (vo, in, n * sizeof *vo);
    }
    for (long i = 0; i < radix; i++)
      for (long k = 0; k < (1L << i); k++)
	{
	  long bs = n >> i, h = bs / 2;
	  fft_cplx vi[bs], ve[h], vd[h];
#pragma omp task input (sp[SPLIT (i, k)] >> vi[bs]) \
		 output (sp[SPLIT (i + 1, 2 * k)] << ve[h]) \
		 output (sp[SPLIT (i + 1, 2 * k + 1)] << vd[h]) \
		 firstprivate (bs) task_name (split)
	  fft_split (ve, vd, vi, bs);
	}
    for (long k = 0; k < (1L << radix); k++)
      {
	long n2 = r.n2;
	fft_cplx vi[n2], vo[n2];
#pragma omp task input (sp[SPLIT (radix, k)] >> vi[n2]) \
		 output (sp[MERGED (radix, k)] << vo[n2]) firstprivate (leaf) \
		 task_name (leaf)
	fft_leaf (leaf, vi, vo);
      }
    for (long i = radix - 1; i >= 0; i--)
      for (long k = 0; k < (1L << i); k++)
	{
	  long bs = n >> i, h = bs / 2;
	  const fft_cplx *w = r.twid[i];
	  fft_cplx ve[h], vd[h], vo[bs];
#pragma omp task input (sp[MERGED (i + 1, 2 * k)] >> ve[h]) \
		 input (sp[MERGED (i + 1, 2 * k + 1)] >> vd[h]) \
		 output (sp[MERGED (i, k)] << vo[bs]) firstprivate (w, bs) \
		 task_name (merge)
	  fft_merge (vo, ve, vd, w, bs);
	}
    {
      fft_cplx vi[n];
#pragma omp task input (sp[MERGED (0, 0)] >> vi[n]) firstprivate (out, n) \
		 task_name (sink)
      memcpy (out, vi, n * sizeof *vi);
    }
#pragma omp taskwait
  }
  double secs = grain_now () - t0;
  return fft_finish (prog, GRAIN_IMPL, &r, out, secs);
}
