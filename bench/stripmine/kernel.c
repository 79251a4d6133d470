/* SPDX-License-Identifier: GPL-3.0-or-later */
/* kernel.c -- the kernels of the strip-mining benchmark (bench/stripmine)
   in Erbium C, the language of <erbium.h>: sum, scale, a 16-tap
   FIR filter and a complex multiply (stripmine.h defines them), each over
   a stream between two processes, written element at a time as people
   write them.  A source process copies the input array into the stream
   one element per synchronisation:

     for (i = 0; i < n; i++) { stall(w, i + 1); w[i] = in[i]; commit(w, i + 1); }

   and the kernel process reads it one element per synchronisation:

     for (i = 0; i < n; i++) { update(r, i + 1); ... r[i] ...; release(r, i + 1); }

   (the FIR filter peeks: update(r, i + 16), reads r[i] .. r[i + 15],
   release(r, i + 1)) and writes its results into a plain array (sum: one
   scalar).  There is no hand-written burst anywhere: making bursts out of
   these loops, so that the vectoriser sees a clean inner loop, is the job
   of the plugin's erbium-stripmine pass.

   The same source is compiled three times with the Erbium plugin at -O3
   (stripmine.mk), each object defining the entry point sm_entry under its
   own name:

     plugin_run   the plugin's defaults (strip-mining, window addressing,
                  primitives expanded inline)
     nostrip_run  the same with -fplugin-arg-erbium-stripmine=0
     library_run  -fplugin-arg-erbium-lower=0 -fplugin-arg-erbium-window=0
                  -fplugin-arg-erbium-stripmine=0: every primitive and
                  every v[i] a call of liberbium's out-of-line copy

   Timing is that of bench/plugin: both processes pass the start gate of
   bench/exploration/xbench.h after their set-up; the last one to arrive
   starts the clock, and the kernel process stops it when it has written
   its last output.  Placement is the runtime's automatic one for `run':
   the source, created first, on core 0, the kernel process on core 1.  */

#include <stdio.h>
#include <stdlib.h>
#include "xbench.h"
#include "stripmine.h"
#include <erbium.h>

#ifndef sm_entry
#error "compile with -Dsm_entry=NAME (stripmine.mk gives plugin_run, nostrip_run or library_run)"
#endif

double sm_entry (int k, const void *in, void *out, int n, int horizon);

/* Source of float elements: the N elements at IN into record RE, one per
   stall and commit, through a write view of HORIZON elements; passes GATE
   after its set-up.  Returning terminates the view.  */
static process
source_f (record(float) re, const float *in, int n, int horizon,
	  xb_gate *gate)
{
  int i;
  view(float) w = new_write_view(re);
  register_view(w);
  alloc(w, horizon);
  xb_gate_wait (gate);
  for (i = 0; i < n; i++)
    {
      stall(w, i + 1);
      w[i] = in[i];
      commit(w, i + 1);
    }
}

/* Source of complex elements: as source_f.  */
static process
source_cf (record(struct sm_cf) re, const struct sm_cf *in, int n,
	   int horizon, xb_gate *gate)
{
  int i;
  view(struct sm_cf) w = new_write_view(re);
  register_view(w);
  alloc(w, horizon);
  xb_gate_wait (gate);
  for (i = 0; i < n; i++)
    {
      stall(w, i + 1);
      w[i] = in[i];
      commit(w, i + 1);
    }
}

/* sum: OUT[0] = the sum of the N elements of RE, in stream order.  */
static process
kernel_sum (record(float) re, float *out, int n, int horizon, xb_gate *gate)
{
  int i;
  float s = 0.0f;
  view(float) r = new_read_view(re);
  register_view(r);
  alloc(r, horizon);
  xb_gate_wait (gate);
  for (i = 0; i < n; i++)
    {
      update(r, i + 1);
      s += r[i];
      release(r, i + 1);
    }
  out[0] = s;
  xb_gate_done (gate);
}

/* scale: OUT[i] = SM_SCALE * x[i] for the N elements of RE.  */
static process
kernel_scale (record(float) re, float *out, int n, int horizon,
	      xb_gate *gate)
{
  int i;
  view(float) r = new_read_view(re);
  register_view(r);
  alloc(r, horizon);
  xb_gate_wait (gate);
  for (i = 0; i < n; i++)
    {
      update(r, i + 1);
      out[i] = SM_SCALE * r[i];
      release(r, i + 1);
    }
  xb_gate_done (gate);
}

/* fir: OUT[i] = the sum over k of sm_fir_taps[k] * x[i + k], for i = 0 ..
   N - SM_TAPS; each step peeks SM_TAPS elements ahead and releases one.  */
static process
kernel_fir (record(float) re, float *out, int n, int horizon, xb_gate *gate)
{
  int i, k;
  view(float) r = new_read_view(re);
  register_view(r);
  alloc(r, horizon);
  xb_gate_wait (gate);
  for (i = 0; i + SM_TAPS <= n; i++)
    {
      float acc = 0.0f;
      update(r, i + SM_TAPS);
      for (k = 0; k < SM_TAPS; k++)
	acc += sm_fir_taps[k] * r[i + k];
      out[i] = acc;
      release(r, i + 1);
    }
  xb_gate_done (gate);
}

/* cmul: OUT[i] = x[i] * (SM_CMUL_RE + i SM_CMUL_IM) for the N elements of
   RE.  */
static process
kernel_cmul (record(struct sm_cf) re, struct sm_cf *out, int n, int horizon,
	     xb_gate *gate)
{
  int i;
  view(struct sm_cf) r = new_read_view(re);
  register_view(r);
  alloc(r, horizon);
  xb_gate_wait (gate);
  for (i = 0; i < n; i++)
    {
      update(r, i + 1);
      out[i].re = r[i].re * SM_CMUL_RE - r[i].im * SM_CMUL_IM;
      out[i].im = r[i].re * SM_CMUL_IM + r[i].im * SM_CMUL_RE;
      release(r, i + 1);
    }
  xb_gate_done (gate);
}

/* Run kernel K once; see stripmine.h.  The record's buffer (write plus
   read horizon) is sized before the processes allocate, as bench/plugin
   does: otherwise the second alloc would reallocate it while the first
   view's owner waits at the start gate.  */
double
sm_entry (int k, const void *in, void *out, int n, int horizon)
{
  xb_gate gate;
  xb_gate_init (&gate, 2, 0);
  if (k == SM_CMUL)
    {
      record(struct sm_cf) rc = new_record(1, 1);
      view(struct sm_cf) sizer = new_read_view(rc);
      alloc(sizer, 2 * horizon);
      free_view(sizer, ER_TERMINATE);
      run source_cf(rc, (const struct sm_cf *) in, n, horizon, &gate);
      run kernel_cmul(rc, (struct sm_cf *) out, n, horizon, &gate);
    }
  else
    {
      record(float) rf = new_record(1, 1);
      view(float) sizer = new_read_view(rf);
      alloc(sizer, 2 * horizon);
      free_view(sizer, ER_TERMINATE);
      run source_f(rf, (const float *) in, n, horizon, &gate);
      if (k == SM_SUM)
	run kernel_sum(rf, (float *) out, n, horizon, &gate);
      else if (k == SM_SCALE_K)
	run kernel_scale(rf, (float *) out, n, horizon, &gate);
      else
	run kernel_fir(rf, (float *) out, n, horizon, &gate);
    }
  er_wait_all ();
  return xb_gate_seconds (&gate);
}
