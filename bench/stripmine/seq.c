/* SPDX-License-Identifier: GPL-3.0-or-later */
/* seq.c -- the sequential variant of the strip-mining benchmark
   (bench/stripmine): the kernels of stripmine.h computed in the
   calling thread over a plain array, no processes and no streaming, in
   plain C at the benchmark's -O3.  The loops are the kernel processes'
   loops of kernel.c with x[i] read from the array instead of the view,
   so the results must be bit for bit the same.  */

#include "xbench.h"
#include "stripmine.h"

/* sum: OUT[0] = IN[0] + ... + IN[N-1], in order.  */
static void __attribute__ ((noinline))
seq_sum (const float *in, float *out, int n)
{
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += in[i];
  out[0] = s;
}

/* scale: OUT[i] = SM_SCALE * IN[i].  */
static void __attribute__ ((noinline))
seq_scale (const float *in, float *out, int n)
{
  for (int i = 0; i < n; i++)
    out[i] = SM_SCALE * in[i];
}

/* fir: OUT[i] = the sum over k of sm_fir_taps[k] * IN[i + k].  */
static void __attribute__ ((noinline))
seq_fir (const float *in, float *out, int n)
{
  for (int i = 0; i + SM_TAPS <= n; i++)
    {
      float acc = 0.0f;
      for (int k = 0; k < SM_TAPS; k++)
	acc += sm_fir_taps[k] * in[i + k];
      out[i] = acc;
    }
}

/* cmul: OUT[i] = IN[i] * (SM_CMUL_RE + i SM_CMUL_IM).  */
static void __attribute__ ((noinline))
seq_cmul (const struct sm_cf *in, struct sm_cf *out, int n)
{
  for (int i = 0; i < n; i++)
    {
      out[i].re = in[i].re * SM_CMUL_RE - in[i].im * SM_CMUL_IM;
      out[i].im = in[i].re * SM_CMUL_IM + in[i].im * SM_CMUL_RE;
    }
}

/* See stripmine.h.  */
double
sequential_run (int k, const void *in, void *out, int n)
{
  int64_t t0 = xb_now_ns ();
  switch (k)
    {
    case SM_SUM:
      seq_sum ((const float *) in, (float *) out, n);
      break;
    case SM_SCALE_K:
      seq_scale ((const float *) in, (float *) out, n);
      break;
    case SM_FIR:
      seq_fir ((const float *) in, (float *) out, n);
      break;
    default:
      seq_cmul ((const struct sm_cf *) in, (struct sm_cf *) out, n);
      break;
    }
  return (xb_now_ns () - t0) * 1e-9;
}
