/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Deadlock detection (paper section 3, "Resource management": bounded Kahn
   networks can deadlock; docs/runtime.md: the runtime reports it and exits
   with ER_EXIT_DEADLOCK).  Process 1 writes record A and reads record B,
   process 2 writes B and reads A, and each first waits for the other's data
   with nothing committed: a true deadlock.  Without detection the program
   would hang until the harness's timeout; with it, it must exit with status 70
   and name the blocked views and indices.  */
/* { dg-do run } */
/* { dg-shouldfail "deadlock, exit status 70" } */
/* { dg-output "erbium: deadlock: .*blocked in update on record \[0-9\]+ read view \[0-9\]+ \\(id 1\\): index 4, update 0.*minimum commit index of the write views is 0.*blocked in update on record \[0-9\]+ read view.*index 4.*child exit status 70" } */

#include "rt-test.h"

struct args { er_record *mine, *theirs; };

static void
proc (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->mine);
  er_view *rd = er_new_read_view (a->theirs);
  er_register (w, 1);
  er_register (rd, 1);
  er_alloc (w, 8);
  er_alloc (rd, 8);
  /* Wait for the other side's first 4 elements before producing ours.  */
  er_update (rd, 4);
  printf ("error: update returned without data\n");
  exit (1);
}

static int
scenario (void)
{
  er_record *a = er_new_record (1, 1, sizeof (int32_t));
  er_record *b = er_new_record (1, 1, sizeof (int32_t));
  struct args x = { a, b }, y = { b, a };
  er_run (proc, &x, sizeof x);
  er_run (proc, &y, sizeof y);
  er_wait_all ();
  printf ("error: er_wait_all returned\n");
  return 0;
}

int
main (void)
{
  return rt_expect_deadlock (scenario);
}
