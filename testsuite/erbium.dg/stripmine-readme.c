/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The strip-mining example of docs/strip-mining.md: the consumer's loop
   and the dump and -fopt-info-vec lines
   that page quotes, with this file's line numbers.  The burst's release
   is inline; the element path's update and release stay calls (end).  */
/* { dg-do compile } */
/* { dg-options "-O3 -fchecking -fplugin-arg-erbium-dump=erbium-stripmine,erbium-lower -fopt-info-vec" } */
/* { dg-final { scan-plugin-dump {erbium-stripmine: loop at line 20: strip-mined, burst 1024 \(64 cache lines of 64 bytes / 4-byte elements\); update at line 22 granted at the burst's head, release at line 24 once after the burst} erbium-stripmine } } */
/* { dg-optimized "loop vectorized using 16 byte vectors" "" { target *-*-* } 20 } */

#include <erbium.h>

long total;

process consumer (record(int) re, int n)
{
  long s = 0;
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, 4096);
  for (int i = 0; i < n; i++)
    {
      update (r, i + 1);
      s += r[i];
      release (r, i + 1);
    }
  total = s;
}

/* The element path (run when a grant gives nothing, so it waits anyway)
   calls update and release once each; the burst's release is inline.  */
/* { dg-final { scan-assembler-times {\m(call|jmp)\s+er_update\M} 1 } } */
/* { dg-final { scan-assembler-times {\m(call|jmp)\s+er_release\M} 1 } } */
/* { dg-final { scan-plugin-dump {er_update at line 22: left as a library call \(cold path\)} erbium-lower } } */
/* { dg-final { scan-plugin-dump {er_release at line 24: left as a library call \(cold path\)} erbium-lower } } */
/* { dg-final { scan-plugin-dump-times {er_release at line 24: expanded inline} 1 erbium-lower } } */
