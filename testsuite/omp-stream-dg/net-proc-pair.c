/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The network of an Erbium-C producer and consumer (docs/omp-stream.md,
   "The network"): two process nodes run once from main, one record edge
   from the write view to the read view with the constant bursts of their
   commits and updates (4: `hd = tl + 4; commit (w, hd); tl = hd') and
   the horizons of their allocs (16, 32); neither node is fused nor
   split.  The picture draws the processes as hexagons and the record as
   a dashed edge.  */
/* { dg-options "-O2 -fplugin-arg-erbium-dump=erbium-tasks -fplugin-arg-erbium-graph=net-proc-pair.dot" } */
#include <erbium.h>

#define N 64
long total;

process producer (record(int) re) {
  int tl = 0, hd;
  view(int) w = new_write_view(re);
  register_view(w);
  alloc(w, 16);
  while (tl < N) {
    hd = tl + 4;
    stall(w, hd);
    for (int i = tl; i < hd; i++)
      w[i] = i;
    commit(w, hd);
    tl = hd;
  }
}

process consumer (record(int) re) {
  int tl = 0, hd;
  long sum = 0;
  view(int) r = new_read_view(re);
  register_view(r);
  alloc(r, 32);
  while (1) {
    hd = update(r, tl + 4);
    if (hd <= tl)
      break;
    for (int i = tl; i < hd; i++)
      sum += r[i];
    release(r, hd);
    tl = hd;
  }
  total = sum;
}

int main (void) {
  record(int) re = new_record(1, 1);
  run producer(re);
  run consumer(re);
  er_wait_all ();
  return total != N * (N - 1) / 2;
}
/* { dg-final { scan-plugin-dump "network of the unit: 2 nodes, 0 edges, 0 cycles\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 0: process producer \\(run at net-proc-pair.c:49\\), instances 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 1: process consumer \\(run at net-proc-pair.c:50\\), instances 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network Erbium-C processes: 2 run sites, 1 record edges\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network view node 0: write view w \\(int\\) on record re in main, burst 4, horizon 16\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network view node 1: read view r \\(int\\) on record re in main, burst 4, horizon 32\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network record edge 0: node 0 -> node 1, record re in main \\(int\\), writer view w burst 4, horizon 16, reader view r burst 4, horizon 32\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network grain node 0: neither fused nor split: an Erbium-C process runs as written \\(fusion and splitting apply to OpenMP stream task sites\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network grain node 1: neither fused nor split" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-not "network cycle" erbium-tasks } } */
/* { dg-final { network-dot "net-proc-pair.dot" "^digraph network \\\{\n" "n0 \\\[label=\"process producer \\(run at net-proc-pair.c:49\\)\\\\ninstances 1\", shape=hexagon\\\];" "n1 \\\[label=\"process consumer \\(run at net-proc-pair.c:50\\)\\\\ninstances 1\", shape=hexagon\\\];" "n0 -> n1 \\\[label=\"record re in main \\(int\\)\\\\nburst 4 -> 4, horizon 16 -> 32\", style=dashed\\\];" } } */
