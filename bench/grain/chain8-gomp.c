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
     writes OUT.  dep[s][k]: the sentinel of slot k of stage s + 1.  */
  float *ring = grain_alloc ("grain-chain8-gomp",
			     7 * GOMP_SLOTS * CHAIN8_BLOCK, sizeof (float));
  char dep[8][GOMP_SLOTS];
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
      float *x_, *y_;
      x_ = r[0], y_ = r[1];
#pragma omp task depend(out: dep[0][k]) firstprivate(x_, y_)
      for (int e = 0; e < CHAIN8_BLOCK; e++)
	y_[e] = chain8_s1 (x_[e]);
      x_ = r[1], y_ = r[2];
#pragma omp task depend(in: dep[0][k]) depend(out: dep[1][k]) firstprivate(x_, y_)
      for (int e = 0; e < CHAIN8_BLOCK; e++)
	y_[e] = chain8_s2 (x_[e]);
      x_ = r[2], y_ = r[3];
#pragma omp task depend(in: dep[1][k]) depend(out: dep[2][k]) firstprivate(x_, y_)
      for (int e = 0; e < CHAIN8_BLOCK; e++)
	y_[e] = chain8_s3 (x_[e]);
      x_ = r[3], y_ = r[4];
#pragma omp task depend(in: dep[2][k]) depend(out: dep[3][k]) firstprivate(x_, y_)
      for (int e = 0; e < CHAIN8_BLOCK; e++)
	y_[e] = chain8_s4 (x_[e]);
      x_ = r[4], y_ = r[5];
#pragma omp task depend(in: dep[3][k]) depend(out: dep[4][k]) firstprivate(x_, y_)
      for (int e = 0; e < CHAIN8_BLOCK; e++)
	y_[e] = chain8_s5 (x_[e]);
      x_ = r[5], y_ = r[6];
#pragma omp task depend(in: dep[4][k]) depend(out: dep[5][k]) firstprivate(x_, y_)
      for (int e = 0; e < CHAIN8_BLOCK; e++)
	y_[e] = chain8_s6 (x_[e]);
      x_ = r[6], y_ = r[7];
#pragma omp task depend(in: dep[5][k]) depend(out: dep[6][k]) firstprivate(x_, y_)
      for (int e = 0; e < CHAIN8_BLOCK; e++)
	y_[e] = chain8_s7 (x_[e]);
      x_ = r[7], y_ = r[8];
#pragma omp task depend(in: dep[6][k]) depend(out: dep[7][k]) firstprivate(x_, y_)
      for (int e = 0; e < CHAIN8_BLOCK; e++)
	y_[e] = chain8_s8 (x_[e]);
    }
  /* The parallel region's end waits for every task.  */
  double secs = grain_now () - t0;
  free (ring);
  return chain8_finish ("gomp-depend", n, in, out, secs);
}
