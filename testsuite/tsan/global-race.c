/* SPDX-License-Identifier: GPL-3.0-or-later */ /* ThreadSanitizer still reports a real race in a program compiled by the
   plugin: two processes that stream through a record (lowered inline, as
   in stream-no-report.c) both increment the ordinary global HITS first
   thing.  Each then waits until the other has made its increment, through
   a relaxed atomic flag, which orders nothing (C11; TSan models it so),
   before calling into the runtime: creating a view takes locks, which
   could otherwise order the two increments by chance.  TSan reports the
   race on HITS at once (halt_on_error=1, exit status 66).  */
/* { dg-do run } */
/* { dg-options "-O2 -g -fsanitize=thread -fplugin-arg-erbium-dump=erbium-lower" } */
/* { dg-set-target-env-var TSAN_OPTIONS "halt_on_error=1 exitcode=66" } */
/* { dg-shouldfail "a data race on hits" } */
/* { dg-sanitizer-report "the race on hits" } */
/* { dg-output "WARNING: ThreadSanitizer: data race.*Location is global 'hits'" } */
/* { dg-final { scan-plugin-dump {er_commit at line 48: expanded inline} erbium-lower } } */
/* { dg-final { scan-plugin-dump {er_update at line 61: expanded inline} erbium-lower } } */

#include <stdatomic.h>
#include <stdio.h>
#include <erbium.h>

#define N 20000

int hits;
atomic_int arrived;

/* Increment HITS, then wait until both processes have.  */
static void
race (void)
{
  hits++;
  atomic_fetch_add_explicit (&arrived, 1, memory_order_relaxed);
  while (atomic_load_explicit (&arrived, memory_order_relaxed) < 2)
    ;
}

process producer (record(int) re)
{
  race ();
  view(int) w = new_write_view (re);
  register_view (w);
  alloc (w, 64);
  for (int tl = 0; tl < N; tl += 8)
    {
      stall (w, tl + 8);
      for (int i = tl; i < tl + 8; i++)
	w[i] = i;
      commit (w, tl + 8);
    }
}

process consumer (record(int) re)
{
  race ();
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, 64);
  long long s = 0;
  for (int tl = 0; tl < N; tl += 8)
    {
      int hd = update (r, tl + 8);
      for (int i = tl; i < hd; i++)
	s += r[i];
      release (r, hd);
    }
  printf ("sum %lld\n", s);
}

int
main (void)
{
  record(int) re = new_record (1, 1);
  run producer (re);
  run consumer (re);
  er_wait_all ();
  printf ("hits %d\n", hits);
  return 0;
}
