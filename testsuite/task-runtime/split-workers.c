/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A site split into W = 2, 3 and 4 workers (erbium/task.h,
   ER_SITE_SPLIT) between a producer site and a consumer site: instance
   K of the split site runs on worker K mod W, its instances cost unevenly
   (so that they finish out of order), and the consumer must see every
   value the split stage computed, at the position it was given at
   creation, as one process would give them.  With a thread per process
   (ERBIUM_FIBERS=0) the test also proves the workers: instances K and
   K + W ran on one thread, instances 0 .. W-1 on W different ones, and
   every instance K with K mod W == 0 waits in its body until instance
   K + 1 (on another worker) has finished, so that instance K + 1 always
   finishes first (with one process, the test would never end); the
   consumer still reads instance K's output before K + 1's.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "ok: 3 splits, 480 instances each, bursts 3, values and order checked" } */

#include "task-rt.h"
#include <pthread.h>
#include <sched.h>

#define N 480
#define B 3

struct job { int64_t k; int w; int32_t *got; };

static _Atomic int done_body[N];
static _Atomic int seq;
static int order[N];
static pthread_t tid[N];

static void
produce (void *args, void *const *win)
{
  struct job *j = args;
  int32_t *out = win[0];
  for (int i = 0; i < B; i++)
    out[i] = tr_val (j->k * B + i);
}

/* The split stage's value of an input X at position P.  */
static int32_t
stage_val (int32_t x, int64_t p)
{
  return (int32_t) ((uint32_t) x * 40503u + (uint32_t) p);
}

static void
stage (void *args, void *const *win)
{
  struct job *j = args;
  const int32_t *in = win[0];
  int32_t *out = win[1];
  /* Uneven cost: 0 to 4 units of work by instance.  */
  volatile uint32_t sink = 0;
  for (long n = 0; n < ((j->k * 7) % 5) * 20000; n++)
    sink += (uint32_t) n;
#ifndef TASK_RT_FIBERS
  if (j->k % j->w == 0 && j->k + 1 < N)
    while (!atomic_load (&done_body[j->k + 1]))
      sched_yield ();
  tid[j->k] = pthread_self ();
#endif
  for (int i = 0; i < B; i++)
    out[i] = stage_val (in[i], j->k * B + i);
  order[j->k] = atomic_fetch_add (&seq, 1);
  atomic_store (&done_body[j->k], 1);
}

static void
consume (void *args, void *const *win)
{
  struct job *j = args;
  const int32_t *in = win[0];
  for (int i = 0; i < B; i++)
    j->got[j->k * B + i] = in[i];
}

static er_site producer = TR_SITE (produce);
static er_site consumer = TR_SITE (consume);
static er_site split2 = TR_SITE_SPLIT (stage, 2);
static er_site split3 = TR_SITE_SPLIT (stage, 3);
static er_site split4 = TR_SITE_SPLIT (stage, 4);

static void
run (er_site *site, int w)
{
  int32_t *got = calloc (N * B, sizeof *got);
  for (int k = 0; k < N; k++)
    atomic_store (&done_body[k], 0);
  atomic_store (&seq, 0);
  er_stream *x = er_stream_new (sizeof (int32_t), "x");
  er_stream *y = er_stream_new (sizeof (int32_t), "y");
  for (int64_t k = 0; k < N; k++)
    {
      struct job j = { k, w, got };
      TR_TASK (producer, j, TR_OUT (x, B));
      TR_TASK (*site, j, TR_IN (x, B, B), TR_OUT (y, B));
      TR_TASK (consumer, j, TR_IN (y, B, B));
    }
  er_stream_release (x);
  er_stream_release (y);
  er_taskwait ();
  for (int64_t p = 0; p < N * B; p++)
    RT_CHECK (got[p] == stage_val (tr_val (p), p), "W = %d: position %lld "
	      "holds %d, expected %d", w, (long long) p, got[p],
	      stage_val (tr_val (p), p));
#ifndef TASK_RT_FIBERS
  for (int k = 0; k + 1 < N; k += w)
    RT_CHECK (order[k] > order[k + 1], "W = %d: instance %d finished "
	      "before instance %d", w, k, k + 1);
  for (int k = 0; k < N; k++)
    RT_CHECK (pthread_equal (tid[k], tid[k % w]), "W = %d: instance %d "
	      "ran on another thread than instance %d", w, k, k % w);
  for (int a = 0; a < w; a++)
    for (int b = a + 1; b < w; b++)
      RT_CHECK (!pthread_equal (tid[a], tid[b]), "W = %d: instances %d "
		"and %d ran on one thread", w, a, b);
#endif
  free (got);
}

int
main (void)
{
  run (&split2, 2);
  run (&split3, 3);
  run (&split4, 4);
  RT_OK ("3 splits, %d instances each, bursts %d, values and order "
	 "checked", N, B);
  return 0;
}
