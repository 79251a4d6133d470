/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The static conversion (docs/omp-stream.md, "Static conversion",
   taskloop.cc): a site created once in every iteration of a counted loop,
   whose firstprivate values are invariant or affine in the loop and whose
   accesses are invariant, with nothing else in the loop moving the same
   side of its streams nor writing memory, is created by one
   er_task_create_range before the loop: no er_task_create is left (the
   erbium-tasks dump holds every function's final code).  A producer and a
   consumer of one stream, two writers of two different streams in one loop,
   the inner loop of a nest (its index starts from the outer one's), a
   firstprivate pointer stepped by an element, a peek group and a sliding
   window.  static-dump-O1.c and static-dump-O0.c compile this file at -O1
   and -O0.  Fusion is off: the sites are converted one by one.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks -fplugin-arg-erbium-fuse=off" } */

void
pipeline (int n, int *out)
{
  int x __attribute__ ((stream));
  int w[4], r[4];
  for (int k = 0; k < n; k++)
    {
#pragma omp task output (x << w[4]) firstprivate (k)
      for (int j = 0; j < 4; j++)
	w[j] = k + j;
#pragma omp task input (x >> r[4]) firstprivate (k, out)
      out[k] = r[0] + r[3];
    }
#pragma omp taskwait
}

void
two_streams (long n, int *out)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int e, f, g[2];
  for (long k = 0; k < n; k++)
    {
#pragma omp task output (x << e) firstprivate (k)
      e = (int) k;
#pragma omp task output (y << f) firstprivate (k)
      f = (int) -k;
    }
  for (long k = 0; k < n; k++)
    {
      int *p = out + k;
#pragma omp task input (x >> g[1]) firstprivate (p)
      *p = g[0] + g[1];
    }
#pragma omp task input (x >> e)
  out[0] += e;
#pragma omp tick (y >> n)
#pragma omp taskwait
}

void
nest (int ni, int nj, int *out)
{
  int x __attribute__ ((stream));
  int e, q[3];
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      {
	int idx = i * nj + j;
#pragma omp task output (x << e) firstprivate (idx)
	e = idx;
      }
  for (int i = 0; i < ni; i++)
    {
#pragma omp task peek (x >> q[3]) firstprivate (i, out)
      out[i] = q[0] + q[1] + q[2];
    }
#pragma omp tick (x >> 3)
#pragma omp taskwait
}

/* Converted: the producer and consumer of pipeline, the two writers and
   the reader loop of two_streams, the inner site of nest and its peeks:
   7 sites, each with its range creation.  */
/* { dg-final { scan-plugin-dump "static-dump.c:23 '#pragma omp task' in pipeline: \[^\n\]*\n(  \[^\n\]*\n)*  conversion: static in pipeline: no activation stream: one er_task_create_range before the loop creates the instances of its iterations; stepped: k\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "static-dump.c:48 '#pragma omp task' in two_streams: \[^\n\]*\n(  \[^\n\]*\n)*  conversion: static in two_streams: \[^\n\]*; stepped: p\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "static-dump.c:66 '#pragma omp task' in nest: \[^\n\]*\n(  \[^\n\]*\n)*  conversion: static in nest: \[^\n\]*; stepped: idx\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times "  conversion: static in " 7 erbium-tasks } } */
/* { dg-final { scan-plugin-dump "static-dump.c:51 '#pragma omp task' in two_streams: \[^\n\]*\n(  \[^\n\]*\n)*  conversion: none in two_streams: it is not created in a loop\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times "er_task_create_range \\(&__erbium_site_" 7 erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times "er_task_create \\(" 1 erbium-tasks } } */
