/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A site created in two different loops: its function is called in a
   loop of 3 and in a loop of 5 counting down, so it has 8 instances,
   as many as its reader's loop (one edge, however many calls lead to
   the stream); a site in a function other units may call has an
   unknown count, and its stream parameter stands for streams the unit
   does not show.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
static void
put (float s __attribute__ ((stream)), float v)
{
  float w;
#pragma omp task output (s << w) firstprivate (v) task_name (put)
  w = v;
}

void
extern_put (float s __attribute__ ((stream)))
{
  float w;
#pragma omp task output (s << w) task_name (extern_put)
  w = 0;
#pragma omp task input (s >> w) task_name (extern_get)
  w += 1;
}

int
main (void)
{
  float x __attribute__ ((stream));
  float r;
  for (int i = 0; i < 3; i++)
    put (x, i);
  for (int i = 5; i > 0; i--)
    put (x, i);
  for (int i = 0; i < 8; i++)
    {
#pragma omp task input (x >> r) task_name (get)
      r += 1;
    }
#pragma omp taskwait
  return 0;
}
/* { dg-final { scan-plugin-dump "network of the unit: 4 nodes, 2 edges, 0 cycles" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 0: site net-two-loops.c:12 \\(put\\), \[^\\n\]*, instances 8\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 1: site net-two-loops.c:20 \\(extern_put\\), \[^\\n\]*, instances unknown \\(extern_put may be called from other units\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 3: site net-two-loops.c:37 \\(get\\), \[^\\n\]*, instances 8\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 0: node 0 -> node 3, stream x \\(float\\), writer burst 1, reader burst 1, horizon 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 1: node 1 -> node 2, stream s \\(float\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 0 \\(node 0 -> node 3\\): eligible: constant instance counts 8 and 8, rate 1:1" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 1 \\(node 1 -> node 2\\): not eligible: stream s is not known in the unit \\(a parameter of extern_put, which other units may call\\)\n" erbium-tasks } } */
