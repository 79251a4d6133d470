/* SPDX-License-Identifier: GPL-3.0-or-later */ /* An eight-stage chain of cheap element-wise stages over blocks of 64
   floats (testsuite/omp-stream/fuse-chain8.c runs it) becomes one process
   under fuse=auto: seven edges fused into __erbium_fused_main_0, one
   er_task_create_range, and each stage's loop vectorised inside the fused
   body (-fopt-info-vec; so is the loop filling the input).  */
/* { dg-options "-O2 -fopenmp -fopt-info-vec-optimized -fplugin-arg-erbium-dump=erbium-tasks" } */
#include <stdio.h>
#include <string.h>

#define B 64
#define NB 512
static float in[NB * B], out[NB * B], ref[NB * B];

int
main (void) /* { dg-optimized "basic block part vectorized" } */
{
  for (int i = 0; i < NB * B; i++) /* { dg-optimized "loop vectorized" } */
    in[i] = (float) ((i * 37) % 1000) / 100.0f - 3.0f;
  for (int i = 0; i < NB * B; i++)
    {
      float x = in[i] * 1.5f;
      x = x + 0.25f;
      x = x > 4.0f ? 4.0f : x;
      x = x < -4.0f ? -4.0f : x;
      x = x * x;
      x = x - 1.0f;
      x = x * 0.5f;
      ref[i] = x + 2.0f;
    }
  float s0 __attribute__ ((stream));
  float s1 __attribute__ ((stream));
  float s2 __attribute__ ((stream));
  float s3 __attribute__ ((stream));
  float s4 __attribute__ ((stream));
  float s5 __attribute__ ((stream));
  float s6 __attribute__ ((stream));
  float w0[B], r0[B], w1[B], r1[B], w2[B], r2[B], w3[B], r3[B], w4[B], r4[B],
    w5[B], r5[B], w6[B], r6[B];
  float *src = in, *dst = out;
  for (int b = 0; b < NB; b++)
    {
#pragma omp task output (s0 << w0[B]) firstprivate (src, b)
      for (int k = 0; k < B; k++) /* { dg-optimized "loop vectorized" } */
	w0[k] = src[b * B + k] * 1.5f;
#pragma omp task input (s0 >> r0[B]) output (s1 << w1[B])
      for (int k = 0; k < B; k++) /* { dg-optimized "loop vectorized" } */
	w1[k] = r0[k] + 0.25f;
#pragma omp task input (s1 >> r1[B]) output (s2 << w2[B])
      for (int k = 0; k < B; k++) /* { dg-optimized "loop vectorized" } */
	w2[k] = r1[k] > 4.0f ? 4.0f : r1[k];
#pragma omp task input (s2 >> r2[B]) output (s3 << w3[B])
      for (int k = 0; k < B; k++) /* { dg-optimized "loop vectorized" } */
	w3[k] = r2[k] < -4.0f ? -4.0f : r2[k];
#pragma omp task input (s3 >> r3[B]) output (s4 << w4[B])
      for (int k = 0; k < B; k++) /* { dg-optimized "loop vectorized" } */
	w4[k] = r3[k] * r3[k];
#pragma omp task input (s4 >> r4[B]) output (s5 << w5[B])
      for (int k = 0; k < B; k++) /* { dg-optimized "loop vectorized" } */
	w5[k] = r4[k] - 1.0f;
#pragma omp task input (s5 >> r5[B]) output (s6 << w6[B])
      for (int k = 0; k < B; k++) /* { dg-optimized "loop vectorized" } */
	w6[k] = r5[k] * 0.5f;
#pragma omp task input (s6 >> r6[B]) firstprivate (dst, b)
      for (int k = 0; k < B; k++) /* { dg-optimized "loop vectorized" } */
	dst[b * B + k] = r6[k] + 2.0f;
    }
#pragma omp taskwait
  int bad = 0;
  for (int i = 0; i < NB * B; i++)
    if (memcmp (&out[i], &ref[i], sizeof (float)))
      {
	if (bad++ < 10)
	  printf ("element %d: %a, want %a\n", i, out[i], ref[i]);
      }
  printf ("fuse-chain8: %d blocks of %d: %s\n", NB, B, bad ? "FAILED" : "ok");
  return bad != 0;
}
/* { dg-final { scan-plugin-dump-times "network fuse edge \[0-9\] \\(node \[0-9\] -> node \[0-9\]\\): fused: process __erbium_site_fused_main_0, body __erbium_fused_main_0\n" 7 erbium-tasks } } */
/* { dg-final { scan-plugin-dump "fused sites, body __erbium_fused_main_0, nodes 0 \\(\[^\n\]*\\), 1 \[^\n\]*, 7 \\(fuse-chain8.c:63\\) run in this order per instance\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times "er_task_create_range \\(" 1 erbium-tasks } } */
/* { dg-final { scan-plugin-dump-not "er_task_create \\(" erbium-tasks } } */
