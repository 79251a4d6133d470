/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Instance counts of Erbium-C processes (docs/omp-stream.md, "The
   network"): a run in a counted loop of constant trip count (4 workers),
   a run in a loop counted by a parameter of the process that runs it
   (loop-counted n), whose record is that process's parameter, followed
   to the record main passes; a run in a `while' (unknown).  */
/* { dg-options "-O2 -fplugin-arg-erbium-dump=erbium-tasks" } */
#include <erbium.h>

process writer (record(int) re) {
  view(int) w = new_write_view(re);
  register_view(w);
  alloc(w, 4);
  for (int i = 0; i < 32; i++) {
    stall(w, i + 1);
    w[i] = i;
    commit(w, i + 1);
  }
}

process reader (record(int) re) {
  view(int) r = new_read_view(re);
  register_view(r);
  alloc(r, 4);
  for (int i = 0; ; i++) {
    if (update(r, i + 1) <= i)
      break;
    release(r, i + 1);
  }
}

process spawner (record(int) re, int n) {
  for (int k = 0; k < n; k++)
    run reader(re);
}

int main (int argc, char **argv) {
  record(int) re = new_record(1, 5 + argc);
  run writer(re);
  for (int k = 0; k < 4; k++)
    run reader(re);
  run spawner(re, 2);
  while (argc-- > 1)
    run reader(re);
  er_wait_all ();
  return 0;
}
/* { dg-final { scan-plugin-dump "network node 0: process reader \\(run at net-proc-loop.c:33\\), instances loop-counted n \\(for at net-proc-loop.c:32\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 1: process writer \\(run at net-proc-loop.c:38\\), instances 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 2: process reader \\(run at net-proc-loop.c:40\\), instances 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 3: process spawner \\(run at net-proc-loop.c:41\\), instances 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 4: process reader \\(run at net-proc-loop.c:43\\), instances unknown \\(the trip count of while at net-proc-loop.c:42 is not known" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network view node 0: read view r \\(int\\) on record re in main, burst 1, horizon 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network record edge 0: node 1 -> node 0, record re in main" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network record edge 1: node 1 -> node 2, record re in main" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network record edge 2: node 1 -> node 4, record re in main" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network Erbium-C processes: 5 run sites, 3 record edges\n" erbium-tasks } } */
