/* The README's strip-mining example ("Strip-mining element-at-a-time
   loops"): the consumer's loop and the dump and -fopt-info-vec lines
   the README quotes, with this file's line numbers.  */
/* { dg-do compile } */
/* { dg-options "-O3 -fchecking -fplugin-arg-erbium-dump=erbium-stripmine -fopt-info-vec" } */
/* { dg-final { scan-plugin-dump {erbium-stripmine: loop at line 20: strip-mined, burst 1024 \(64 cache lines of 64 bytes / 4-byte elements\); update at line 22 granted at the burst's head, release at line 24 once after the burst} erbium-stripmine } } */
/* { dg-optimized "loop vectorized using 16 byte vectors" "" { target *-*-* } 20 } */
/* { dg-final { scan-assembler-not {\m(call|jmp)\s+er_(update|release)\M} } } */

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
