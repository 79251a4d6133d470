/* SPDX-License-Identifier: GPL-3.0-or-later */
/* chain8-stream.c -- the grain benchmark chain8 (chain8.h) as an
   OpenMP stream program, compiled by the Erbium plugin with -fopenmp:
   the "auto" implementation with the plugin's defaults, the "off" one
   with fusion and splitting turned off (bench/grain/grain.mk).  The
   control program loops over the blocks of CHAIN8_BLOCK elements and
   creates, per block, one instance of each of eight task sites: the
   first reads its block of the input array and writes stream s1, stage
   k reads s(k-1) and writes s(k), the eighth reads s7 and writes its
   block of the output array.  Every stream has one writer and one
   reader with bursts of CHAIN8_BLOCK: positions are assigned at
   creation (OMP-STREAM-SPEC.md, section 6.1), so instance I of every
   site works on block I.  The eight sites are written out, unlike the
   gomp-depend program's loop over the stages: each is a pragma of its
   own with its own streams, and eight sites are what fusion works on.

   Usage: grain-chain8-{auto,off} [--log2 L] [--verify].  Prints the
   summary line (grain.h); exit status 0, 2 on bad usage.  */
#include "chain8.h"

#ifndef GRAIN_IMPL
#define GRAIN_IMPL "auto"
#endif

enum { B = CHAIN8_BLOCK };

int
main (int argc, char **argv)
{
  long n;
  float *in, *out;
  if (chain8_setup (argc, argv, "grain-chain8-" GRAIN_IMPL, &n, &in, &out))
    return 2;
  long nb = n / B;

  double t0 = grain_now ();
  {
    float s1 __attribute__ ((stream)), s2 __attribute__ ((stream));
    float s3 __attribute__ ((stream)), s4 __attribute__ ((stream));
    float s5 __attribute__ ((stream)), s6 __attribute__ ((stream));
    float s7 __attribute__ ((stream));
    /* The windows (views: only their type matters here).  */
    float x[B], y[B];
    for (long i = 0; i < nb; i++)
      {
	const float *ip = in + i * B;
	float *op = out + i * B;
#pragma omp task output (s1 << y[B]) firstprivate (ip) task_name (scale)
	for (int k = 0; k < B; k++)
	  y[k] = chain8_s1 (ip[k]);
#pragma omp task input (s1 >> x[B]) output (s2 << y[B]) task_name (offset)
	for (int k = 0; k < B; k++)
	  y[k] = chain8_s2 (x[k]);
#pragma omp task input (s2 >> x[B]) output (s3 << y[B]) task_name (clip)
	for (int k = 0; k < B; k++)
	  y[k] = chain8_s3 (x[k]);
#pragma omp task input (s3 >> x[B]) output (s4 << y[B]) task_name (square)
	for (int k = 0; k < B; k++)
	  y[k] = chain8_s4 (x[k]);
#pragma omp task input (s4 >> x[B]) output (s5 << y[B]) task_name (affine)
	for (int k = 0; k < B; k++)
	  y[k] = chain8_s5 (x[k]);
#pragma omp task input (s5 >> x[B]) output (s6 << y[B]) task_name (abs)
	for (int k = 0; k < B; k++)
	  y[k] = chain8_s6 (x[k]);
#pragma omp task input (s6 >> x[B]) output (s7 << y[B]) task_name (saturate)
	for (int k = 0; k < B; k++)
	  y[k] = chain8_s7 (x[k]);
#pragma omp task input (s7 >> x[B]) firstprivate (op) task_name (final)
	for (int k = 0; k < B; k++)
	  op[k] = chain8_s8 (x[k]);
      }
#pragma omp taskwait
  }
  return chain8_finish (GRAIN_IMPL, n, in, out, grain_now () - t0);
}
