/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Fusion (docs/omp-stream.md, "The network"): a chain of eight cheap
   element-wise stages (scale, offset, clip high, clip low, square,
   offset, scale, offset), eight sites over blocks of 64 floats created in
   one counted loop, becomes one process under fuse=auto; its results must
   be bit-identical to the same arithmetic done by a sequential loop.
   fuse-chain8-off.c runs the same program with fuse=off, the eight
   processes of the source.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
/* { dg-output "fuse-chain8: 512 blocks of 64: ok" } */

#include <stdio.h>
#include <string.h>

#define B 64
#define NB 512
static float in[NB * B], out[NB * B], ref[NB * B];

int
main (void)
{
  for (int i = 0; i < NB * B; i++)
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
      for (int k = 0; k < B; k++)
	w0[k] = src[b * B + k] * 1.5f;
#pragma omp task input (s0 >> r0[B]) output (s1 << w1[B])
      for (int k = 0; k < B; k++)
	w1[k] = r0[k] + 0.25f;
#pragma omp task input (s1 >> r1[B]) output (s2 << w2[B])
      for (int k = 0; k < B; k++)
	w2[k] = r1[k] > 4.0f ? 4.0f : r1[k];
#pragma omp task input (s2 >> r2[B]) output (s3 << w3[B])
      for (int k = 0; k < B; k++)
	w3[k] = r2[k] < -4.0f ? -4.0f : r2[k];
#pragma omp task input (s3 >> r3[B]) output (s4 << w4[B])
      for (int k = 0; k < B; k++)
	w4[k] = r3[k] * r3[k];
#pragma omp task input (s4 >> r4[B]) output (s5 << w5[B])
      for (int k = 0; k < B; k++)
	w5[k] = r4[k] - 1.0f;
#pragma omp task input (s5 >> r5[B]) output (s6 << w6[B])
      for (int k = 0; k < B; k++)
	w6[k] = r5[k] * 0.5f;
#pragma omp task input (s6 >> r6[B]) firstprivate (dst, b)
      for (int k = 0; k < B; k++)
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
/* { dg-final { scan-plugin-dump-times "network fuse edge \[0-9\] \\(node \[0-9\] -> node \[0-9\]\\): fused: process __erbium_site_fused_main_0" 7 erbium-tasks } } */
