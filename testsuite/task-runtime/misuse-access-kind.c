/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: an access kind that is none of ER_ACCESS_INPUT,
   ER_ACCESS_OUTPUT, ER_ACCESS_PEEK (erbium/task.h, er_task_access): the
   message names the site, the access and its stream; the valid kinds
   before it pass.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-shouldfail "misuse" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: task_create at task site \[^:\]*misuse-access-kind.c:\[0-9\]+: access 1 \\(stream k\\) has kind 7, not ER_ACCESS_INPUT, ER_ACCESS_OUTPUT or ER_ACCESS_PEEK" } */

#include "task-rt.h"

static void
nothing (void *args, void *const *win)
{
  (void) args, (void) win;
}

static er_site site = TR_SITE (nothing);

int
main (void)
{
  int unused = 0;
  er_stream *k = er_stream_new (4, "k");
  TR_TASK (site, unused, TR_OUT (k, 2));
  TR_TASK (site, unused, TR_IN (k, 1, 2), TR_PEEK (k, 1));
  er_taskwait ();
  printf ("reached the misuse\n");
  fflush (stdout);
  struct er_task_access bad = { k, 7, 1, 1 };
  TR_TASK (site, unused, TR_OUT (k, 1), bad);
  printf ("error: the misuse was not reported\n");
  (void) site, (void) unused;
  return 0;
}
