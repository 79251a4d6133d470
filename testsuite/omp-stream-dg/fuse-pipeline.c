/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Fusion of a two-stage pipeline (docs/omp-stream.md, "The network"):
   a source and a sink created in one counted loop, cheap bodies: under
   fuse=auto the eligible edge is fused; the fused process has one
   er_task_create_range before the loop (static conversion), its body
   runs the source's then the sink's body, whose loops are vectorised
   in it, and the graph fills the fused nodes light blue.  */
/* { dg-options "-O2 -fopenmp -fopt-info-vec-optimized -fplugin-arg-erbium-dump=erbium-tasks -fplugin-arg-erbium-graph=fuse-pipeline.dot" } */
#define N 64
#define B 16
int out[N * B];

int
main (void) /* { dg-optimized "basic block part vectorized" } */
{
  int a __attribute__ ((stream));
  int wa[B], ra[B];
  int *o = out;
  for (int i = 0; i < N; i++)
    {
#pragma omp task output (a << wa[B]) firstprivate (i) task_name (source)
      for (int k = 0; k < B; k++) /* { dg-optimized "loop vectorized" } */
	wa[k] = B * i + k;
#pragma omp task input (a >> ra[B]) firstprivate (o, i) task_name (sink)
      for (int k = 0; k < B; k++) /* { dg-optimized "loop vectorized" } */
	o[B * i + k] = 3 * ra[k];
    }
#pragma omp taskwait
  return out[5] != 15;
}
/* { dg-final { scan-plugin-dump "network fuse edge 0 \\(node 0 -> node 1\\): fused: process __erbium_site_fused_main_0, body __erbium_fused_main_0\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "process \[^\\n\]*fuse-pipeline.c:20 in main: fused sites, body __erbium_fused_main_0, nodes 0 \\(fuse-pipeline.c:20\\), 1 \\(fuse-pipeline.c:23\\) run in this order per instance\n(  \[^\\n\]*\n)*  conversion: static in main" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times "  fused: into __erbium_fused_main_0" 2 erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times "er_task_create_range \\(&__erbium_site_fused_main_0" 1 erbium-tasks } } */
/* { dg-final { scan-plugin-dump-not "er_task_create \\(" erbium-tasks } } */
/* { dg-final { network-dot fuse-pipeline.dot "n0 \\\[label=\"site \[^\"\]*\", style=\"rounded,filled\", fillcolor=lightblue\\\];" } } */
/* { dg-final { network-dot fuse-pipeline.dot "n1 \\\[label=\"site \[^\"\]*\", style=\"rounded,filled\", fillcolor=lightblue\\\];" } } */
