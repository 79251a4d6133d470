/* SPDX-License-Identifier: GPL-3.0-or-later */
/* chain8.h -- the grain benchmark "chain8" (bench/grain): eight cheap
   element-wise stages over a stream of floats, in blocks of
   CHAIN8_BLOCK elements.  What its three programs share: the input, the
   eight stages and the command line.  Each stage is a few operations
   per element, far less than what passing a block between two
   processes costs: a chain a compiler should fuse into one loop.

   Every program computes OUT[e] = s8 (s7 (... s1 (IN[e]))) for e from 0
   to 2^LOG2 - 1, each stage in float arithmetic in the same order (the
   programs are compiled with -ffp-contract=off), so every
   implementation gives the sequential loop's bits.  */
#ifndef BENCH_GRAIN_CHAIN8_H
#define BENCH_GRAIN_CHAIN8_H

#include <math.h>
#include "grain.h"

/* Elements per block: the burst of every stream of the chain.  */
#define CHAIN8_BLOCK 64
/* log2 of the elements of a run: default, least and most.  */
#define CHAIN8_LOG2 22
#define CHAIN8_LOG2_MIN 6
#define CHAIN8_LOG2_MAX 28

/* Input element E: a hash of E spread over [-4, 4).  */
static inline float
chain8_input (long e)
{
  uint32_t h = (uint32_t) e * 2654435761u;
  return (float) (h >> 8) * (8.0f / 16777216.0f) - 4.0f;
}

/* The stages, one element each: scale, offset, clip, square, affine,
   absolute value, saturation x / (1 + x), final scale and offset.  */
static inline float chain8_s1 (float x) { return 1.5f * x; }
static inline float chain8_s2 (float x) { return x + 0.25f; }
static inline float chain8_s3 (float x) { return x < -2.0f ? -2.0f : x > 2.0f ? 2.0f : x; }
static inline float chain8_s4 (float x) { return x * x; }
static inline float chain8_s5 (float x) { return 0.75f * x - 1.0f; }
static inline float chain8_s6 (float x) { return fabsf (x); }
static inline float chain8_s7 (float x) { return x / (1.0f + x); }
static inline float chain8_s8 (float x) { return 3.0f * x + 0.5f; }

/* Stage S (1 to 8) of one element: chain8_sS (X).  */
static inline float
chain8_stage (int s, float x)
{
  switch (s)
    {
    case 1: return chain8_s1 (x);
    case 2: return chain8_s2 (x);
    case 3: return chain8_s3 (x);
    case 4: return chain8_s4 (x);
    case 5: return chain8_s5 (x);
    case 6: return chain8_s6 (x);
    case 7: return chain8_s7 (x);
    default: return chain8_s8 (x);
    }
}

/* The eight stages of one element, in order.  */
static inline float
chain8_all (float x)
{
  return chain8_s8 (chain8_s7 (chain8_s6 (chain8_s5 (chain8_s4 (
	   chain8_s3 (chain8_s2 (chain8_s1 (x))))))));
}

/* Parse PROG's command line (--log2 L, elements 2^L; --verify is
   accepted and changes nothing: the driver compares digests) into
   *N (elements), and allocate and fill IN and allocate OUT.  Returns 0,
   or -1 after a message on stderr (grain_parse).  */
static inline int
chain8_setup (int argc, char **argv, const char *prog, long *n, float **in,
	      float **out)
{
  long l = CHAIN8_LOG2;
  int verify;
  const struct grain_opt opts[] = {
    { "log2", &l, CHAIN8_LOG2_MIN, CHAIN8_LOG2_MAX, "log2 of the elements" },
  };
  if (grain_parse (argc, argv, prog, opts, 1, &verify))
    return -1;
  *n = 1L << l;
  *in = grain_alloc (prog, *n, sizeof (float));
  *out = grain_alloc (prog, *n, sizeof (float));
  for (long e = 0; e < *n; e++)
    (*in)[e] = chain8_input (e);
  memset (*out, 0, *n * sizeof (float));
  return 0;
}

/* Print IMPL's summary line for N elements in SECS seconds (the digest
   of OUT) and free IN and OUT; returns the exit status.  */
static inline int
chain8_finish (const char *impl, long n, float *in, float *out, double secs)
{
  char params[64];
  snprintf (params, sizeof params, "%ld elements, blocks of %d", n,
	    CHAIN8_BLOCK);
  uint64_t d = grain_digest (out, n * sizeof (float));
  free (in);
  free (out);
  return grain_report ("chain8", impl, params, secs, d, 0, 0.0, 0.0);
}

#endif /* BENCH_GRAIN_CHAIN8_H */
