/* SPDX-License-Identifier: GPL-3.0-or-later */ /* taskwait belongs to the calling task (OMP-STREAM-SPEC.md 6.10, 6.11;
   erbium/task.h, er_taskwait): recursive Fibonacci where each instance
   of an ER_SITE_PER_INSTANCE site creates two instances of the same
   site and waits for them with taskwait inside its body (one process
   per instance: the site's single process would wait for its own later
   instances).  fib (12) = 144, from 465 instances; main's taskwait
   waits for its one child, twice in a row (the second round counts only
   what was created since the first).  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "ok: fib \\(12\\) = 144, fib \\(10\\) = 55, 642 instances" } */

#include "task-rt.h"

struct fa { int n; int64_t *res; };

static _Atomic long instances;
static void fib (void *args, void *const *win);
static er_site fib_site = TR_SITE_PER_INSTANCE (fib);

static void
fib (void *args, void *const *win)
{
  (void) win;
  struct fa *a = args;
  atomic_fetch_add (&instances, 1);
  if (a->n < 2)
    {
      *a->res = a->n;
      return;
    }
  int64_t x = -1, y = -1;
  struct fa l = { a->n - 1, &x }, r = { a->n - 2, &y };
  er_task_create (&fib_site, &l, sizeof l, NULL, 0, 0);
  er_task_create (&fib_site, &r, sizeof r, NULL, 0, 0);
  er_taskwait ();
  RT_CHECK (x >= 0 && y >= 0, "fib (%d): taskwait returned before its "
	    "children finished (%lld, %lld)", a->n, (long long) x,
	    (long long) y);
  *a->res = x + y;
}

int
main (void)
{
  int64_t r12 = -1, r10 = -1;
  struct fa a = { 12, &r12 };
  er_task_create (&fib_site, &a, sizeof a, NULL, 0, 0);
  er_taskwait ();
  RT_EQ (r12, 144);
  struct fa b = { 10, &r10 };
  er_task_create (&fib_site, &b, sizeof b, NULL, 0, 0);
  er_taskwait ();
  RT_EQ (r10, 55);
  RT_OK ("fib (12) = %lld, fib (10) = %lld, %ld instances",
	 (long long) r12, (long long) r10, atomic_load (&instances));
  return 0;
}
