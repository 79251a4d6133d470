/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse of er_task_create_range (erbium/task.h): a step whose field
   is not inside the firstprivate bytes is reported naming the site, the
   step, its width and offset and the rule; a valid range before it
   runs.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-shouldfail "misuse" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: task_create_range at task site \[^:\]*misuse-range-step.c:\[0-9\]+: step 1: 8 bytes at offset 4 of 8 firstprivate bytes \\(rule: a step is a field of 1, 2, 4 or 8 bytes inside the firstprivate bytes" } */

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
  int64_t v = 0;
  er_stream *k = er_stream_new (4, "k");
  struct er_task_access out = TR_OUT (k, 2);
  struct er_task_step steps[2] = { { 0, 8, 1 }, { 4, 8, 1 } };
  er_task_create_range (&site, &v, sizeof v, &out, 1, 0, 10, steps, 1);
  er_stream_tick (k, 20);
  er_taskwait ();
  printf ("reached the misuse\n");
  fflush (stdout);
  er_task_create_range (&site, &v, sizeof v, &out, 1, 0, 10, steps, 2);
  printf ("error: the misuse was not reported\n");
  return 0;
}
