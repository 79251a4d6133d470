/* SPDX-License-Identifier: GPL-3.0-or-later */ /* taskwait waits for the children of the calling task, not for their
   children (OMP-STREAM-SPEC.md 6.10; erbium/task.h, er_taskwait): main
   creates C, whose body creates G, a reader of stream y, and returns.
   main's taskwait returns although G still waits for y (were it to wait
   for G, every thread would be blocked: the deadlock report, exit status
   70).  Then main creates y's writer, and an undeferred reader of z
   (ER_TASK_UNDEFERRED: run by main itself, waiting for its window) gets
   what G copied from y to z.  Also: a taskwait with no child returns at
   once, and exit waits for instances nobody waited for (the last
   writer's check runs before the program's end).  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-output "ok: taskwait skipped the grandchild; 4242 through y and z.*last writer ran" } */

#include "task-rt.h"

static er_stream *y, *z;

static void
copy (void *args, void *const *win)
{
  (void) args;
  *(int32_t *) win[1] = *(const int32_t *) win[0];
}

static er_site g_site = TR_SITE (copy);

static void
child (void *args, void *const *win)
{
  (void) args, (void) win;
  int unused = 0;
  TR_TASK (g_site, unused, TR_IN (y, 1, 1), TR_OUT (z, 1));
}

static er_site c_site = TR_SITE_PER_INSTANCE (child);

static void
write_val (void *args, void *const *win)
{
  *(int32_t *) win[0] = *(int32_t *) args;
}

static er_site w_site = TR_SITE (write_val);

static void
read_val (void *args, void *const *win)
{
  **(int32_t **) args = *(const int32_t *) win[0];
}

static er_site r_site = TR_SITE (read_val);

static void
last (void *args, void *const *win)
{
  (void) win;
  RT_EQ (*(int32_t *) args, 7);
  printf ("last writer ran\n");
}

static er_site last_site = TR_SITE (last);

int
main (void)
{
  er_taskwait ();
  y = er_stream_new (sizeof (int32_t), "y");
  z = er_stream_new (sizeof (int32_t), "z");
  int unused = 0;
  er_task_create (&c_site, &unused, sizeof unused, NULL, 0, 0);
  er_taskwait ();
  int32_t v = 4242, got = 0, *pgot = &got;
  TR_TASK (w_site, v, TR_OUT (y, 1));
  struct er_task_access in = TR_IN (z, 1, 1);
  er_task_create (&r_site, &pgot, sizeof pgot, &in, 1, ER_TASK_UNDEFERRED);
  RT_EQ (got, 4242);
  printf ("ok: taskwait skipped the grandchild; %d through y and z\n", got);
  fflush (stdout);
  int32_t seven = 7;
  TR_TASK (last_site, seven, TR_OUT (y, 1));
  er_stream_release (y);
  er_stream_release (z);
  return 0;
}
