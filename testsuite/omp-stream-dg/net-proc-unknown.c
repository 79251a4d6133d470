/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Records whose reaching the unit does not show stay unknown
   (docs/omp-stream.md, "The network"): a record passed as a field of a
   structure, and one passed to a function that is not a process (its
   callers are not followed); their views are listed with the reason and
   no record edge is guessed between them; nor for a variable set to two
   records in turn, each passed to a writer and a reader.  A global record opened by the
   processes directly is known.  */
/* { dg-options "-O2 -fplugin-arg-erbium-dump=erbium-tasks -fplugin-arg-erbium-graph=net-proc-unknown.dot" } */
#include <erbium.h>

struct pair { record(int) re; };
record(int) g;

process put (record(int) re) {
  view(int) w = new_write_view(re);
  register_view(w);
  alloc(w, 2);
  commit(w, 2);
}

process get (record(int) re) {
  view(int) r = new_read_view(re);
  register_view(r);
  alloc(r, 2);
  update(r, 2);
}

process put_g (void) {
  view(int) w = new_write_view(g);
  register_view(w);
  alloc(w, 2);
  commit(w, 2);
}

process get_g (void) {
  view(int) r = new_read_view(g);
  register_view(r);
  alloc(r, 2);
  update(r, 2);
}

void start (record(int) re) {
  run put(re);
  run get(re);
}

int main (void) {
  struct pair p;
  p.re = new_record(1, 1);
  run put(p.re);
  run get(p.re);
  start(new_record(1, 1));
  g = new_record(1, 1);
  run put_g();
  run get_g();
  record(int) x = new_record(1, 1);
  run put(x);
  run get(x);
  x = new_record(1, 1);
  run put(x);
  run get(x);
  er_wait_all ();
  return 0;
}
/* { dg-final { scan-plugin-dump "network view node 0: write view w \\(int\\) on record unknown \\(re, a parameter of start, which is not a process \\(its callers are not followed\\)\\), burst unknown \\(commit \\(w\\) at net-proc-unknown.c:18: its index 2 is not `t \\+ constant'\\), horizon 2\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network view node 1: read view r \\(int\\) on record unknown \\(re, a parameter of start, which is not a process" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network view node 2: write view w \\(int\\) on record unknown \\(p.re, not a record variable\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network view node 3: read view r \\(int\\) on record unknown \\(p.re, not a record variable\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network view node 4: write view w \\(int\\) on record g, " erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network Erbium-C processes: 10 run sites, 1 record edges\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network record edge 0: node 4 -> node 5, record g \\(int\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network view node 6: write view w \\(int\\) on record unknown \\(x is set at several places \\(which record reaches the view is not followed\\)\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network view node 7: read view r \\(int\\) on record unknown \\(x is set at several places" erbium-tasks } } */
/* { dg-final { network-dot "net-proc-unknown.dot" "u0 \\\[label=\"\\?\", shape=plaintext\\\];\n  n0 -> u0 \\\[label=\"record \\? \\(int\\)" "u1 -> n1 \\\[label=\"record \\? \\(int\\)" "n4 -> n5 \\\[label=\"record g \\(int\\)" } } */
