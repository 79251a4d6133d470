/* SPDX-License-Identifier: MIT */
/* Erbium runtime: the waiting halves of update and stall, and wake-ups
   (paper section 3, "Data streaming", "Resource management",
   "Termination").

   The inline primitives come here only when their cached copy of the
   other side's index does not allow the request, or when the record's
   shape changed.  Here the minimum over the whole participant set is
   computed, registration gating and termination are applied, and the
   caller waits (wait.c) until the request can be granted.  */

#include "internal.h"

/* The other side's minimum as seen now.  */
struct er_min
{
  int64_t min;
  int64_t rest;			/* minimum of the counted views but LAG */
  er_vimpl *lag;		/* a counted view holding MIN, or NULL */
  int ready;			/* registration gating satisfied */
  int term;			/* minimum held by a terminated writer */
};

/* Count published index C of view VI in M (minimum, laggard, runner-up).  */
static inline void
er_min_add (struct er_min *m, er_vimpl *vi, int64_t c)
{
  if (c < m->min)
    {
      m->rest = m->min;
      m->min = c;
      m->lag = vi;
    }
  else if (c < m->rest)
    m->rest = c;
}

/* Minimum commit index of the write views connected to R, as seen by read
   view RD: a terminated writer is the end of the stream; an unregistered
   writer that was freed stops counting once RD's update index reaches its
   terminal commit index (it is then disconnected for RD).  */
static void
er_min_commit (er_rec *r, er_vimpl *rd, struct er_min *m)
{
  /* Acquire, pairs with the release store of a new set (record.c,
     er_rebuild_set).  */
  er_set *s = atomic_load_explicit (&r->writers, memory_order_acquire);
  m->ready = s->ready;
  m->min = m->rest = ER_INF;
  m->lag = NULL;
  m->term = 0;
  int any = 0;
  for (int k = 0; k < s->n; k++)
    {
      /* Acquire, pairs with the writer's release store (erbium/sync.h,
	 er_publish): its elements below C are visible.  */
      int64_t c = atomic_load_explicit (&s->m[k].view->v.pub,
					memory_order_acquire);
      if (s->m[k].state == ER_V_DRAINING && c <= rd->v.gate)
	continue;
      any = 1;
      if (c < m->min)
	m->term = s->m[k].state == ER_V_TERMINATED;
      else if (c == m->min && s->m[k].state == ER_V_TERMINATED)
	m->term = 1;
      er_min_add (m, s->m[k].view, c);
    }
  if (!any)
    /* No writer: nothing will ever be committed until one connects.  */
    m->min = rd->v.gate;
}

/* Minimum release index of the registered read views connected to R;
   ER_INF when there is none (nobody to wait for).  */
static void
er_min_release (er_rec *r, struct er_min *m)
{
  /* Acquire, as in er_min_commit.  */
  er_set *s = atomic_load_explicit (&r->readers, memory_order_acquire);
  m->ready = s->ready;
  m->min = m->rest = ER_INF;
  m->lag = NULL;
  m->term = 0;
  for (int k = 0; k < s->n; k++)
    /* Acquire, pairs with the reader's release store (er_publish): its
       reads below the index are done before the writer reuses the
       slots.  */
    er_min_add (m, s->m[k].view,
		atomic_load_explicit (&s->m[k].view->v.pub,
				      memory_order_acquire));
}

/* Granted: cache what M found in V, so that the inline primitives refresh
   from the laggard alone until it catches up with the rest.  */
static void
er_cache_min (er_view *v, const struct er_min *m)
{
  v->peer_min = m->min;
  v->peer_rest = m->rest;
  v->peer = m->lag ? &m->lag->v.pub : NULL;
}

/* Grant read view VI's update up to GATE, M being the writers' minimum
   now.  A registered view caches M, so that its next updates refresh
   inline; an observer copies the newly granted indices into its own
   window (observer.c) and caches nothing, so that its next update comes
   here again.  */
static void
er_grant_update (er_vimpl *vi, const struct er_min *m, int64_t gate)
{
  if (er_is_observer (vi))
    er_observe (vi, gate);
  else
    er_cache_min (&vi->v, m);
  vi->v.gate = gate;
}

/* Whether the laggard W found last time still lags in the same shape of
   the record: then the wait cannot be over (only a reallocation may end
   it), and nothing else needs to be read.  */
static int
er_still_lagging (struct er_waiter *w)
{
  if (!w->lag
      /* Acquire, pairs with a shape change's release increment
	 (record.c, er_reshape).  */
      || atomic_load_explicit (&w->rec->pub.gen, memory_order_acquire)
	 != w->lag_gen)
    return 0;
  /* Acquire, pairs with the laggard's release store (er_publish).  */
  w->lag_pub = atomic_load_explicit (&w->lag->v.pub, memory_order_acquire);
  return w->lag_pub < w->want;
}

