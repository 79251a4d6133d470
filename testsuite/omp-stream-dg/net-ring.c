/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A ring between two sites: ping writes p, pong reads it and writes q,
   which ping reads at its next instance; one element of q is written
   before the loop (a seed), the rest dropped by a tick after it.  Fusing
   ping and pong is simulated over the cycle's period: with the seed, it
   does not starve.  The second ring has no seed: fusing would starve
   (and the program would wait for ever; it is only compiled).  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
static void
ring (int n)
{
  int p __attribute__ ((stream));
  int q __attribute__ ((stream));
  int u, v, s0;
#pragma omp task output (q << s0) task_name (seed)
  s0 = 1;
  for (int i = 0; i < n; i++)
    {
#pragma omp task input (q >> u) output (p << v) task_name (ping)
      v = u + 1;
#pragma omp task input (p >> u) output (q << v) task_name (pong)
      v = 2 * u;
    }
  {
#pragma omp tick (q)
  }
}

static void
dry (int n)
{
  int p __attribute__ ((stream));
  int q __attribute__ ((stream));
  int u, v;
  for (int i = 0; i < n; i++)
    {
#pragma omp task input (q >> u) output (p << v) task_name (dry_ping)
      v = u + 1;
#pragma omp task input (p >> u) output (q << v) task_name (dry_pong)
      v = 2 * u;
    }
}

int
main (int argc, char **argv)
{
  ring (8);
  if (argc > 5)
    dry (8);
  return 0;
}
/* { dg-final { scan-plugin-dump "network of the unit: 6 nodes, 7 edges, 2 cycles" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 1: site net-ring.c:18 \\(ping\\), body __erbium_task_ring_1, one process per site, instances loop-counted n \\(for at net-ring.c:16\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 3: site net-ring.c:36 \\(dry_ping\\), body __erbium_task_dry_3, one process per site, instances unknown \\(created under a condition: if at net-ring.c:47\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 2: node 1 -> node 2, stream p in ring \\(int\\), writer burst 1, reader burst 1, horizon 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 3: node 2 -> node 1, stream q in ring \\(int\\), writer burst 1, reader burst 1, horizon 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network cycle 0: nodes 1, 2\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network cycle 1: nodes 3, 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 2 \\(node 1 -> node 2\\): eligible: the same loop \\(for at net-ring.c:16\\), rate 1:1 \\(writer:reader instances\\), bursts 1 -> 1; on cycle 0 \\(initially 1 on q in ring\\): the schedule running the writer's instances first does not starve\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 3 \\(node 2 -> node 1\\): not eligible: stream q in ring is also written by node 0 before the writer's loop: the reader takes those elements first\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 5 \\(node 3 -> node 4\\): not eligible: on cycle 1: its tokens \\(initially no element\\) would starve a static schedule of node 3 and node 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 1: not eligible: on cycle 0 with node 2: an instance waits for data that depends on an earlier one\n" erbium-tasks } } */
