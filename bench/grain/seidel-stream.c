/* SPDX-License-Identifier: GPL-3.0-or-later */
/* seidel-stream.c -- the grain benchmark seidel (seidel.h) as an OpenMP
   stream program, compiled by the Erbium plugin with -fopenmp: the
   "auto" implementation with the plugin's defaults, the "off" one with
   fusion and splitting turned off (bench/grain/grain.mk).

   The blocks update the grid in place; streams of tokens carry the
   dependences, as in OpenStream's stream_seidel.  Block B has a stream
   st[B] with one token per sweep: seeded with one, then each sweep's
   instance of B takes the previous token (input) and writes the next
   (output).  The instance of block (I, J) in sweep T also peeks the
   token streams of its four neighbours: at its creation (positions are
   assigned then, OMP-STREAM-SPEC.md section 6.1) the blocks above and
   to the left have been created for sweep T, those below and to the
   right only for sweep T - 1, so each peek sees the token of exactly
   the sweep seidel.h requires, and the peek of the block it will
   overwrite next orders every read before that write.  A neighbour
   beyond the edge is the stream st[NB * NB], seeded with one token
   that is never advanced.  After the sweeps a tick per stream drops
   the last token (the window of the peeks of it).

   Usage: grain-seidel-{auto,off} [--log2 L] [--block-log2 B] [--iters
   T] [--verify].  Prints the summary line (grain.h); exit status 0, 2
   on bad usage.  */
#include "seidel.h"

#ifndef GRAIN_IMPL
#define GRAIN_IMPL "auto"
#endif

int
main (int argc, char **argv)
{
  struct seidel_run r;
  if (seidel_setup (argc, argv, "grain-seidel-" GRAIN_IMPL, &r))
    return 2;
  long nb = r.nb, e = nb * nb;
  struct seidel_run *rp = &r;

  double t0 = grain_now ();
  {
    int st[e + 1] __attribute__ ((stream));
    int tin, tout, pu, pl, pd, pr;
    for (long b = 0; b <= e; b++)
      {
#pragma omp task output (st[b] << tout) task_name (seed)
	tout = 0;
      }
    for (long t = 0; t < r.iters; t++)
      for (long bi = 0; bi < nb; bi++)
	for (long bj = 0; bj < nb; bj++)
	  {
	    long b = bi * nb + bj, up, left, down, right;
	    seidel_neighbours (nb, bi, bj, &up, &left, &down, &right);
#pragma omp task input (st[b] >> tin) output (st[b] << tout) \
		 peek (st[up] >> pu, st[left] >> pl, st[down] >> pd, \
		       st[right] >> pr) firstprivate (rp, bi, bj) \
		 task_name (block)
	    {
	      seidel_block (rp, bi, bj);
	      tout = tin + 1 + 0 * (pu + pl + pd + pr);
	    }
	  }
    for (long b = 0; b <= e; b++)
      {
#pragma omp tick (st[b] >> 1)
      }
#pragma omp taskwait
  }
  return seidel_finish (GRAIN_IMPL, &r, grain_now () - t0);
}
