/* SPDX-License-Identifier: GPL-3.0-or-later */ /* er_task_create_range on a site split into 3 workers (erbium/task.h,
   ER_SITE_SPLIT): the range's instances get the positions and the
   firstprivate values N calls of er_task_create would give them, and
   instance K of the site (counting across ranges: 100 instances, then
   101, then one alone) runs on worker K mod 3.  A producer range writes
   x (burst 2), the split stage reads a sliding window of x (burst 2,
   horizon 5) and peeks at 4 coefficients of c (the same window for
   every instance, dropped by a tick at the end), and writes y (burst
   2), a consumer range reads y; every value of y is checked, and with a
   thread per process (ERBIUM_FIBERS=0) which thread ran each
   instance.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-output "ok: 202 instances of a site split into 3, in ranges" } */

#include "task-rt.h"
#include <pthread.h>

#define N 202
#define W 3

struct job { int64_t k; int32_t *got; };

static pthread_t tid[N];

static void
produce (void *args, void *const *win)
{
  struct job *j = args;
  int32_t *out = win[0];
  out[0] = tr_val (2 * j->k);
  out[1] = tr_val (2 * j->k + 1);
}

/* The coefficients in c.  */
static const int32_t coef[4] = { 3, 5, 7, 11 };

/* The stage's value at position P of y: from positions [P, P + 4) of
   x and the coefficients.  */
static int32_t
stage_val (int64_t p)
{
  uint32_t v = 0;
  for (int e = 0; e < 4; e++)
    v = v * 31u + (uint32_t) tr_val (p + e) * (uint32_t) coef[e];
  return (int32_t) v;
}

static void
stage (void *args, void *const *win)
{
  struct job *j = args;
  const int32_t *in = win[0], *c = win[1];
  int32_t *out = win[2];
  for (int o = 0; o < 2; o++)
    {
      uint32_t v = 0;
      for (int e = 0; e < 4; e++)
	v = v * 31u + (uint32_t) in[o + e] * (uint32_t) c[e];
      out[o] = (int32_t) v;
    }
  /* Uneven cost, so that the workers finish out of order.  */
  volatile uint32_t sink = 0;
  for (long n = 0; n < (j->k % 4) * 30000; n++)
    sink += (uint32_t) n;
  tid[j->k] = pthread_self ();
}

static void
coefs (void *args, void *const *win)
{
  (void) args;
  memcpy (win[0], coef, sizeof coef);
}

/* The 3 positions after the producer's, which the stage's last window
   reads.  */
static void
tail (void *args, void *const *win)
{
  (void) args;
  for (int e = 0; e < 3; e++)
    ((int32_t *) win[0])[e] = tr_val (2 * N + e);
}

static void
consume (void *args, void *const *win)
{
  struct job *j = args;
  const int32_t *in = win[0];
  j->got[2 * j->k] = in[0];
  j->got[2 * j->k + 1] = in[1];
}

static er_site producer = TR_SITE (produce);
static er_site consumer = TR_SITE (consume);
static er_site tailer = TR_SITE (tail);
static er_site coefer = TR_SITE (coefs);
static er_site splitter = TR_SITE_SPLIT (stage, W);

static const struct er_task_step step_k[] = {
  { offsetof (struct job, k), 8, 1 },
};

/* Instances [K0, K0 + N) of the three sites, as ranges.  */
static void
ranges (er_stream *x, er_stream *c, er_stream *y, int64_t k0, int64_t n,
	int32_t *got)
{
  struct job j = { k0, got };
  struct er_task_access px = TR_OUT (x, 2);
  struct er_task_access sx[] = { TR_IN (x, 2, 5), TR_PEEK (c, 4),
				 TR_OUT (y, 2) };
  struct er_task_access cy = TR_IN (y, 2, 2);
  er_task_create_range (&producer, &j, sizeof j, &px, 1, 0, n, step_k, 1);
  er_task_create_range (&splitter, &j, sizeof j, sx, 3, 0, n, step_k, 1);
  er_task_create_range (&consumer, &j, sizeof j, &cy, 1, 0, n, step_k, 1);
}

int
main (void)
{
  int32_t *got = calloc (2 * N, sizeof *got);
  er_stream *x = er_stream_new (sizeof (int32_t), "x");
  er_stream *y = er_stream_new (sizeof (int32_t), "y");
  er_stream *c = er_stream_new (sizeof (int32_t), "c");
  int none = 0;
  ranges (x, c, y, 0, 100, got);
  TR_TASK (coefer, none, TR_OUT (c, 4));
  ranges (x, c, y, 100, 101, got);
  ranges (x, c, y, 201, 1, got);
  er_stream_tick (c, 4);
  er_stream_release (c);
  TR_TASK (tailer, none, TR_OUT (x, 3));
  er_stream_release (y);
  er_taskwait ();
  for (int64_t p = 0; p < 2 * N; p++)
    RT_CHECK (got[p] == stage_val (p), "position %lld of y holds %d, "
	      "expected %d", (long long) p, got[p], stage_val (p));
  er_stream_release (x);
#ifndef TASK_RT_FIBERS
  for (int k = 0; k < N; k++)
    RT_CHECK (pthread_equal (tid[k], tid[k % W]), "instance %d ran on "
	      "another thread than instance %d", k, k % W);
  RT_CHECK (!pthread_equal (tid[0], tid[1]) && !pthread_equal (tid[1], tid[2])
	    && !pthread_equal (tid[0], tid[2]), "instances 0, 1, 2 share a "
	    "thread");
#endif
  free (got);
  RT_OK ("%d instances of a site split into %d, in ranges", N, W);
  return 0;
}
