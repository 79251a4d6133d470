/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Deadlock through back-pressure (paper section 3, "Resource management":
   "KPN with bounded buffers may suffer from resource deadlocks when the
   view horizon is insufficient").  Two processes each write 10 elements to
   their own record (horizon 4) before reading the other's: both block in
   stall at index 5 with the other side's release index at 0.  The runtime
   must report it (the blocked stalls with their indices and horizons) and
   exit with status 70 instead of hanging.  */
/* { dg-do run } */
/* { dg-shouldfail "resource deadlock, exit status 70" } */
/* { dg-output "erbium: deadlock: .*blocked in stall on record \[0-9\]+ write view \[0-9\]+ \\(id 1\\): index 5, commit 4, stall 4, horizon 4; needs every registered reader's release index >= 1, minimum is 0.*blocked in stall on record \[0-9\]+ write view \[0-9\]+ \\(id 1\\): index 5, commit 4, stall 4, horizon 4; needs every registered reader's release index >= 1, minimum is 0.*child exit status 70" } */

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
  er_alloc (w, 4);
  er_alloc (rd, 16);
  for (int i = 0; i < 10; i++)
    {
      er_stall (w, i + 1);
      ER_AT (w, int32_t, i) = rt_val (i);
      er_commit (w, i + 1);
    }
  printf ("error: stall returned beyond the horizon\n");
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
