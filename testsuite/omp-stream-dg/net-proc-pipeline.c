/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A pipeline of three Erbium-C processes (docs/omp-stream.md, "The
   network"): source -> filter over record a, filter -> sink over record
   b.  The filter commits up to what its update granted (`commit (w,
   hd)', hd the result of the update of its read view): that burst is
   not a constant and stays unknown, with the reason; the sink's updates move by 8 in a counted
   `for' (`i += 8').  */
/* { dg-options "-O2 -fplugin-arg-erbium-dump=erbium-tasks -fplugin-arg-erbium-graph=net-proc-pipeline.dot" } */
#include <erbium.h>

#define N 64
long total;

process source (record(int) a) {
  view(int) w = new_write_view(a);
  register_view(w);
  alloc(w, 8);
  for (int i = 0; i < N; i += 2) {
    stall(w, i + 2);
    w[i] = i;
    w[i + 1] = i + 1;
    commit(w, i + 2);
  }
}

process filter (record(int) a, record(int) b) {
  int tl = 0, hd;
  view(int) r = new_read_view(a);
  view(int) w = new_write_view(b);
  register_view(r);
  register_view(w);
  alloc(r, 8);
  alloc(w, 8);
  while ((hd = update(r, tl + 4)) > tl) {
    stall(w, hd);
    for (int i = tl; i < hd; i++)
      w[i] = 3 * r[i];
    commit(w, hd);
    release(r, hd);
    tl = hd;
  }
}

process sink (record(int) b) {
  long sum = 0;
  view(int) r = new_read_view(b);
  register_view(r);
  alloc(r, 16);
  for (int i = 0; i < N; i += 8) {
    update(r, i + 8);
    for (int k = i; k < i + 8; k++)
      sum += r[k];
    release(r, i + 8);
  }
  total = sum;
}

int main (void) {
  record(int) a = new_record(1, 1);
  record(int) b = new_record(1, 1);
  run source(a);
  run filter(a, b);
  run sink(b);
  er_wait_all ();
  return total != 3L * N * (N - 1) / 2;
}
/* { dg-final { scan-plugin-dump "network node 0: process source \\(run at net-proc-pipeline.c:60\\), instances 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 1: process filter \\(run at net-proc-pipeline.c:61\\), instances 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 2: process sink \\(run at net-proc-pipeline.c:62\\), instances 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network Erbium-C processes: 3 run sites, 2 record edges\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network record edge 0: node 0 -> node 1, record a in main \\(int\\), writer view w burst 2, horizon 8, reader view r burst 4, horizon 8\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network record edge 1: node 1 -> node 2, record b in main \\(int\\), writer view w burst unknown \\(commit \\(w\\) at net-proc-pipeline.c:37: its index hd is also set to er_update \\(\\(struct er_view \\*\\) r, \\(er_index\\) \\(tl \\+ 4\\)\\)\\), horizon 8, reader view r burst 8, horizon 16\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-not "network cycle" erbium-tasks } } */
/* { dg-final { network-dot "net-proc-pipeline.dot" "n1 -> n2 \\\[label=\"record b in main \\(int\\)\\\\nburst \\? -> 8, horizon 8 -> 16\", style=dashed\\\];" } } */