/* Batching.  A request that had to wait is granted as soon as the other
   side's minimum M reaches the requested bound WANT if the wait is eager
   or M stopped moving between two polls; while M moves, the waiter holds out
   for HI, a quarter of the horizon further, capped by what the other side
   can reach without this view (its commit index for a writer, its release
   index plus horizon for a reader).  A waiter that resumes at every small
   step of a streaming peer reads the peer's line (and the data lines the
   peer is still writing) once per burst, which costs the peer a transfer
   each time; holding out while the peer streams turns that into one
   transfer per quarter horizon.  A peer that stops (because it waits for
   something, this view included) ends the wait at once, so nothing waits
   beyond what the semantics require once nothing moves.  Waits are eager
   when they sleep, and on a core shared with other processes (wait.c),
   where the other processes run between two polls anyway.  */
#define ER_BATCH_DIV 4

/* Whether W may stop waiting, the other side's minimum being M now.  */
static int
er_enough (struct er_waiter *w, int64_t m)
{
  if (m < w->want)
    return 0;
  if (w->eager || m >= w->hi || m == w->last)
    return 1;
  w->last = m;
  return 0;
}

static int
er_realloc_requested (er_rec *r)
{
  /* Relaxed: a hint that ends the wait; the waiter's er_park then reads
     the serial with acquire (realloc.c).  */
  return atomic_load_explicit (&r->realloc_pending, memory_order_relaxed)
    != 0;
}

/* Wait condition of update and stall: the other side's minimum reaches
   W->want (for update, also the end of the stream), or a reallocation to
   park for.  A failed try remembers the laggard to poll and to sleep on
   (none while registration gating holds: only a reshape ends that
   wait).  */
static int
er_peers_ready (struct er_waiter *w)
{
  if (er_still_lagging (w))
    return er_realloc_requested (w->rec);
  /* Acquire, pairs with er_reshape's release increment; read before the
     sets, so that a later change shows in LAG_GEN.  */
  uint32_t gen = atomic_load_explicit (&w->rec->pub.gen,
				       memory_order_acquire);
  struct er_min m;
  if (w->op == ER_OP_UPDATE)
    er_min_commit (w->rec, w->view, &m);
  else
    er_min_release (w->rec, &m);
  w->seen = m.ready ? m.min : -1;
  if (m.ready && (m.term || er_enough (w, m.min)))
    return 1;
  w->lag = m.ready ? m.lag : NULL;
  /* What the waiting layer arms and watches (wait.c).  */
  w->lag_wake = w->lag ? &w->lag->v.wake : NULL;
  w->lag_pub = m.min;
  w->lag_gen = gen;
  return er_realloc_requested (w->rec);
}

/* Wait until the other side's minimum may grant VI's request IDX (of
   operation OP): until it reaches WANT, holding out for more (batching,
   above) up to CAP, the most it can reach without VI.  */
static void
er_wait_peers (er_vimpl *vi, int op, int64_t idx, int64_t want, int64_t cap)
{
  int64_t hi = want + vi->v.horizon / ER_BATCH_DIV;
  if (hi > cap)
    hi = cap;
  struct er_waiter w = { .try_fn = er_peers_ready,
    .rec = er_rec_of (vi->v.rec), .wq = &er_rec_of (vi->v.rec)->wq,
    .view = vi, .op = op, .idx = idx,
    .want = want, .hi = hi > want ? hi : want, .last = INT64_MIN };
  er_wait (&w);
}

er_index
er_update_slow (er_view *v, int64_t idx, er_index i)
{
  er_vimpl *vi = er_vimpl_of (v);
  er_rec *r = er_rec_of (v->rec);
  if (v->term)
    return 0;
  for (;;)
    {
      /* Acquire, pairs with er_reshape's release increment.  */
      if (v->gen != atomic_load_explicit (&r->pub.gen, memory_order_acquire))
	er_resync (vi);
      if (v->horizon == 0)
	er_misuse (v, ER_OP_UPDATE, idx);
      struct er_min m;
      er_min_commit (r, vi, &m);
      if (m.ready && m.min >= idx)
	{
	  er_grant_update (vi, &m, idx);
	  return i;
	}
      if (m.ready && m.term)
	{
	  /* Paper: update "does not wait and may return a different value
	     from its index argument.  A following update() call returns
	     0".  */
	  v->term = 1;
	  if (m.min > v->gate)
	    {
	      er_grant_update (vi, &m, m.min);
	      /* In I's representation (erbium/sync.h, er_update).  */
	      return i - (idx - m.min);
	    }
	  return 0;
	}
      /* Writers can commit up to this view's release index plus its
	 horizon.  */
      er_wait_peers (vi, ER_OP_UPDATE, idx, idx, v->own + v->horizon);
    }
}

void
er_stall_slow (er_view *v, int64_t idx)
{
  er_vimpl *vi = er_vimpl_of (v);
  er_rec *r = er_rec_of (v->rec);
  for (;;)
    {
      /* Acquire, pairs with er_reshape's release increment.  */
      if (v->gen != atomic_load_explicit (&r->pub.gen, memory_order_acquire))
	er_resync (vi);
      if (v->horizon == 0)
	er_misuse (v, ER_OP_STALL, idx);
      struct er_min m;
      er_min_release (r, &m);
      if (m.ready && m.min >= idx - v->horizon)
	{
	  er_cache_min (v, &m);
	  v->gate = idx;
	  return;
	}
      /* Readers can release up to this view's commit index.  */
      er_wait_peers (vi, ER_OP_STALL, idx, idx - v->horizon, v->own);
    }
}
