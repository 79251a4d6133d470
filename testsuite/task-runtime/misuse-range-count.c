/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse of er_task_create_range (erbium/task.h): a negative number of
   instances is reported naming the site and the number.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-shouldfail "misuse" } */
/* { dg-output "erbium: error: task_create_range at task site \[^:\]*misuse-range-count.c:\[0-9\]+: negative number of instances -3 \\(rule: N >= 0" } */

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
  er_stream *k = er_stream_new (4, "k");
  struct er_task_access out = TR_OUT (k, 2);
  er_task_create_range (&site, NULL, 0, &out, 1, 0, -3, NULL, 0);
  printf ("error: the misuse was not reported\n");
  return 0;
}
