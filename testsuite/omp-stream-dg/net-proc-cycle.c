/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A cycle of Erbium-C processes (docs/omp-stream.md, "The network"):
   ping writes record p, which pong reads, and reads record q, which
   pong writes; both nodes are on cycle 0, drawn in red.  Ping's reads
   count by 1 (`update (r, i)', i++); its first commit, to the constant
   index 1, is not a burst of a loop, so its write burst is unknown.
   A process that writes and reads its own record is a self-loop.  */
/* { dg-options "-O2 -fplugin-arg-erbium-dump=erbium-tasks -fplugin-arg-erbium-graph=net-proc-cycle.dot" } */
#include <erbium.h>

process ping (record(int) p, record(int) q) {
  view(int) w = new_write_view(p);
  view(int) r = new_read_view(q);
  register_view(w);
  register_view(r);
  alloc(w, 1);
  alloc(r, 1);
  w[0] = 1;
  commit(w, 1);
  for (int i = 1; i < 8; i++) {
    update(r, i);
    stall(w, i + 1);
    w[i] = r[i - 1] + 1;
    commit(w, i + 1);
    release(r, i);
  }
}

process pong (record(int) p, record(int) q) {
  view(int) r = new_read_view(p);
  view(int) w = new_write_view(q);
  register_view(r);
  register_view(w);
  alloc(r, 1);
  alloc(w, 1);
  for (int i = 0; i < 7; i++) {
    update(r, i + 1);
    stall(w, i + 1);
    w[i] = r[i] + 1;
    commit(w, i + 1);
    release(r, i + 1);
  }
}

process loopback (record(int) s) {
  view(int) w = new_write_view(s);
  view(int) r = new_read_view(s);
  register_view(w);
  register_view(r);
  alloc(w, 1);
  alloc(r, 1);
  for (int i = 0; i < 4; i++) {
    stall(w, i + 1);
    w[i] = i;
    commit(w, i + 1);
    update(r, i + 1);
    release(r, i + 1);
  }
}

int main (void) {
  record(int) p = new_record(1, 1);
  record(int) q = new_record(1, 1);
  run ping(p, q);
  run pong(p, q);
  record(int) s = new_record(1, 1);
  run loopback(s);
  er_wait_all ();
  return 0;
}
/* { dg-final { scan-plugin-dump "network record edge 0: node 0 -> node 1, record p in main \\(int\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network record edge 1: node 1 -> node 0, record q in main \\(int\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network of the unit: 3 nodes, 0 edges, 2 cycles\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network cycle 0: nodes 0, 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network record edge 2: node 2 -> node 2, record s in main \\(int\\), writer view w burst 1, horizon 1, reader view r burst 1, horizon 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network cycle 1: node 2 \\(self-loop\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network view node 0: write view w \\(int\\) on record p in main, burst unknown \\(commit \\(w\\) at net-proc-cycle.c:18: its index 1 is not `t \\+ constant'\\), horizon 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network view node 0: read view r \\(int\\) on record q in main, burst 1, horizon 1\n" erbium-tasks } } */
/* { dg-final { network-dot "net-proc-cycle.dot" "n0 \\\[label=\"process ping \\(run at net-proc-cycle.c:63\\)\\\\ninstances 1\", shape=hexagon, color=red\\\];" "n0 -> n1 \\\[label=\"record p in main \\(int\\)\\\\nburst \\? -> 1, horizon 1 -> 1\", style=dashed, color=red, fontcolor=red\\\];" } } */
