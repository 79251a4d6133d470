/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Both schedules under fuse=auto (docs/omp-stream.md, "Grain"): a
   source, a stage whose body is neither cheap enough to fuse whatever
   the cores (above 1000 estimated operations per instance) nor too
   heavy (at most 4096), and a sink, in one counted loop: the plugin
   compiles the fused schedule (one process run in creation order) and
   the sites' own, and the runtime chooses at the first creation.  Here
   ERBIUM_FUSE=1 forces the fused one (the placement report says so);
   fuse-start-unfused.c forces the other, fuse-start-auto.c lets the
   cores decide.  The values must be bit-identical to the sequential
   computation's.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
/* { dg-set-target-env-var ERBIUM_FUSE "1" } */
/* { dg-set-target-env-var ERBIUM_PLACEMENT_REPORT "1" } */
/* { dg-output "task site \[^ \]*fuse-start.c:\[0-9\]+ \\(fused\\): fused \\(ERBIUM_FUSE; 3 processes unfused, \[0-9\]+ cores\\).*fuse-start: 64 blocks of 128: ok" } */

#include <stdio.h>
#include <string.h>

#define B 128
#define NB 64
static float in[NB * B], out[NB * B], ref[NB * B];

/* The stage's arithmetic, written out in its body and here.  */
#define STAGE(x) \
  (((((x) * 0.5f + 0.25f) * (x) - 1.0f) * (x) + 2.0f) * (x) - 0.125f)

int
main (void)
{
  for (int i = 0; i < NB * B; i++)
    in[i] = (float) ((i * 37) % 1000) / 500.0f - 1.0f;
  for (int i = 0; i < NB * B; i++)
    ref[i] = STAGE (in[i]) * 3.0f;
  float s0 __attribute__ ((stream));
  float s1 __attribute__ ((stream));
  float w0[B], r0[B], w1[B], r1[B];
  float *src = in, *dst = out;
  for (int b = 0; b < NB; b++)
    {
#pragma omp task output (s0 << w0[B]) firstprivate (src, b)
      for (int k = 0; k < B; k++)
	w0[k] = src[b * B + k];
#pragma omp task input (s0 >> r0[B]) output (s1 << w1[B])
      for (int k = 0; k < B; k++)
	w1[k] = STAGE (r0[k]);
#pragma omp task input (s1 >> r1[B]) firstprivate (dst, b)
      for (int k = 0; k < B; k++)
	dst[b * B + k] = r1[k] * 3.0f;
    }
#pragma omp taskwait
  int bad = 0;
  for (int i = 0; i < NB * B; i++)
    if (memcmp (&out[i], &ref[i], sizeof (float)) && bad++ < 10)
      printf ("element %d: %a, want %a\n", i, out[i], ref[i]);
  printf ("fuse-start: %d blocks of %d: %s\n", NB, B, bad ? "FAILED" : "ok");
  return bad != 0;
}
/* { dg-final { scan-plugin-dump-times "network fuse edge \[0-9\] \\(node \[0-9\] -> node \[0-9\]\\): fused: process __erbium_site_fused_main_0, body __erbium_fused_main_0, rate 1:1 \\(writer:reader instances, run in creation order, the stream a buffer of 128 elements\\), auto: both schedules compiled, chosen at start-up: fused when the unit's 3 processes exceed the cores found \\(ERBIUM_FUSE=0 or 1 forces it\\)\n" 2 erbium-tasks } } */
