/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cholesky.h -- the grain benchmark "cholesky" (bench/grain): the
   blocked (tiled) Cholesky factorisation A = L L^T of a symmetric
   positive definite N x N matrix, as OpenStream's cholesky
   (OMP-STREAM-SPEC.md, section 9.1).  What its programs share: the
   matrix, its tiles, the four tile kernels, the sequential loop nest,
   the check against LAPACK and the command line.

   The tile programs keep the lower triangle as NT x NT tiles of BS x BS
   doubles, each contiguous and column-major (tile (I, J), J <= I, at
   chol_tile).  Step K factors tile (K, K) (potrf), solves the tiles
   below it (trsm), and updates the trailing tiles: (I, I) by syrk, (I,
   J) for K < J < I by gemm.  The kernels are OpenBLAS's (CBLAS and
   LAPACK's dpotrf), run on one thread each: every update of a tile
   happens in the order of K in every program (the tasks' dependences
   say so), so every tile program gives the sequential loop nest's bits.

   --verify factors the matrix again with LAPACK's dpotrf (OpenBLAS, all
   cores) and bounds the relative Frobenius distance of the two lower
   triangles by CHOL_BOUND: the matrix is diagonally dominant (condition
   number below 3), so both factors are within a few rounding errors of
   the exact one.  */
#ifndef BENCH_GRAIN_CHOLESKY_H
#define BENCH_GRAIN_CHOLESKY_H

#include <math.h>
#include <cblas.h>
#include "grain.h"

/* Defaults and limits: log2 of N and of the tile's side.  */
#define CHOL_LOG2 12
#define CHOL_BLOG2 8
/* Bound of the relative error of L against LAPACK's factor.  */
#define CHOL_BOUND 1e-10

/* LAPACK's Cholesky factorisation (the Fortran symbol, in OpenBLAS):
   UPLO "L", the N x N column-major matrix A with leading dimension LDA
   is replaced by L in its lower triangle; *INFO 0 on success.  */
extern void dpotrf_ (const char *uplo, const int *n, double *a,
		     const int *lda, int *info);
/* OpenBLAS's thread count for the calls that follow.  */
extern void openblas_set_num_threads (int n);

/* A run: N, BS (tile side), NT = N / BS, the tiles (NT * (NT + 1) / 2
   of BS * BS doubles), VERIFY.  */
struct chol_run
{
  long n, bs, nt;
  double *tiles;
  int verify;
};

/* Tile (I, J), J <= I, of R.  */
static inline double *
chol_tile (const struct chol_run *r, long i, long j)
{
  return r->tiles + (i * (i + 1) / 2 + j) * r->bs * r->bs;
}

/* Element (I, J) of the input matrix: symmetric, in [0, 1) off the
   diagonal (a hash of the pair), N on it.  */
static inline double
chol_elem (long n, long i, long j)
{
  if (i == j)
    return (double) n;
  uint64_t a = i < j ? i : j, b = i < j ? j : i;
  uint64_t h = (a * 2654435761u + b) * 0x9e3779b97f4a7c15ull;
  return (double) (h >> 11) * (1.0 / 9007199254740992.0);
}

/* The four tile kernels of step K (one thread each).  */
static inline int
chol_potrf (const struct chol_run *r, long k)
{
  int bs = (int) r->bs, info;
  dpotrf_ ("L", &bs, chol_tile (r, k, k), &bs, &info);
  return info;
}

static inline void
chol_trsm (const struct chol_run *r, long k, long i)
{
  cblas_dtrsm (CblasColMajor, CblasRight, CblasLower, CblasTrans,
	       CblasNonUnit, r->bs, r->bs, 1.0, chol_tile (r, k, k), r->bs,
	       chol_tile (r, i, k), r->bs);
}

static inline void
chol_syrk (const struct chol_run *r, long k, long i)
{
  cblas_dsyrk (CblasColMajor, CblasLower, CblasNoTrans, r->bs, r->bs, -1.0,
	       chol_tile (r, i, k), r->bs, 1.0, chol_tile (r, i, i), r->bs);
}

static inline void
chol_gemm (const struct chol_run *r, long k, long i, long j)
{
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasTrans, r->bs, r->bs, r->bs,
	       -1.0, chol_tile (r, i, k), r->bs, chol_tile (r, j, k), r->bs,
	       1.0, chol_tile (r, i, j), r->bs);
}

/* The sequential loop nest over R's tiles: returns the first nonzero
   info of potrf, or 0.  */
static inline int
chol_seq (const struct chol_run *r)
{
  int bad = 0;
  for (long k = 0; k < r->nt; k++)
    {
      int info = chol_potrf (r, k);
      bad = bad ? bad : info;
      for (long i = k + 1; i < r->nt; i++)
	chol_trsm (r, k, i);
      for (long i = k + 1; i < r->nt; i++)
	{
	  chol_syrk (r, k, i);
	  for (long j = k + 1; j < i; j++)
	    chol_gemm (r, k, i, j);
	}
    }
  return bad;
}

