/* SPDX-License-Identifier: GPL-3.0-or-later */
/* heavy-gomp.c -- the "gomp-depend" implementation of the grain
   benchmark heavy-stage (heavy.h): per block of HEAVY_BLOCK elements, a
   source task writing a ring slot, a stage task reading it and writing
   its block of the output (depend in on the slot, out on the block's
   sentinel) and a sink task that reads the block (depend in), libgomp's
   default team (one thread per core).  The stage tasks of different
   blocks run on both threads.  A slot is reused GOMP_SLOTS blocks
   later: the depend(out) of its next source waits for its stage task.

   Usage: grain-heavy-gomp [--log2 L] [--verify].  Prints the summary
   line (grain.h); exit status 0, 2 on bad usage.  */
#include "heavy.h"

/* Blocks in flight: ring slots.  */
#define GOMP_SLOTS 16

int
main (int argc, char **argv)
{
  long n;
  float *out;
  if (heavy_setup (argc, argv, "grain-heavy-gomp", &n, &out))
    return 2;
  long nb = n / HEAVY_BLOCK;
  float *ring = grain_alloc ("grain-heavy-gomp", GOMP_SLOTS * HEAVY_BLOCK,
			     sizeof (float));
  float *res = grain_alloc ("grain-heavy-gomp", GOMP_SLOTS * HEAVY_BLOCK,
			    sizeof (float));
  char dep[2][GOMP_SLOTS];
  (void) dep;			/* GCC 12 counts no use in a depend clause */

  double t0 = grain_now ();
#pragma omp parallel
#pragma omp single
  for (long i = 0; i < nb; i++)
    {
      long k = i % GOMP_SLOTS;
      float *slot = ring + k * HEAVY_BLOCK, *r = res + k * HEAVY_BLOCK;
      float *op = out + i * HEAVY_BLOCK;
#pragma omp task depend(out: dep[0][k]) firstprivate(slot, i)
      heavy_source (slot, i * HEAVY_BLOCK, HEAVY_BLOCK);
#pragma omp task depend(in: dep[0][k]) depend(out: dep[1][k]) firstprivate(slot, r)
      heavy_block (r, slot, HEAVY_BLOCK);
#pragma omp task depend(in: dep[1][k]) firstprivate(r, op)
      memcpy (op, r, HEAVY_BLOCK * sizeof *op);
    }
  /* The parallel region's end waits for every task.  */
  double secs = grain_now () - t0;
  free (ring);
  free (res);
  return heavy_finish ("gomp-depend", n, out, secs);
}
