/* SPDX-License-Identifier: GPL-3.0-or-later */ /* ThreadSanitizer on a program compiled by the plugin: a producer and a
   consumer stream 20000 ints through two records, one written element
   at a time (strip-mined into bursts; the element path a burst falls
   back on stays library calls) and one in explicit bursts as Figure 2
   does, lowered inline at -O2.  With -fsanitize=thread, erbium-lower
   runs before the tsan pass, so the inline fast paths' acquire loads and
   release stores are instrumented and TSan sees that each element read
   was published after it was written: no report (a report exits 66).
   tsan.exp links a runtime built with -fsanitize=thread, so that the
   library calls' synchronisation is seen as well, and a report on the
   runtime's own accesses fails the test too.  */
/* { dg-do run } */
/* { dg-options "-O2 -g -fsanitize=thread -fplugin-arg-erbium-dump=erbium-stripmine,erbium-lower" } */
/* { dg-set-target-env-var TSAN_OPTIONS "halt_on_error=1 exitcode=66" } */
/* { dg-output "element stream: sum 199990000 ok\n" } */
/* { dg-output "burst stream: sum 199990000 ok\n" } */
/* { dg-final { scan-plugin-dump {loop at line 39: strip-mined} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 53: strip-mined} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {er_commit at line 43: expanded inline} erbium-lower } } */
/* { dg-final { scan-plugin-dump {er_release at line 57: expanded inline} erbium-lower } } */
/* { dg-final { scan-plugin-dump {er_stall at line 71: expanded inline} erbium-lower } } */
/* { dg-final { scan-plugin-dump {er_commit at line 74: expanded inline} erbium-lower } } */
/* { dg-final { scan-plugin-dump {er_update at line 86: expanded inline} erbium-lower } } */
/* { dg-final { scan-plugin-dump {er_release at line 89: expanded inline} erbium-lower } } */
/* { dg-final { scan-plugin-dump-not {left as a library call \((?!cold path)} erbium-lower } } */

#include <stdio.h>
#include <erbium.h>

#define N 20000

long long sums[2];

process producer (record(int) re)
{
  view(int) w = new_write_view (re);
  register_view (w);
  alloc (w, 256);
  for (int i = 0; i < N; i++)
    {
      stall (w, i + 1);
      w[i] = i;
      commit (w, i + 1);
    }
}

process consumer (record(int) re)
{
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, 256);
  long long s = 0;
  for (int i = 0; i < N; i++)
    {
      update (r, i + 1);
      s += r[i];
      release (r, i + 1);
    }
  sums[0] = s;
}

/* Figure 2's burst loops: bursts of 8 written, bursts of 6 read.  */
process burst_producer (record(int) re)
{
  view(int) w = new_write_view (re);
  register_view (w);
  alloc (w, 64);
  for (int tl = 0; tl < N; tl += 8)
    {
      int hd = tl + 8 < N ? tl + 8 : N;
      stall (w, hd);
      for (int i = tl; i < hd; i++)
	w[i] = i;
      commit (w, hd);
    }
}

process burst_consumer (record(int) re)
{
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, 32);
  long long s = 0;
  for (int tl = 0; tl < N; tl += 6)
    {
      int hd = update (r, tl + 6 < N ? tl + 6 : N);
      for (int i = tl; i < hd; i++)
	s += r[i];
      release (r, hd);
    }
  sums[1] = s;
}

int
main (void)
{
  record(int) re = new_record (1, 1);
  record(int) rb = new_record (1, 1);
  run producer (re);
  run consumer (re);
  run burst_producer (rb);
  run burst_consumer (rb);
  er_wait_all ();
  long long expect = (long long) N * (N - 1) / 2;
  printf ("element stream: sum %lld %s\n", sums[0],
	  sums[0] == expect ? "ok" : "WRONG");
  printf ("burst stream: sum %lld %s\n", sums[1],
	  sums[1] == expect ? "ok" : "WRONG");
  return sums[0] != expect || sums[1] != expect;
}
