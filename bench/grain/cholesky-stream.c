/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cholesky-stream.c -- the grain benchmark cholesky (cholesky.h) as an
   OpenMP stream program, compiled by the Erbium plugin with -fopenmp:
   the "auto" implementation with the plugin's defaults, the "off" one
   with fusion and splitting turned off (bench/grain/grain.mk).

   The tile kernels update the tiles in place; streams of tokens carry
   the dependences, as in OpenStream's stream_cholesky.  Tile T has a
   stream st[T], seeded with one token: every kernel that updates T
   takes its token (input) and writes the next (output), so the updates
   of a tile run in creation order, that of the loop nest; every kernel
   that reads a tile peeks its stream.  A tile is read only once final
   (the diagonal after its potrf, the others after their trsm), and the
   peeks are created after its last update: positions are assigned at
   creation (OMP-STREAM-SPEC.md, section 6.1), so each peek sees the
   token of that update.  After the loop nest, a tick per stream drops
   the last token (the window of the peeks of it).  Four sites (potrf,
   trsm, syrk, gemm), each its own process.

   Usage: grain-cholesky-{auto,off} [--log2 L] [--block-log2 B]
   [--verify].  Prints the summary line (grain.h); exit status 0, 1 on a
   wrong result, 2 on bad usage.  */
#include "cholesky.h"

#ifndef GRAIN_IMPL
#define GRAIN_IMPL "auto"
#endif

int
main (int argc, char **argv)
{
  static const char prog[] = "grain-cholesky-" GRAIN_IMPL;
  struct chol_run r;
  if (chol_setup (argc, argv, prog, &r, 1))
    return 2;
  long nt = r.nt;
  struct chol_run *rp = &r;
  int info = 0, *ip = &info;

  double t0 = grain_now ();
  {
    int st[nt * nt] __attribute__ ((stream));
    int tin, tout, p1, p2;
    for (long t = 0; t < nt * nt; t++)
      {
#pragma omp task output (st[t] << tout) task_name (seed)
	tout = 0;
      }
    for (long k = 0; k < nt; k++)
      {
	long kk = k * nt + k;
#pragma omp task input (st[kk] >> tin) output (st[kk] << tout) \
		 firstprivate (rp, k, ip) task_name (potrf)
	{
	  int e = chol_potrf (rp, k);
	  if (e)
	    *ip = e;
	  tout = tin + 1;
	}
	for (long i = k + 1; i < nt; i++)
	  {
	    long ik = i * nt + k;
#pragma omp task input (st[ik] >> tin) output (st[ik] << tout) \
		 peek (st[kk] >> p1) firstprivate (rp, k, i) task_name (trsm)
	    {
	      chol_trsm (rp, k, i);
	      tout = tin + 1 + 0 * p1;
	    }
	  }
	for (long i = k + 1; i < nt; i++)
	  {
	    long ik = i * nt + k, ii = i * nt + i;
#pragma omp task input (st[ii] >> tin) output (st[ii] << tout) \
		 peek (st[ik] >> p1) firstprivate (rp, k, i) task_name (syrk)
	    {
	      chol_syrk (rp, k, i);
	      tout = tin + 1 + 0 * p1;
	    }
	    for (long j = k + 1; j < i; j++)
	      {
		long ij = i * nt + j, jk = j * nt + k;
#pragma omp task input (st[ij] >> tin) output (st[ij] << tout) \
		 peek (st[ik] >> p1, st[jk] >> p2) firstprivate (rp, k, i, j) \
		 task_name (gemm)
		{
		  chol_gemm (rp, k, i, j);
		  tout = tin + 1 + 0 * (p1 + p2);
		}
	      }
	  }
      }
    for (long t = 0; t < nt * nt; t++)
      {
#pragma omp tick (st[t] >> 1)
      }
#pragma omp taskwait
  }
  double secs = grain_now () - t0;
  return chol_finish (prog, GRAIN_IMPL, &r, info, secs);
}
