/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A range of instances (er_task_create_range) whose first instance is
   done while the writer range before it on the stream is not: when that
   one is done, the commit frontier goes past the range's instances done
   (er_range.part), not only to its start.  Stream x: W writes position 0
   (it waits for z), the range P writes 1 .. N, instance k reading y[k];
   a tick discards x[0]; the range C reads x[1 + k] and writes y[k + 1];
   a seed writes y[0].  Once P's instance 0 is done, the control program
   writes z: C's instance 0 needs x[1], behind W's range, and P's
   instance 1 needs what C's instance 0 writes, so the frontier must
   come from P's part (else every process waits: a deadlock report).  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-output "ok: 50 instances behind a late writer" } */

#include "task-rt.h"
#include <sched.h>

#define N 50

struct job { int64_t k; int64_t *sum; };
static _Atomic int p0_done;

static void
gate (void *args, void *const *win)
{
  (void) args;
  const int32_t *z = win[0];
  int32_t *x = win[1];
  x[0] = *z;
}

static void
produce (void *args, void *const *win)
{
  struct job *j = args;
  const int32_t *y = win[0];
  int32_t *x = win[1];
  x[0] = tr_val (j->k) + y[0];
  if (j->k == 0)
    atomic_store (&p0_done, 1);
}

static void
consume (void *args, void *const *win)
{
  struct job *j = args;
  const int32_t *x = win[0];
  int32_t *y = win[1];
  *j->sum += x[0];
  y[0] = (int32_t) (j->k + 1);
}

static void
one (void *args, void *const *win)
{
  int32_t *out = win[0];
  out[0] = *(int32_t *) args;
}

static er_site gate_site = TR_SITE (gate);
static er_site producer = TR_SITE (produce);
static er_site consumer = TR_SITE (consume);
static er_site seed = TR_SITE (one);
static er_site zsite = TR_SITE (one);

int
main (void)
{
  er_stream *x = er_stream_new (sizeof (int32_t), "x");
  er_stream *y = er_stream_new (sizeof (int32_t), "y");
  er_stream *z = er_stream_new (sizeof (int32_t), "z");
  int64_t sum = 0;
  int32_t zero = 0, seven = 7;
  struct er_task_access g[] = { TR_IN (z, 1, 1), TR_OUT (x, 1) };
  er_task_create (&gate_site, NULL, 0, g, 2, 0);
  er_task_create (&seed, &zero, sizeof zero, (struct er_task_access[]) {
		    TR_OUT (y, 1) }, 1, 0);
  struct er_task_access p[] = { TR_IN (y, 1, 1), TR_OUT (x, 1) };
  struct job j = { 0, &sum };
  static const struct er_task_step step = { 0, 8, 1 };
  er_task_create_range (&producer, &j, sizeof j, p, 2, 0, N, &step, 1);
  er_stream_tick (x, 1);
  struct er_task_access c[] = { TR_IN (x, 1, 1), TR_OUT (y, 1) };
  er_task_create_range (&consumer, &j, sizeof j, c, 2, 0, N, &step, 1);
  while (!atomic_load (&p0_done))
    sched_yield ();
  er_task_create (&zsite, &seven, sizeof seven, (struct er_task_access[]) {
		    TR_OUT (z, 1) }, 1, 0);
  er_taskwait ();
  int64_t want = 0;
  for (int k = 0; k < N; k++)
    want += tr_val (k) + k;
  RT_CHECK (sum == want, "sum %lld, expected %lld", (long long) sum,
	    (long long) want);
  er_stream_release (x);
  er_stream_release (y);
  er_stream_release (z);
  RT_OK ("%d instances behind a late writer", N);
  return 0;
}
