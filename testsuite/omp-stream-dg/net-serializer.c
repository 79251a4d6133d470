/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A serializer token: a stateful site passes a token from each instance
   to the next, seeded before the loop and dropped by a tick after it.
   The site is on a cycle (a self-loop) and may not be split; the seed's
   edge may not be fused (the stream has another writer).  The function
   may be called from other units: its counts are unknown.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
int total;

void
run (int n)
{
  int tok __attribute__ ((stream));
  int x __attribute__ ((stream));
  int t0, tin, tout, v, w;
#pragma omp task output (tok << t0) task_name (seed)
  t0 = 0;
  for (int i = 0; i < n; i++)
    {
#pragma omp task output (x << v) firstprivate (i) task_name (gen)
      v = i;
#pragma omp task input (tok >> tin, x >> w) output (tok << tout) task_name (acc)
      tout = tin + w;
    }
  {
#pragma omp tick (tok)
  }
}
/* { dg-final { scan-plugin-dump "network of the unit: 4 nodes, 5 edges, 1 cycles" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 2: site net-serializer.c:21 \\(acc\\), body __erbium_task_run_2, one process per site, instances unknown \\(run may be called from other units\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 3: control program of run, instances unknown \\(run may be called from other units\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 0: node 0 -> node 2, stream tok \\(int\\), writer burst 1, reader burst 1, horizon 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 3: node 2 -> node 2, stream tok \\(int\\), writer burst 1, reader burst 1, horizon 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 4: node 2 -> node 3, stream tok \\(int\\), writer burst 1, reader burst 1 \\(tick\\), horizon 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network cycle 0: node 2 \\(self-loop\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 0 \\(node 0 -> node 2\\): not eligible: stream tok is also written by node 2 after the writer: the reader takes the elements of both\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 2 \\(node 1 -> node 2\\): eligible: the same loop \\(for at net-serializer.c:17\\), rate 1:1" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 3 \\(node 2 -> node 2\\): not eligible: a self-loop: the site reads what its own instances write\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 2: not eligible: a self-loop on stream tok: an instance reads what an earlier one wrote" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 1: eligible" erbium-tasks } } */
