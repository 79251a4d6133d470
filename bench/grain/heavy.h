/* SPDX-License-Identifier: GPL-3.0-or-later */
/* heavy.h -- the grain benchmark "heavy-stage" (bench/grain): a source,
   one stateless stage doing about 90 % of the work, and a sink, over a
   stream of floats in blocks of HEAVY_BLOCK elements.  What its three
   programs share: the input, the stage and the command line.  The stage
   evaluates a polynomial of degree HEAVY_DEGREE per element (Horner's
   rule, float), which keeps one core busy: a stage a compiler should
   split into workers, one per core.

   Every program computes OUT[e] = heavy_poly (heavy_input (e)) for e
   from 0 to 2^LOG2 - 1 in the same float operations (compiled with
   -ffp-contract=off), so every implementation gives the sequential
   loop's bits.  */
#ifndef BENCH_GRAIN_HEAVY_H
#define BENCH_GRAIN_HEAVY_H

#include "grain.h"

/* Elements per block: the burst of both streams.  */
#define HEAVY_BLOCK 1024
/* Degree of the stage's polynomial.  */
#define HEAVY_DEGREE 64
/* log2 of the elements of a run: default, least and most.  */
#define HEAVY_LOG2 22
#define HEAVY_LOG2_MIN 10
#define HEAVY_LOG2_MAX 28

/* The source's element E: a hash of E spread over [-1, 1).  */
static inline float
heavy_input (long e)
{
  uint32_t h = (uint32_t) e * 2654435761u;
  return (float) (h >> 8) * (2.0f / 16777216.0f) - 1.0f;
}

/* The stage: sum over k of c_k x^k, c_k = (-1)^k / (k + 1), by Horner's
   rule from the highest degree down.  */
static inline float
heavy_poly (float x)
{
  float y = 0.0f;
  for (int k = HEAVY_DEGREE; k >= 0; k--)
    y = y * x + (k % 2 ? -1.0f : 1.0f) / (float) (k + 1);
  return y;
}

/* The stage over a block: Y[k] = heavy_poly (X[k]) for K < N.  */
static inline void
heavy_block (float *restrict y, const float *restrict x, long n)
{
  for (long k = 0; k < n; k++)
    y[k] = heavy_poly (x[k]);
}

/* The source over a block: W[k] = heavy_input (E0 + k) for K < N.  */
static inline void
heavy_source (float *restrict w, long e0, long n)
{
  for (long k = 0; k < n; k++)
    w[k] = heavy_input (e0 + k);
}

/* Parse PROG's command line (--log2 L, elements 2^L, a multiple of
   HEAVY_BLOCK; --verify is accepted and changes nothing: the driver
   compares digests) into *N and allocate OUT.  Returns 0, or -1 after
   the usage on stderr.  */
static inline int
heavy_setup (int argc, char **argv, const char *prog, long *n, float **out)
{
  long l = HEAVY_LOG2;
  int verify;
  const struct grain_opt opts[] = {
    { "log2", &l, HEAVY_LOG2_MIN, HEAVY_LOG2_MAX, "log2 of the elements" },
  };
  if (grain_parse (argc, argv, prog, opts, 1, &verify))
    return -1;
  *n = 1L << l;
  *out = grain_alloc (prog, *n, sizeof (float));
  memset (*out, 0, *n * sizeof (float));
  return 0;
}

/* Print IMPL's summary line for N elements in SECS seconds (the digest
   of OUT) and free OUT; returns the exit status.  */
static inline int
heavy_finish (const char *impl, long n, float *out, double secs)
{
  char params[96];
  snprintf (params, sizeof params, "%ld elements, blocks of %d, degree %d",
	    n, HEAVY_BLOCK, HEAVY_DEGREE);
  uint64_t d = grain_digest (out, n * sizeof (float));
  free (out);
  return grain_report ("heavy-stage", impl, params, secs, d, 0, 0.0, 0.0);
}

#endif /* BENCH_GRAIN_HEAVY_H */
