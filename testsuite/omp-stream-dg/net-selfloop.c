/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Self-loops and the state of instances.  A relay passes its window on
   to the same stream (inout_reuse), a site reads and writes streams of
   one array at subscripts the plugin cannot tell apart: both are
   self-loops, on a cycle, never split.  The others differ in what their
   bodies write: through a helper's parameter into their own window
   (split), into a global through a helper, through printf, or through a
   helper's parameter into what a pointer copied at creation points
   to.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
#include <stdio.h>

float total;

static void
square (float *y, const float *x, int n)
{
  for (int k = 0; k < n; k++)
    y[k] = x[k] * x[k];
}

static void
accumulate (const float *x, int n)
{
  for (int k = 0; k < n; k++)
    total += x[k];
}

static void
bump (int *p)
{
  *p += 1;
}

void
run (int n, int *perm, int *count)
{
  float s __attribute__ ((stream));
  float xs[4] __attribute__ ((stream));
  float t __attribute__ ((stream));
  float v[4], a[4], b[4], c[4];
  for (int i = 0; i < n; i++)
    {
#pragma omp task inout_reuse (s >> v[4] >> s) task_name (relay)
      v[0] += 1;
#pragma omp task input (xs[perm[i]] >> a[4]) output (xs[perm[i + 1]] << b[4]) task_name (shuffle)
      b[0] = a[0];
#pragma omp task input (xs[0] >> a[4]) output (t << c[4]) task_name (pure)
      square (c, a, 4);
#pragma omp task input (t >> a[4]) task_name (global)
      accumulate (a, 4);
#pragma omp task peek (t >> a) task_name (print)
      printf ("%f\n", a[0]);
#pragma omp task firstprivate (count) task_name (counter)
      bump (count);
    }
}
/* { dg-final { scan-plugin-dump "network of the unit: 6 nodes, 5 edges, 2 cycles" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 0: node 0 -> node 0, stream s \\(float\\), writer burst 4, reader burst 4, horizon 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 1: node 1 -> node 1, stream xs.\\?. \\(float\\), writer burst 4, reader burst 4, horizon 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 2: node 1 -> node 2, stream xs.0. \\(float\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network cycle 0: node 0 \\(self-loop\\)\nnetwork cycle 1: node 1 \\(self-loop\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 0 \\(node 0 -> node 0\\): not eligible: a self-loop" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 2 \\(node 1 -> node 2\\): not eligible: stream xs.0. has another reader that takes positions, node 1" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 0: not eligible: a self-loop on stream s: " erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 1: not eligible: a self-loop on stream xs.\\?.: " erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 2: eligible: no state from one instance to the next" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 3: not eligible: its body calls accumulate, which writes global total \\(net-selfloop.c:25\\): state kept from one instance to the next\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 4: not eligible: its body calls printf, a function of another unit whose effects are not known" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 5: not eligible: its body calls bump, which writes through its argument 1: memory through count, a pointer copied at creation, which every instance shares: state kept from one instance to the next\n" erbium-tasks } } */
