/* SPDX-License-Identifier: GPL-3.0-or-later */ /* erbium-lower expands every hot-path primitive of the C API in library
   mode (runtime/include/erbium/sync.h, one algorithm) at -O2: the dump
   says so for each call, and no call of a primitive is left in the
   assembly, only the out-of-line slow paths (and er_elem in the burst
   loop's copy for ERBIUM_CHECK=1, a cold path).  Functions with and without
   loops (the latter run pass_tree_no_loop: dump erbium-lower2).  Like the
   inline header (runtime/asm-hot-path-plain-moves.c): no lock prefix, no
   xchg, no fence.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fchecking -fplugin-arg-erbium-dump" } */
/* { dg-final { scan-plugin-dump-times "er_commit at line \[0-9\]+: expanded inline" 2 erbium-lower } } */
/* { dg-final { scan-plugin-dump-times "er_update at line \[0-9\]+: expanded inline" 2 erbium-lower } } */
/* { dg-final { scan-plugin-dump "er_stall at line \[0-9\]+: expanded inline" erbium-lower } } */
/* { dg-final { scan-plugin-dump "er_release at line \[0-9\]+: expanded inline" erbium-lower } } */
/* { dg-final { scan-plugin-dump "er_receive at line \[0-9\]+: expanded inline" erbium-lower } } */
/* { dg-final { scan-plugin-dump "er_receive_range at line \[0-9\]+: expanded inline" erbium-lower } } */
/* { dg-final { scan-plugin-dump "er_burst at line \[0-9\]+: expanded inline" erbium-lower } } */
/* { dg-final { scan-plugin-dump-not {left as a library call \((?!cold path)} erbium-lower } } */
/* { dg-final { scan-assembler-not {\m(call|jmp)\s+er_(commit|update|stall|release|receive|receive_range|burst)\M} } } */
/* { dg-final { scan-assembler-not {\mlock\M} } } */
/* { dg-final { scan-assembler-not {xchg} } } */
/* { dg-final { scan-assembler-not {[lsm]fence} } } */
/* { dg-final { scan-assembler {\mer_update_slow\M} } } */
/* { dg-final { scan-assembler {\mer_stall_slow\M} } } */
/* { dg-final { scan-assembler {\mer_wake_view\M} } } */

#define ER_LIBRARY_MODE
#include <erbium/runtime.h>

void
one_commit (er_view *v, int i)
{
  er_commit (v, i);
}

int
one_update (er_view *v, int i)
{
  return er_update (v, i);
}

void
produce (er_view *v, int tl, int hd)
{
  er_stall (v, hd);
  int *p = er_burst (v, tl, hd - tl);
  for (int i = 0; i < hd - tl; i++)
    p[i] = tl + i;
  er_commit (v, hd);
}

long
consume (er_view *v, int tl, int hd)
{
  long s = 0;
  er_receive (v, hd);
  er_receive_range (v, tl, hd);
  hd = er_update (v, hd);
  for (int i = tl; i < hd; i++)
    s += ER_AT (v, int, i);
  er_release (v, hd);
  return s;
}
