/* SPDX-License-Identifier: GPL-3.0-or-later */
/* seidel.h -- the grain benchmark "seidel" (bench/grain): 2-D
   Gauss-Seidel sweeps over an N x N grid in square blocks, as
   OpenStream's seidel (OMP-STREAM-SPEC.md, section 9.1).  What its three
   programs share: the grid, the block update and the command line.

   The grid holds (N + 2) x (N + 2) doubles, row-major, its outer ring
   fixed (the boundary).  A sweep replaces every inner point, in
   row-major order, by the mean of itself and its four neighbours, the
   ones above and to the left already of this sweep.  Done block by
   block, block (I, J) of sweep T needs blocks (I - 1, J) and (I, J - 1)
   of sweep T and blocks (I + 1, J) and (I, J + 1) of sweep T - 1; in
   any order that respects these, every point sees the same values, so
   every implementation gives the sequential sweeps' bits.  */
#ifndef BENCH_GRAIN_SEIDEL_H
#define BENCH_GRAIN_SEIDEL_H

#include "grain.h"

/* Defaults and limits: log2 of N, log2 of the block's side, sweeps.  */
#define SEIDEL_LOG2 12
#define SEIDEL_BLOG2 8
#define SEIDEL_ITERS 30

/* A run: N (points per side), BS (block side), NB = N / BS, ITERS.  */
struct seidel_run
{
  long n, bs, nb, iters;
  double *a;			/* (N + 2)^2 doubles */
};

/* Update block (BI, BJ) of R's grid once (one sweep over its points in
   row-major order).  */
static inline void
seidel_block (const struct seidel_run *r, long bi, long bj)
{
  long ld = r->n + 2;
  double *a = r->a;
  for (long i = 1 + bi * r->bs; i <= (bi + 1) * r->bs; i++)
    for (long j = 1 + bj * r->bs; j <= (bj + 1) * r->bs; j++)
      a[i * ld + j] = (a[(i - 1) * ld + j] + a[i * ld + j - 1]
		       + a[i * ld + j] + a[i * ld + j + 1]
		       + a[(i + 1) * ld + j]) * 0.2;
}

/* The neighbours of block (BI, BJ) among the NB x NB blocks, numbered
   row-major: *UP, *LEFT, *DOWN and *RIGHT, each NB * NB (one past the
   last block: a token stream of its own, which nothing updates) where
   the grid's edge is.  */
static inline void
seidel_neighbours (long nb, long bi, long bj, long *up, long *left,
		   long *down, long *right)
{
  long b = bi * nb + bj, e = nb * nb;
  *up = bi > 0 ? b - nb : e;
  *left = bj > 0 ? b - 1 : e;
  *down = bi + 1 < nb ? b + nb : e;
  *right = bj + 1 < nb ? b + 1 : e;
}

/* Parse PROG's command line into R (--log2 L: N = 2^L; --block-log2 B:
   blocks of 2^B points per side, B <= L; --iters T; --verify is
   accepted and changes nothing: the driver compares digests) and
   allocate and fill its grid: inner points 0, the boundary a function
   of the position.  Returns 0, or -1 after a message on stderr
   (grain_parse).  */
static inline int
seidel_setup (int argc, char **argv, const char *prog, struct seidel_run *r)
{
  long l = SEIDEL_LOG2, bl = SEIDEL_BLOG2;
  int verify;
  r->iters = SEIDEL_ITERS;
  const struct grain_opt opts[] = {
    { "log2", &l, 3, 14, "log2 of the points per side" },
    { "block-log2", &bl, 2, 14, "log2 of the block's side" },
    { "iters", &r->iters, 1, 1000, "sweeps" },
  };
  if (grain_parse (argc, argv, prog, opts, 3, &verify)
      || !grain_block_fits (prog, bl, l))
    return -1;
  r->n = 1L << l;
  r->bs = 1L << bl;
  r->nb = r->n / r->bs;
  long ld = r->n + 2;
  r->a = grain_alloc (prog, ld * ld, sizeof (double));
  for (long i = 0; i < ld; i++)
    for (long j = 0; j < ld; j++)
      r->a[i * ld + j] = (i == 0 || j == 0 || i == ld - 1 || j == ld - 1)
			 ? (double) ((i * 7 + j * 13) % 101) : 0.0;
  return 0;
}

/* Print IMPL's summary line for R in SECS seconds (the digest of the
   grid) and free the grid; returns the exit status.  */
static inline int
seidel_finish (const char *impl, struct seidel_run *r, double secs)
{
  char params[96];
  snprintf (params, sizeof params, "%ld x %ld points, blocks of %ld, %ld "
	    "sweeps", r->n, r->n, r->bs, r->iters);
  uint64_t d = grain_digest (r->a, (r->n + 2) * (r->n + 2) * sizeof (double));
  free (r->a);
  return grain_report ("seidel", impl, params, secs, d, 0, 0.0, 0.0);
}

#endif /* BENCH_GRAIN_SEIDEL_H */
