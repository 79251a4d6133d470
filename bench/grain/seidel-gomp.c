/* SPDX-License-Identifier: GPL-3.0-or-later */
/* seidel-gomp.c -- the "gomp-depend" implementation of the grain
   benchmark seidel (seidel.h): one libgomp task per block and sweep,
   created in the sequential order, with depend(inout) on its block's
   sentinel and depend(in) on its four neighbours' (a shared sentinel
   stands for a neighbour beyond the edge), libgomp's default team (one
   thread per core).  The dependences are seidel.h's, and the write
   after read of a block waits for the readers created before it.

   Usage: grain-seidel-gomp [--log2 L] [--block-log2 B] [--iters T]
   [--verify].  Prints the summary line (grain.h); exit status 0, 2 on
   bad usage.  */
#include "seidel.h"

int
main (int argc, char **argv)
{
  struct seidel_run r;
  if (seidel_setup (argc, argv, "grain-seidel-gomp", &r))
    return 2;
  long nb = r.nb, e = nb * nb;
  char *dep = grain_alloc ("grain-seidel-gomp", e + 1, 1);
  struct seidel_run *rp = &r;

  double t0 = grain_now ();
#pragma omp parallel
#pragma omp single
  for (long t = 0; t < r.iters; t++)
    for (long bi = 0; bi < nb; bi++)
      for (long bj = 0; bj < nb; bj++)
	{
	  long b = bi * nb + bj, up, left, down, right;
	  seidel_neighbours (nb, bi, bj, &up, &left, &down, &right);
#pragma omp task depend(inout: dep[b]) depend(in: dep[up], dep[left], dep[down], dep[right]) firstprivate(rp, bi, bj)
	  seidel_block (rp, bi, bj);
	}
  /* The parallel region's end waits for every task.  */
  double secs = grain_now () - t0;
  free (dep);
  return seidel_finish ("gomp-depend", &r, secs);
}
