/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The paper's Figure 2 (section 3) in the language of <erbium.h>: at -O3
   both burst loops vectorise (vi[i] is er_elem, given the burst form by
   erbium-window) and no hot-path primitive call is left after
   erbium-lower (er_elem stays a call in the loops' copies for
   ERBIUM_CHECK=1, which are cold).  */
/* { dg-do compile } */
/* { dg-options "-O3 -fchecking -fopt-info-vec -fplugin-arg-erbium-dump" } */
/* { dg-final { scan-plugin-dump "burst form" erbium-window } } */
/* { dg-final { scan-plugin-dump-not {masked form, checked \((?!versioned copy)} erbium-window } } */
/* { dg-final { scan-plugin-dump-not {left as a library call \((?!cold path)} erbium-lower } } */
/* { dg-final { scan-assembler-not {\m(call|jmp)\s+er_(commit|update|stall|release|receive)\M} } } */

#include <stdio.h>
#include <erbium.h>

#define N 1000001
#define P_HORIZ 256
#define P_BURST 64
#define C_HORIZ 128
#define C_BURST 48

static int foo (int i) { return 3 * i + 1; }

long result;

process producer (record(int) re) {
  int tl=0, hd, i;
  view(int) vi = new_write_view(re);
  register_view(vi);
  alloc(vi, P_HORIZ);
  while (1) {
    hd = tl + P_BURST;
    if (hd>=N) break;
    stall(vi, hd);
    for (i=tl; i<hd; i++)	/* { dg-optimized "loop vectorized" } */
      vi[i] = foo(i);
    commit(vi, hd);
    tl = hd;
  }
}

process consumer (record(int) re) {
  int tl=0, hd, i;
  long sum=0;
  view(int) vi = new_read_view(re);
  register_view(vi);
  alloc(vi, C_HORIZ);
  while(1) {
    hd = tl + C_BURST;
    receive(vi, hd);
    hd = update(vi, hd);
    if (!hd) break;
    for (i=tl; i<hd; i++)	/* { dg-optimized "loop vectorized" } */
      sum += vi[i];
    release(vi, hd);
    tl = hd;
  }
  result = sum;
}

int main() {
  record(int) re = new_record(1, 1);
  run producer(re); run consumer(re);
  er_wait_all ();
  printf ("%ld\n", result);
  return 0;
}
