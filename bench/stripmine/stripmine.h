/* SPDX-License-Identifier: GPL-3.0-or-later */
/* stripmine.h -- shared definitions of the strip-mining benchmark
   (bench/stripmine): the kernels, their constants and the entry
   points of the variants.  Included by kernel.c (Erbium C, compiled three
   times with the plugin), seq.c (plain C, the sequential reference) and
   main.c (plain C, the driver); it only uses plain C.

   Every kernel reads a stream of N elements x[0..N-1]:
     sum    out[0] = x[0] + x[1] + ... + x[N-1], in that order (float)
     scale  out[i] = SM_SCALE * x[i]                           (float)
     fir    out[i] = sum over k = 0..15 of sm_fir_taps[k] * x[i+k], k in
            increasing order, for i = 0..N-16                   (float)
     cmul   out[i] = x[i] * SM_CMUL (complex product)    (struct sm_cf)  */

#ifndef STRIPMINE_H
#define STRIPMINE_H

/* A complex number of two floats: the element type of cmul.  */
struct sm_cf
{
  float re, im;
};

/* The kernels, in table order.  */
enum sm_kernel { SM_SUM, SM_SCALE_K, SM_FIR, SM_CMUL, SM_NKERNELS };

/* Taps of the FIR filter.  */
#define SM_TAPS 16

/* The scale factor and the complex coefficient.  */
#define SM_SCALE 0.75f
#define SM_CMUL_RE 0.6f
#define SM_CMUL_IM -0.8f

/* The FIR filter's taps (a smoothing window, not symmetric, so that a
   wrong tap order shows in the results).  */
static const float sm_fir_taps[SM_TAPS] = {
  0.01f, 0.02f, 0.03f, 0.05f, 0.07f, 0.09f, 0.11f, 0.12f,
  0.12f, 0.11f, 0.09f, 0.07f, 0.05f, 0.03f, 0.02f, 0.01f
};

/* Number of output elements kernel K writes for N input elements.  */
static inline long
sm_outputs (int k, long n)
{
  return k == SM_SUM ? 1 : k == SM_FIR ? n - (SM_TAPS - 1) : n;
}

/* Size in bytes of one element of kernel K (input and output).  */
static inline long
sm_elem_size (int k)
{
  return k == SM_CMUL ? (long) sizeof (struct sm_cf) : (long) sizeof (float);
}

/* The streaming variants (kernel.c compiled three ways, stripmine.mk's
   sm_entry): run kernel K once over the N elements at IN (float, or
   struct sm_cf for cmul) streamed from a source process to a kernel
   process through one record whose views have a horizon of HORIZON
   elements (>= SM_TAPS); the kernel process writes sm_outputs (K, N)
   elements at OUT.  Returns the wall time in seconds, from both processes
   passing the start gate to the kernel process writing its last output.
   Call from the main thread only (it waits for every process).  */
double plugin_run (int k, const void *in, void *out, int n, int horizon);
double nostrip_run (int k, const void *in, void *out, int n, int horizon);
double library_run (int k, const void *in, void *out, int n, int horizon);

/* The sequential variant (seq.c): the same computation in the calling
   thread over the array IN, no streaming.  Returns the wall time of the
   loop in seconds.  */
double sequential_run (int k, const void *in, void *out, int n);

#endif /* STRIPMINE_H */