/* Fill R's tiles with the input matrix.  */
static inline void
chol_fill (struct chol_run *r)
{
  for (long ti = 0; ti < r->nt; ti++)
    for (long tj = 0; tj <= ti; tj++)
      {
	double *t = chol_tile (r, ti, tj);
	for (long c = 0; c < r->bs; c++)
	  for (long l = 0; l < r->bs; l++)
	    t[c * r->bs + l] = chol_elem (r->n, ti * r->bs + l,
					  tj * r->bs + c);
      }
}

/* Parse PROG's command line into R (--log2 L: N = 2^L; --block-log2 B:
   tiles of 2^B, B <= L; --verify), allocate and fill its tiles and set
   OpenBLAS to THREADS threads.  Returns 0, or -1 after a message on
   stderr.  */
static inline int
chol_setup (int argc, char **argv, const char *prog, struct chol_run *r,
	    int threads)
{
  long l = CHOL_LOG2, bl = CHOL_BLOG2;
  const struct grain_opt opts[] = {
    { "log2", &l, 2, 14, "log2 of N" },
    { "block-log2", &bl, 1, 14, "log2 of the tile's side" },
  };
  if (grain_parse (argc, argv, prog, opts, 2, &r->verify)
      || !grain_block_fits (prog, bl, l))
    return -1;
  r->n = 1L << l;
  r->bs = 1L << bl;
  r->nt = r->n / r->bs;
  r->tiles = grain_alloc (prog, r->nt * (r->nt + 1) / 2 * r->bs * r->bs,
			  sizeof (double));
  chol_fill (r);
  openblas_set_num_threads (threads);
  return 0;
}

/* The input matrix of size N (N x N doubles), column-major, in memory
   of its own (grain_alloc: the caller frees it).  */
static inline double *
chol_dense (const char *prog, long n)
{
  double *a = grain_alloc (prog, n * n, sizeof (double));
  for (long c = 0; c < n; c++)
    for (long l = 0; l < n; l++)
      a[c * n + l] = chol_elem (n, l, c);
  return a;
}

/* The input matrix of size N, column-major, factored by LAPACK's dpotrf
   (OpenBLAS, two threads): the reference of --verify.  NULL after a
   message on stderr when dpotrf fails.  */
static inline double *
chol_lapack (const char *prog, long n)
{
  double *a = chol_dense (prog, n);
  int nn = (int) n, info;
  openblas_set_num_threads (2);
  dpotrf_ ("L", &nn, a, &nn, &info);
  if (info)
    {
      fprintf (stderr, "%s: dpotrf failed (info %d)\n", prog, info);
      free (a);
      return NULL;
    }
  return a;
}

/* The relative Frobenius distance between the lower triangles of R's
   tiles and of the column-major factor REF.  */
static inline double
chol_distance (const struct chol_run *r, const double *ref)
{
  double d = 0.0, s = 0.0;
  for (long ti = 0; ti < r->nt; ti++)
    for (long tj = 0; tj <= ti; tj++)
      {
	const double *t = chol_tile (r, ti, tj);
	for (long c = 0; c < r->bs; c++)
	  for (long l = 0; l < r->bs; l++)
	    {
	      long gi = ti * r->bs + l, gj = tj * r->bs + c;
	      if (gi < gj)
		continue;
	      double x = ref[gj * r->n + gi], e = t[c * r->bs + l] - x;
	      d += e * e;
	      s += x * x;
	    }
      }
  return sqrt (d / s);
}

/* Print IMPL's summary line for R, factored in SECS seconds with potrf's
   first nonzero INFO (0: none), and free the tiles: the digest of the
   tiles and, with --verify, the distance to LAPACK's factor.  Returns
   the exit status (1 when INFO or the distance is wrong).  */
static inline int
chol_finish (const char *prog, const char *impl, struct chol_run *r,
	     int info, double secs)
{
  char params[64];
  snprintf (params, sizeof params, "N %ld, tiles of %ld", r->n, r->bs);
  double err = info ? INFINITY : 0.0;
  if (r->verify && !info)
    {
      double *ref = chol_lapack (prog, r->n);
      err = ref ? chol_distance (r, ref) : INFINITY;
      free (ref);
    }
  uint64_t d = grain_digest (r->tiles, r->nt * (r->nt + 1) / 2 * r->bs
			     * r->bs * sizeof (double));
  free (r->tiles);
  if (info)
    fprintf (stderr, "%s: potrf of a tile failed (info %d)\n", prog, info);
  int st = grain_report ("cholesky", impl, params, secs, d,
			 r->verify || info, err, CHOL_BOUND);
  return info ? 1 : st;
}

#endif /* BENCH_GRAIN_CHOLESKY_H */
