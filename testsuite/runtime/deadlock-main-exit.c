/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Deadlock while the main thread waits at exit (erbium/process.h: at exit
   the main thread waits for every process; "a global deadlock while
   waiting is reported like any other").  A process waits in update for a
   writer id that never registers (wreg = 1), and main returns: the
   program must not hang but exit with status 70, naming both the process
   blocked in update (registration missing) and the main thread.  */
/* { dg-do run } */
/* { dg-shouldfail "deadlock at exit, exit status 70" } */
/* { dg-output "main returns\[^\n\]*\n(?=.*blocked in update on record \[0-9\]+ read view \[0-9\]+ \\(id 1\\): index 1, .*not all registered)(?=.*main thread blocked in exit).*child exit status 70" } */

#include "rt-test.h"

static _Atomic long connected;

struct args { er_record *r; };

static void
consumer (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, 1);
  er_alloc (rd, 4);
  atomic_store (&connected, 1);
  er_update (rd, 1);
  printf ("error: update returned\n");
}

static int
scenario (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  struct args a = { r };
  er_run (consumer, &a, sizeof a);
  rt_wait_at_least (&connected, 1, "the consumer to connect");
  printf ("main returns\n");
  fflush (stdout);
  return 0;
}

int
main (void)
{
  return rt_expect_deadlock (scenario);
}
