/* SPDX-License-Identifier: GPL-3.0-or-later */
/* chain8-gomp.c -- the "gomp-depend" implementation of the grain
   benchmark chain8 (chain8.h): per block of CHAIN8_BLOCK elements, one
   libgomp task per stage, each reading the previous stage's slot of a
   ring and writing its own (depend in on the slot it reads, out on the
   one it writes), libgomp's default team (one thread per core).  Ring
   slots are reused GOMP_SLOTS blocks later: the depend(out) of the
   next writer of a slot waits for its readers (write after read).

   Usage: grain-chain8-gomp [--log2 L] [--verify].  Prints the summary
   line (grain.h); exit status 0, 2 on bad usage.  */
#include "chain8.h"

/* Blocks in flight: ring slots per stage.  */
#define GOMP_SLOTS 16

int
main (int argc, char **argv)
{
  long n;
  float *in, *out;
  if (chain8_setup (argc, argv, "grain-chain8-gomp", &n, &in, &out))
    return 2;
  long nb = n / CHAIN8_BLOCK;
  /* ring[s]: the output slots of stage s + 1 (1 to 7); the eighth
     writes OUT.  dep[s][k]: the sentinel of slot k of stage s's output
     (s from 1 to 8); dep[0], IN's, has no writer.  */
  float *ring = grain_alloc ("grain-chain8-gomp",
			     7 * GOMP_SLOTS * CHAIN8_BLOCK, sizeof (float));
  char dep[9][GOMP_SLOTS];
  (void) dep;			/* GCC 12 counts no use in a depend clause */

  double t0 = grain_now ();
#pragma omp parallel
#pragma omp single
  for (long i = 0; i < nb; i++)
    {
      long k = i % GOMP_SLOTS;
      float *r[9];
      r[0] = in + i * CHAIN8_BLOCK;
      for (int s = 1; s < 8; s++)
	r[s] = ring + ((s - 1) * GOMP_SLOTS + k) * CHAIN8_BLOCK;
      r[8] = out + i * CHAIN8_BLOCK;
      /* Stage s reads r[s - 1] and writes r[s].  */
      for (int s = 1; s <= 8; s++)
	{
	  const float *x = r[s - 1];
	  float *y = r[s];
#pragma omp task depend(in: dep[s - 1][k]) depend(out: dep[s][k]) firstprivate(x, y, s)
	  for (int e = 0; e < CHAIN8_BLOCK; e++)
	    y[e] = chain8_stage (s, x[e]);
	}
    }
  /* The parallel region's end waits for every task.  */
  double secs = grain_now () - t0;
  free (ring);
  return chain8_finish ("gomp-depend", n, in, out, secs);
}
