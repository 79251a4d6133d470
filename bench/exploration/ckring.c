/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ckring.c -- the Concurrency Kit peers of the exploration benchmark
   (ck-ring-spsc, ck-ring-mpmc), in C because ck_ring.h is not valid C++.
   Same harness and same scheme as the C++ peers of peers.cc (start gate,
   pinning, shared wait policy, checksum, wall time):

   * ck-ring-spsc: ck_ring_enqueue_spsc / ck_ring_dequeue_spsc, one ring
     per producer-consumer pair; consumer c reads block b (K indices) from
     the ring of producer b % P, in order.
   * ck-ring-mpmc: ck_ring_enqueue_mpmc (as its reserve and commit halves,
     see xb_ck_producer) / ck_ring_dequeue_mpmc, one ring per consumer
     shared by every producer; indices arrive in any order.

   ck_ring has no bulk call: "burst" is the number of indices a producer
   moves per iteration, each with its own enqueue.  The rings are the
   typed form of the same calls (CK_RING_PROTOTYPE over a one-int struct),
   so slots are 4 bytes like the other queues' instead of the void * of
   the untyped API.  A ring of H slots holds H - 1 elements.  */

#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <ck_ring.h>
#include "xbench.h"

/* One ck_ring slot: an index.  */
struct xb_ckint
{
  int v;
};
CK_RING_PROTOTYPE (xbint, xb_ckint)

/* A ring and its buffer, on lines of its own.  */
struct xb_ckq
{
  ck_ring_t ring __attribute__ ((aligned (128)));
  struct xb_ckint *buf;
  char pad[128];
};

/* State shared by the threads of one run.  */
struct xb_ckctx
{
  const struct xb_run *x;
  int mpmc;			/* 1: one shared ring per consumer */
  const char *name;
  struct xb_ckq *qs;		/* [p * C + c] (spsc) or [c] (mpmc) */
  xb_gate gate;
};

/* One thread's arguments.  */
struct xb_ckthr
{
  struct xb_ckctx *ctx;
  int idx;			/* producer or consumer number, from 0 */
  pthread_t tid;
};

/* Ring carrying producer P's indices to consumer C.  */
static struct xb_ckq *
xb_ckq_of (struct xb_ckctx *cx, int p, int c)
{
  return cx->mpmc ? &cx->qs[c] : &cx->qs[p * cx->x->consumers + c];
}

/* Producer thread: enqueue its blocks into every consumer's ring.  */
static void *
xb_ck_producer (void *arg)
{
  struct xb_ckthr *t = arg;
  struct xb_ckctx *cx = t->ctx;
  const struct xb_run *x = cx->x;
  const int k = x->burst, np = x->producers, nc = x->consumers;
  const int yield = x->yield, p = t->idx;
  const long long n = x->n;
  xb_pin_self (x->prod_core);
  xb_gate_wait (&cx->gate);
  for (long long b = p; b * k < n; b += np)
    {
      int tl = (int) (b * k), len = xb_block_len (b, k, n);
      for (int c = 0; c < nc; c++)
	{
	  struct xb_ckq *q = xb_ckq_of (cx, p, c);
	  if (cx->mpmc)
	    for (int j = 0; j < len; j++)
	      {
		/* ck_ring_enqueue_mpmc in its two halves (reserve, commit),
		   so that the wait for earlier producers' commits follows
		   the shared wait policy: inside ck_ring_enqueue_mpmc it
		   spins without yielding, and with the producers sharing a
		   core a preempted producer holding an earlier ticket then
		   costs the others whole time slices (about 50 indices per
		   second were measured that way).  */
		unsigned int ticket;
		struct xb_ckint *slot;
		while (!(slot = ck_ring_enqueue_reserve_mpmc_xbint (&q->ring,
								     q->buf,
								     &ticket)))
		  xb_relax (yield);
		slot->v = tl + j;
		while (ck_pr_load_uint (&q->ring.p_tail) != ticket)
		  xb_relax (yield);
		ck_ring_enqueue_commit_mpmc (&q->ring, ticket);
	      }
	  else
	    for (int j = 0; j < len; j++)
	      {
		struct xb_ckint e = { tl + j };
		while (!ck_ring_enqueue_spsc_xbint (&q->ring, q->buf, &e))
		  xb_relax (yield);
	      }
	}
    }
  return NULL;
}

