/* Erbium runtime: the waiting halves of update and stall, and wake-ups
   (paper section 3, "Data streaming", "Resource management",
   "Termination").

   The inline primitives come here only when their cached copy of the
   other side's index does not allow the request, or when the record's
   shape changed.  Here the minimum over the whole participant set is
   computed, registration gating and termination are applied, and the
   caller waits (block.c) until the request can be granted.  */

#include "internal.h"

/* The other side's minimum as seen now.  */
struct er_min
{
  int64_t min;
  int ready;			/* registration gating satisfied */
  int term;			/* minimum held by a terminated writer */
};

/* Minimum commit index of the write views connected to R, as seen by read
   view RD: a terminated writer is the end of the stream; an unregistered
   writer that was freed stops counting once RD's update index reaches its
   terminal commit index (it is then disconnected for RD).  */
static void
er_min_commit (er_rec *r, er_vimpl *rd, struct er_min *m)
{
  er_set *s = atomic_load_explicit (&r->writers, memory_order_acquire);
  m->ready = s->ready;
  m->min = ER_INF;
  m->term = 0;
  int any = 0;
  for (int k = 0; k < s->n; k++)
    {
      int64_t c = atomic_load_explicit (&s->m[k].view->v.pub,
					memory_order_acquire);
      if (s->m[k].state == ER_V_DRAINING && c <= rd->v.gate)
	continue;
      any = 1;
      if (c < m->min)
	m->min = c, m->term = s->m[k].state == ER_V_TERMINATED;
      else if (c == m->min && s->m[k].state == ER_V_TERMINATED)
	m->term = 1;
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
  er_set *s = atomic_load_explicit (&r->readers, memory_order_acquire);
  m->ready = s->ready;
  m->min = ER_INF;
  m->term = 0;
  for (int k = 0; k < s->n; k++)
    {
      int64_t c = atomic_load_explicit (&s->m[k].view->v.pub,
					memory_order_acquire);
      if (c < m->min)
	m->min = c;
    }
}

static int
er_realloc_requested (er_rec *r)
{
  return atomic_load_explicit (&r->realloc_pending, memory_order_relaxed)
    != 0;
}

/* Wait condition of update: data up to the index, termination, or a
   reallocation to park for.  */
static int
er_update_ready (struct er_waiter *w)
{
  struct er_min m;
  er_min_commit (w->rec, w->view, &m);
  w->seen = m.ready ? m.min : -1;
  return (m.ready && (m.min >= w->idx || m.term))
    || er_realloc_requested (w->rec);
}

int
er_update_slow (er_view *v, int64_t idx, int i)
{
  er_vimpl *vi = er_vimpl_of (v);
  er_rec *r = er_rec_of (v->rec);
  if (v->term)
    return 0;
  for (;;)
    {
      if (v->gen != atomic_load_explicit (&r->pub.gen, memory_order_acquire))
	er_resync (vi);
      if (v->horizon == 0)
	er_misuse (v, ER_OP_UPDATE, idx);
      struct er_min m;
      er_min_commit (r, vi, &m);
      if (m.ready && m.min >= idx)
	{
	  v->peer_min = m.min;
	  v->gate = idx;
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
	      v->gate = v->peer_min = m.min;
	      return (int) (uint32_t) m.min;
	    }
	  return 0;
	}
      struct er_waiter w = { .try_fn = er_update_ready, .rec = r,
	.view = vi, .op = ER_OP_UPDATE, .idx = idx };
      er_wait (&w);
    }
}

/* Wait condition of stall.  */
static int
er_stall_ready (struct er_waiter *w)
{
  struct er_min m;
  er_min_release (w->rec, &m);
  w->seen = m.ready ? m.min : -1;
  return (m.ready && m.min >= w->idx - w->view->v.horizon)
    || er_realloc_requested (w->rec);
}

void
er_stall_slow (er_view *v, int64_t idx)
{
  er_vimpl *vi = er_vimpl_of (v);
  er_rec *r = er_rec_of (v->rec);
  for (;;)
    {
      if (v->gen != atomic_load_explicit (&r->pub.gen, memory_order_acquire))
	er_resync (vi);
      if (v->horizon == 0)
	er_misuse (v, ER_OP_STALL, idx);
      struct er_min m;
      er_min_release (r, &m);
      if (m.ready && m.min >= idx - v->horizon)
	{
	  v->peer_min = m.min;
	  v->gate = idx;
	  return;
	}
      struct er_waiter w = { .try_fn = er_stall_ready, .rec = r,
	.view = vi, .op = ER_OP_STALL, .idx = idx };
      er_wait (&w);
    }
}
