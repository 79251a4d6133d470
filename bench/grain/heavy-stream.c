/* SPDX-License-Identifier: GPL-3.0-or-later */
/* heavy-stream.c -- the grain benchmark heavy-stage (heavy.h) as an
   OpenMP stream program, compiled by the Erbium plugin with -fopenmp:
   the "auto" implementation with the plugin's defaults, the "off" one
   with fusion and splitting turned off (bench/grain/grain.mk).  Per
   block of HEAVY_BLOCK elements the control program creates an
   instance of three sites: the source writes the block's inputs on
   stream x, the stage reads x and writes its results on stream y (it
   keeps no state from one block to the next: its outputs are at
   positions fixed at creation), the sink reads y and stores the block
   into the output array.

   Usage: grain-heavy-{auto,off} [--log2 L] [--verify].  Prints the
   summary line (grain.h); exit status 0, 2 on bad usage.  */
#include "heavy.h"

#ifndef GRAIN_IMPL
#define GRAIN_IMPL "auto"
#endif

enum { B = HEAVY_BLOCK };

int
main (int argc, char **argv)
{
  long n;
  float *out;
  if (heavy_setup (argc, argv, "grain-heavy-" GRAIN_IMPL, &n, &out))
    return 2;
  long nb = n / B;

  double t0 = grain_now ();
  {
    float x __attribute__ ((stream)), y __attribute__ ((stream));
    float w[B], u[B], v[B];
    for (long i = 0; i < nb; i++)
      {
	long e0 = i * B;
	float *op = out + i * B;
#pragma omp task output (x << w[B]) firstprivate (e0) task_name (source)
	heavy_source (w, e0, B);
#pragma omp task input (x >> u[B]) output (y << v[B]) task_name (stage)
	heavy_block (v, u, B);
#pragma omp task input (y >> u[B]) firstprivate (op) task_name (sink)
	memcpy (op, u, B * sizeof *op);
      }
#pragma omp taskwait
  }
  return heavy_finish (GRAIN_IMPL, n, out, grain_now () - t0);
}
