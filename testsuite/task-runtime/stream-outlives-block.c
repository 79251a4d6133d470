/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Streams live while instances hold them (erbium/task.h, references;
   OMP-STREAM-SPEC.md 6.8, 6.9 and its recursive Fibonacci example):
   fib (n, out) is a task whose body, for n >= 2, makes a local stream x,
   creates fib (n - 1, x) and fib (n - 2, x) (each holding a reference
   on x, as a firstprivate stream handle does, dropped when the instance
   ends) and an adder reading two elements of x and writing one to out,
   then releases x as its block ends: x outlives the block while the
   instances use it.  The adder site is ER_SITE_PER_INSTANCE: an adder
   waits for adders created after it.  fib (13) = 233 arrives in main
   through an undeferred reader; a writer whose data nobody reads does
   not keep its stream alive forever either.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "ok: fib \\(13\\) = 233" } */

#include "task-rt.h"

struct fs { int n; er_stream *out; };

static void fib (void *args, void *const *win);
static er_site fib_site = TR_SITE (fib);

static void
leaf (void *args, void *const *win)
{
  *(int32_t *) win[0] = *(int *) args;
}

static er_site leaf_site = TR_SITE (leaf);

static void
add (void *args, void *const *win)
{
  (void) args;
  const int32_t *v = win[0];
  *(int32_t *) win[1] = v[0] + v[1];
}

static er_site add_site = TR_SITE_PER_INSTANCE (add);

/* Create fib (N, OUT), handing it a reference on OUT.  */
static void
spawn_fib (int n, er_stream *out)
{
  struct fs a = { n, out };
  er_stream_retain (out);
  er_task_create (&fib_site, &a, sizeof a, NULL, 0, 0);
}

static void
fib (void *args, void *const *win)
{
  (void) win;
  struct fs *a = args;
  if (a->n < 2)
    TR_TASK (leaf_site, a->n, TR_OUT (a->out, 1));
  else
    {
      er_stream *x = er_stream_new (sizeof (int32_t), "x");
      spawn_fib (a->n - 1, x);
      spawn_fib (a->n - 2, x);
      int unused = 0;
      TR_TASK (add_site, unused, TR_IN (x, 2, 2), TR_OUT (a->out, 1));
      er_stream_release (x);
    }
  er_stream_release (a->out);
}

static void
read_val (void *args, void *const *win)
{
  **(int32_t **) args = *(const int32_t *) win[0];
}

static er_site r_site = TR_SITE (read_val);

int
main (void)
{
  er_stream *out = er_stream_new (sizeof (int32_t), "out");
  spawn_fib (13, out);
  int32_t got = 0, *pgot = &got;
  struct er_task_access in = TR_IN (out, 1, 1);
  er_task_create (&r_site, &pgot, sizeof pgot, &in, 1, ER_TASK_UNDEFERRED);
  RT_EQ (got, 233);
  /* Unread data: the writer's instance and the block both let go.  */
  er_stream *lost = er_stream_new (sizeof (int32_t), "lost");
  TR_TASK (leaf_site, got, TR_OUT (lost, 1));
  er_stream_release (lost);
  er_stream_release (out);
  er_taskwait ();
  RT_OK ("fib (13) = %d", got);
  return 0;
}
