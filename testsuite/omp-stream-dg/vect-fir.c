/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A FIR filter as a task (OMP-STREAM-SPEC.md 6.4, the peek and tick of
   fmradio): the body reads a peek window and writes an output window
   through the task function's restrict pointers, so that its loop is
   vectorised at -O2 (GCC 12's very cheap cost model, which allows no
   run-time alias check) without versioning: no other -fopt-info message
   than the ones expected may appear.  */
/* { dg-options "-O2 -fopenmp -fopt-info-vec-optimized" } */

#define N 256
#define TAPS 8

void
fir (int blocks, const float *h)
{
  float x __attribute__ ((stream));
  float y __attribute__ ((stream));
  float in[N + TAPS - 1], out[N];
  float taps[TAPS];
  for (int k = 0; k < TAPS; k++)
    taps[k] = h[k];
  for (int b = 0; b < blocks; b++)
    {
#pragma omp task peek (x >> in[N + TAPS - 1]) output (y << out[N]) firstprivate (taps) /* { dg-optimized "basic block part vectorized" } */
      for (int i = 0; i < N; i++) /* { dg-optimized "loop vectorized using" } */
	{
	  float s = 0;
	  for (int k = 0; k < TAPS; k++)
	    s += in[i + k] * taps[k];
	  out[i] = s;
	}
      {
#pragma omp tick (x >> N)
      }
    }
}
/* { dg-final { scan-assembler "er_task_create" } } */
/* { dg-final { scan-assembler "er_stream_tick" } } */
