/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: an access with no stream (a NULL handle) names the site
   (erbium/task.h, er_task_access).  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-shouldfail "misuse" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: task_create at task site \[^:\]*misuse-null-stream.c:\[0-9\]+: no stream \\(a NULL handle\\)" } */

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
  printf ("reached the misuse\n");
  fflush (stdout);
  TR_TASK (site, unused, TR_OUT (NULL, 1));
  printf ("error: the misuse was not reported\n");
  (void) site, (void) unused;
  return 0;
}
