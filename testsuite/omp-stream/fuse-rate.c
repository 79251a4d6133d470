/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Fusion at rates other than 1:1 (docs/omp-stream.md, "The network"):
   a source writing blocks of 4 x B floats read by a stage in blocks of B
   created four times per block (rate 1:4), the stage writing blocks of
   B to a sink created with it (1:1): one process of three sites run in
   creation order; two writers of B floats per reader of 2 x B (2:1);
   three writers of one float per reader of 3 (3:1); blocks of 4 x B
   written in one loop read as blocks of B in a loop of four times the
   count after it (1:4, the buffer holding every block).  The values must be
   bit-identical to the same arithmetic done by sequential loops, fused
   (here) and with fuse=off (fuse-rate-off.c).  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
/* { dg-output "fuse-rate: 1:4, 2:1, 3:1, 1:4 in two loops: ok" } */

#include <stdio.h>
#include <string.h>

#define B 16
#define NB 64
static float in[NB * 4 * B], out14[NB * 4 * B], ref14[NB * 4 * B];
static float out21[NB * 2 * B], ref21[NB * 2 * B];
static float out31[NB * 3], ref31[NB * 3];
static float outl[NB * 4 * B], refl[NB * 4 * B];

/* Blocks of 4 x B, each read as four blocks of B.  */
static void
one_four (float *src, float *dst)
{
  float s0 __attribute__ ((stream));
  float s1 __attribute__ ((stream));
  float w0[4 * B], r0[B], w1[B], r1[B];
  for (int b = 0; b < NB; b++)
    {
#pragma omp task output (s0 << w0[4 * B]) firstprivate (src, b)
      for (int k = 0; k < 4 * B; k++)
	w0[k] = src[b * 4 * B + k] * 1.5f;
      for (int j = 0; j < 4; j++)
	{
#pragma omp task input (s0 >> r0[B]) output (s1 << w1[B]) firstprivate (j)
	  for (int k = 0; k < B; k++)
	    w1[k] = r0[k] * r0[k] + (float) j;
#pragma omp task input (s1 >> r1[B]) firstprivate (dst, b, j)
	  for (int k = 0; k < B; k++)
	    dst[(b * 4 + j) * B + k] = r1[k] - 0.25f;
	}
    }
}

/* Two blocks of B written per block of 2 x B read.  */
static void
two_one (float *src, float *dst)
{
  float s __attribute__ ((stream));
  float w[B], r[2 * B];
  for (int b = 0; b < NB; b++)
    {
      for (int j = 0; j < 2; j++)
	{
#pragma omp task output (s << w[B]) firstprivate (src, b, j)
	  for (int k = 0; k < B; k++)
	    w[k] = src[(b * 2 + j) * B + k] + 0.5f * (float) j;
	}
#pragma omp task input (s >> r[2 * B]) firstprivate (dst, b)
      for (int k = 0; k < 2 * B; k++)
	dst[b * 2 * B + k] = r[k] * 3.0f;
    }
}

/* Three elements written one by one per window of three read.  */
static void
three_one (float *src, float *dst)
{
  float s __attribute__ ((stream));
  float w, r[3];
  for (int b = 0; b < NB; b++)
    {
      for (int j = 0; j < 3; j++)
	{
#pragma omp task output (s << w) firstprivate (src, b, j)
	  w = src[b * 3 + j] / 3.0f;
	}
#pragma omp task input (s >> r[3]) firstprivate (dst, b)
      {
	dst[b * 3] = r[0] + r[1];
	dst[b * 3 + 1] = r[1] - r[2];
	dst[b * 3 + 2] = r[2] * r[0];
      }
    }
}

/* Blocks of 4 x B written in one loop, read as blocks of B in a second
   loop of 4 x NB iterations.  */
static void
two_loops (float *src, float *dst)
{
  float s __attribute__ ((stream));
  float w[4 * B], r[B];
  for (int b = 0; b < NB; b++)
    {
#pragma omp task output (s << w[4 * B]) firstprivate (src, b)
      for (int k = 0; k < 4 * B; k++)
	w[k] = src[b * 4 * B + k] - 1.0f;
    }
  for (int i = 0; i < 4 * NB; i++)
    {
#pragma omp task input (s >> r[B]) firstprivate (dst, i)
      for (int k = 0; k < B; k++)
	dst[i * B + k] = r[k] * r[k];
    }
}

int
main (void)
{
  for (int i = 0; i < NB * 4 * B; i++)
    in[i] = (float) ((i * 37) % 1000) / 100.0f - 3.0f;
  for (int b = 0; b < NB; b++)
    for (int j = 0; j < 4; j++)
      for (int k = 0; k < B; k++)
	{
	  float x = in[(b * 4 + j) * B + k] * 1.5f;
	  x = x * x + (float) j;
	  ref14[(b * 4 + j) * B + k] = x - 0.25f;
	}
  for (int b = 0; b < NB; b++)
    for (int j = 0; j < 2; j++)
      for (int k = 0; k < B; k++)
	{
	  float x = in[(b * 2 + j) * B + k] + 0.5f * (float) j;
	  ref21[(b * 2 + j) * B + k] = x * 3.0f;
	}
  for (int b = 0; b < NB; b++)
    {
      float r0 = in[b * 3] / 3.0f, r1 = in[b * 3 + 1] / 3.0f;
      float r2 = in[b * 3 + 2] / 3.0f;
      ref31[b * 3] = r0 + r1;
      ref31[b * 3 + 1] = r1 - r2;
      ref31[b * 3 + 2] = r2 * r0;
    }
  for (int i = 0; i < NB * 4 * B; i++)
    refl[i] = (in[i] - 1.0f) * (in[i] - 1.0f);
  one_four (in, out14);
  two_one (in, out21);
  three_one (in, out31);
  two_loops (in, outl);
#pragma omp taskwait
  int bad = 0;
  if (memcmp (out14, ref14, sizeof out14))
    bad++, printf ("1:4 differs\n");
  if (memcmp (out21, ref21, sizeof out21))
    bad++, printf ("2:1 differs\n");
  if (memcmp (out31, ref31, sizeof out31))
    bad++, printf ("3:1 differs\n");
  if (memcmp (outl, refl, sizeof outl))
    bad++, printf ("1:4 in two loops differs\n");
  printf ("fuse-rate: 1:4, 2:1, 3:1, 1:4 in two loops: %s\n",
	  bad ? "FAILED" : "ok");
  return bad != 0;
}
/* { dg-final { scan-plugin-dump "network fuse edge 0 \\(node 0 -> node 1\\): fused: process __erbium_site_fused_one_four_0, body __erbium_fused_one_four_0, rate 1:4 \\(writer:reader instances, run in creation order, the stream a buffer of 64 elements\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 1 \\(node 1 -> node 2\\): fused: process __erbium_site_fused_one_four_0, body __erbium_fused_one_four_0, rate 1:1 " erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 2 \\(node 3 -> node 4\\): fused: process __erbium_site_fused_two_one_1, body __erbium_fused_two_one_1, rate 2:1 " erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 3 \\(node 5 -> node 6\\): fused: process __erbium_site_fused_three_one_2, body __erbium_fused_three_one_2, rate 3:1 " erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 4 \\(node 7 -> node 8\\): fused: process __erbium_site_fused_two_loops_3, body __erbium_fused_two_loops_3, rate 1:4 \\(writer:reader instances, run in creation order, the stream a buffer of 4096 elements\\)\n" erbium-tasks } } */