/* Consumer thread: dequeue every index of the stream, check the sum.  */
static void *
xb_ck_consumer (void *arg)
{
  struct xb_ckthr *t = arg;
  struct xb_ckctx *cx = t->ctx;
  const struct xb_run *x = cx->x;
  const int k = x->burst, np = x->producers, yield = x->yield, c = t->idx;
  const long long n = x->n;
  uint64_t sum = 0;
  long long count = 0;
  xb_pin_self (x->cons_core);
  xb_gate_wait (&cx->gate);
  if (cx->mpmc)
    {
      struct xb_ckq *q = xb_ckq_of (cx, 0, c);
      while (count < n)
	{
	  /* Up to K indices per iteration, then wait if none came.  */
	  int m = 0;
	  struct xb_ckint e;
	  while (m < k && ck_ring_dequeue_mpmc_xbint (&q->ring, q->buf, &e))
	    {
	      sum += (uint64_t) e.v;
	      m++;
	    }
	  if (m == 0)
	    xb_relax (yield);
	  count += m;
	}
    }
  else
    for (long long b = 0; b * k < n; b++)
      {
	struct xb_ckq *q = xb_ckq_of (cx, (int) (b % np), c);
	int len = xb_block_len (b, k, n);
	for (int j = 0; j < len; j++)
	  {
	    struct xb_ckint e;
	    while (!ck_ring_dequeue_spsc_xbint (&q->ring, q->buf, &e))
	      xb_relax (yield);
	    sum += (uint64_t) e.v;
	  }
	count += len;
      }
  xb_gate_done (&cx->gate);
  xb_verify (cx->name, c + 1, count, sum, n);
  return NULL;
}

/* Run X once over ck_ring (MPMC when MPMC is set); wall time in s.  */
static double
xb_ck_run (const struct xb_run *x, int mpmc, const char *name)
{
  const int np = x->producers, nc = x->consumers;
  struct xb_ckctx cx = { x, mpmc, name, NULL, { 0 } };
  int nq = mpmc ? nc : np * nc;
  cx.qs = aligned_alloc (128, sizeof *cx.qs * nq);
  if (!cx.qs)
    xb_fatal ("out of memory");
  memset (cx.qs, 0, sizeof *cx.qs * nq);
  for (int i = 0; i < nq; i++)
    {
      cx.qs[i].buf = calloc ((size_t) x->horizon, sizeof *cx.qs[i].buf);
      if (!cx.qs[i].buf)
	xb_fatal ("out of memory");
      ck_ring_init (&cx.qs[i].ring, (unsigned) x->horizon);
    }
  xb_gate_init (&cx.gate, np + nc, x->yield);
  struct xb_ckthr *th = calloc ((size_t) (np + nc), sizeof *th);
  if (!th)
    xb_fatal ("out of memory");
  for (int i = 0; i < np + nc; i++)
    {
      th[i].ctx = &cx;
      th[i].idx = i < nc ? i : i - nc;
      if (pthread_create (&th[i].tid, NULL,
			  i < nc ? xb_ck_consumer : xb_ck_producer, &th[i]))
	xb_fatal ("pthread_create failed");
    }
  for (int i = 0; i < np + nc; i++)
    pthread_join (th[i].tid, NULL);
  for (int i = 0; i < nq; i++)
    free (cx.qs[i].buf);
  free (cx.qs);
  free (th);
  return xb_gate_seconds (&cx.gate);
}

/* ck_ring SPSC peer: one ring per producer-consumer pair.  */
double
xb_run_ck_ring_spsc (const struct xb_run *x)
{
  return xb_ck_run (x, 0, "ck-ring-spsc");
}

/* ck_ring MPMC peer: one ring per consumer, shared by the producers.  */
double
xb_run_ck_ring_mpmc (const struct xb_run *x)
{
  return xb_ck_run (x, 1, "ck-ring-mpmc");
}
