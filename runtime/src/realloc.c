/* SPDX-License-Identifier: MIT */
/* Erbium runtime: alloc and the reallocation hand-shake (paper section
   3, "Resource management").

   A view's alloc grows its record's window when the horizons of the
   connected views need more slots.  The reallocator publishes the
   reallocation (realloc_pending) before it bumps the record's generation,
   waits until every other live, allocated view has parked (er_park at
   its next slow path, or er_park_owned when its owner sleeps: wait.c
   calls it through er_hooks.park), copies the window and lets them go;
   each view then picks up the new window (er_resync).  Runs under the
   record's lock except for the waits.  */

#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include "internal.h"

/* Largest write and read horizons among views still connected.  With
   FIRST (R's first window), a side that R expects views on (R->wreg or
   R->rreg nonzero) but that has no horizon yet counts with the other
   side's: the two ends of a stream usually allocate the same horizon, and
   a window sized for one end only is reallocated at the other end's first
   alloc, which costs a second populated window and a pause of every
   view.  */
static uint64_t
er_needed_slots (er_rec *r, int first)
{
  int64_t hw = 0, hr = 0;
  for (er_vimpl *o = r->all; o; o = o->next_all)
    {
      if (o->state == ER_V_GONE)
	continue;
      if (o->v.kind == ER_WRITE && o->v.horizon > hw)
	hw = o->v.horizon;
      if (o->v.kind == ER_READ && o->v.horizon > hr)
	hr = o->v.horizon;
    }
  if (first && !hw && r->wreg)
    hw = hr;
  if (first && !hr && r->rreg)
    hr = hw;
  return (uint64_t) (hw + hr);
}

/* Reallocation wait condition: every other connected, allocated, live view
   not owned by the reallocating thread has parked for this serial.  Views'
   states and owners change under the record's lock, so the look takes
   it; when it is busy (a view connecting or going), the answer is "not
   yet", and the waiter looks again.  */
static int
er_all_parked (struct er_waiter *w)
{
  er_rec *r = w->rec;
  uint32_t serial = (uint32_t) w->idx;
  er_thread *self = w->thread;
  if (pthread_mutex_trylock (&r->lock) != 0)
    return 0;
  int missing = 0;
  for (er_vimpl *o = r->all; o; o = o->next_all)
    if (o->state == ER_V_LIVE && o->v.horizon > 0 && o->owner != self
	/* Acquire, pairs with the view's release store of PARKED (er_park,
	   er_park_owned): once it parked it touches no window.  */
	&& atomic_load_explicit (&o->parked, memory_order_acquire) != serial)
      missing++;
  er_record_unlock (r);
  w->seen = missing;
  return missing == 0;
}

/* Wait condition for a parked view: the reallocation is over.  */
static int
er_realloc_done (struct er_waiter *w)
{
  /* Acquire, pairs with the reallocator's release store of 0 in
     er_alloc, after it published the new window.  */
  return atomic_load_explicit (&w->rec->realloc_pending,
			       memory_order_acquire) != (uint32_t) w->idx;
}

/* Wait until no reallocation of R is in progress.  Caller does not hold
   the lock.  */
static void
er_wait_realloc_over (er_rec *r, er_vimpl *vi, uint32_t serial)
{
  struct er_waiter w = { .try_fn = er_realloc_done, .rec = r,
    .wq = &r->wq, .view = vi, .op = ER_WAIT_PARKED, .idx = serial };
  er_wait (&w);
}

/* Resynchronise VI's cached copy of its record's shape: window base and
   mask, peer pointer and cached minimum, generation.  Parks first if a
   reallocation is in progress.  Only VI's owner calls this.  */
void
er_resync (er_vimpl *vi)
{
  er_view *v = &vi->v;
  er_rec *r = er_rec_of (v->rec);
  /* The generation first: er_alloc publishes realloc_pending before it
     bumps the generation, so a generation read here that already counts
     a reallocation guarantees that er_park sees it pending (and parks).
     Read after the park check, a view could take the new generation
     without parking, and then wait forever in a stall or update whose
     wait ends at once on the pending reallocation it never parks for.  */
  uint32_t g = atomic_load_explicit (&r->pub.gen, memory_order_acquire);
  er_park (vi);
  /* Acquire, pairs with er_alloc's release store of the window: its
     copied elements are visible.  */
  er_window *w = atomic_load_explicit (&r->win, memory_order_acquire);
  v->base = w ? w->base : NULL;
  v->mask = w ? w->slots - 1 : 0;
  /* Acquire, pairs with the release store of a new set (record.c,
     er_rebuild_set): the set's members are visible.  */
  er_set *s = atomic_load_explicit (v->kind == ER_READ ? &r->writers
				    : &r->readers, memory_order_acquire);
  /* One live peer: refresh from it alone.  Otherwise the slow path finds
     the laggard (stream.c er_cache_min).  An observer reads its own
     window and refreshes nothing inline: every update it makes copies
     (observer.c).  */
  int observer = er_is_observer (vi);
  v->peer = s->ready && s->only && !observer ? &s->only->v.pub : NULL;
  if (observer)
    er_observer_resync (vi, w);
  v->peer_rest = ER_INF;
  /* The cached minimum belongs to the old participants: a view that
     registered since may hold a lower index, and while ids 1..wreg/rreg
     are missing nothing may be granted at all.  So it grants nothing
     until a refresh or the slow path recomputes it; otherwise the fast
     path after a resync outside the slow path (alloc, parking) would let
     a request past a newly registered view or the registration gate.  */
  v->peer_min = -ER_INF;
  v->gen = g;
}

/* If a reallocation of VI's record is in progress, park VI until it is
   over.  Only VI's owner calls this.  */
void
er_park (er_vimpl *vi)
{
  er_rec *r = er_rec_of (vi->v.rec);
  /* Acquire, pairs with er_alloc's release store of the serial.  */
  uint32_t s = atomic_load_explicit (&r->realloc_pending,
				     memory_order_acquire);
  if (!s)
    return;
  /* Release, pairs with the reallocator's acquire load (er_all_parked):
     the view's accesses to the old window come before.  */
  atomic_store_explicit (&vi->parked, s, memory_order_release);
  er_wake (&r->pub);
  er_wait_realloc_over (r, vi, s);
}

/* Park thread T's views whose record is being reallocated and
   that have not parked for that reallocation yet (er_park parks the view
   of the primitive that found it pending; this parks the others),
   before T sleeps in er_wait (wait.c, through er_hooks.park): while
   the thread sleeps it touches none of its windows.  The views of the
   record the thread itself is reallocating stay as they are: the
   reallocator does not wait for them, and parking them would make the
   wake-up wait for its own reallocation.  */
void
er_park_owned (er_thread *t)
{
  for (er_vimpl *o = t->owned; o; o = o->next_owned)
    {
      er_rec *r = er_rec_of (o->v.rec);
      if (r == t->reallocating)
	continue;
      uint32_t s = atomic_load_explicit (&r->realloc_pending,
					 memory_order_acquire);
      if (s && o->v.horizon > 0
	  /* Relaxed: only its owner, this thread, writes PARKED.  */
	  && atomic_load_explicit (&o->parked, memory_order_relaxed) != s)
	{
	  o->park_for = s;
	  /* Release, pairs with er_all_parked's acquire load, as in
	     er_park.  */
	  atomic_store_explicit (&o->parked, s, memory_order_release);
	  er_wake (&r->pub);
	}
    }
}

/* Before the thread touches its windows again, let the reallocations its
   views were parked for finish, and pick up the new windows.  */
void
er_unpark_owned (er_thread *t)
{
  for (er_vimpl *o = t->owned; o; o = o->next_owned)
    if (o->park_for)
      {
	o->park_for = 0;
	er_resync (o);		/* waits while a reallocation is pending */
      }
}

void
er_alloc (er_view *v, int h)
{
  er_vimpl *vi = er_vimpl_of (v);
  er_rec *r = er_rec_of (v->rec);
  er_thread *self = er_self ();
  if (h <= 0)
    {
      fflush (stdout);
      fprintf (stderr, "erbium: error: alloc(");
      er_describe_view (stderr, vi);
      fprintf (stderr, ", %d): horizon must be at least 1 element (rule: "
	       "alloc(v, h) creates a sliding window of h elements)\n", h);
      abort ();
    }
  er_record_lock (r);
  uint32_t busy;
  /* Under the lock, which every store of the serial holds.  */
  while ((busy = atomic_load (&r->realloc_pending)) != 0)
    {
      er_record_unlock (r);
      er_wait_realloc_over (r, vi, busy);
      er_record_lock (r);
    }
  v->horizon = h;
  /* Relaxed: written under the lock, and only grows; observer.c
     (er_overwritten_below) reads it as a bound, ordering nothing.  */
  if (v->kind == ER_WRITE
      && h > atomic_load_explicit (&r->whorizon, memory_order_relaxed))
    atomic_store_explicit (&r->whorizon, h, memory_order_relaxed);
  /* Under the lock, which every store of the window holds.  */
  er_window *w = atomic_load (&r->win);
  uint64_t need = er_needed_slots (r, !w);
  if (!w)
    {
      /* Release, pairs with er_resync's acquire load.  */
      atomic_store_explicit (&r->win, er_window_new (need, r->pub.esize),
			     memory_order_release);
      er_reshape (r);
    }
  else if (need > w->slots)
    {
      /* Reallocate: make every other view stop at its next primitive, copy
	 the live part of the window, publish the new one.  */
      uint32_t serial = ++r->realloc_serial;
      if (serial == 0)
	serial = ++r->realloc_serial;
      /* The serial before the generation (both release): a view that
	 sees the new generation (acquire, er_resync) then sees the serial
	 in er_park, and parks.  */
      atomic_store_explicit (&r->realloc_pending, serial,
			     memory_order_release);
      atomic_fetch_add_explicit (&r->pub.gen, 1, memory_order_release);
      er_record_unlock (r);
      er_wake (&r->pub);
      struct er_waiter pw = { .try_fn = er_all_parked, .rec = r,
	.wq = &r->wq, .view = vi, .op = ER_WAIT_REALLOC, .idx = serial };
      self->reallocating = r;
      er_wait (&pw);
      er_record_lock (r);
      need = er_needed_slots (r, 0);
      er_window *nw = er_window_new (need, r->pub.esize);
      /* Every index a writer may have written is below its stall index;
	 the old window holds at most its slot count of them.  The mirror
	 makes each range one memcpy.  */
      int64_t hi = 0;
      for (er_vimpl *o = r->all; o; o = o->next_all)
	if (o->v.kind == ER_WRITE)
	  {
	    /* Every other writer has parked (acquire, er_all_parked):
	       its last publication is visible.  */
	    int64_t c = atomic_load (&o->v.pub);
	    int64_t g = o->v.gate > c ? o->v.gate : c;
	    if (g > hi)
	      hi = g;
	  }
      int64_t lo = hi - (int64_t) w->slots;
      if (lo < 0)
	lo = 0;
      size_t es = r->pub.esize;
      if (hi > lo)
	memcpy (nw->base + ((uint64_t) lo & (nw->slots - 1)) * es,
		w->base + ((uint64_t) lo & (w->slots - 1)) * es,
		(size_t) (hi - lo) * es);
      /* Release, pairs with er_resync's acquire load: the copy is
	 visible with the window.  */
      atomic_store_explicit (&r->win, nw, memory_order_release);
      w->retired_next = r->retired_wins;
      r->retired_wins = w;
      er_reshape (r);
      /* Release, pairs with er_realloc_done's acquire load: a parked
	 view that sees 0 finds the new window.  */
      atomic_store_explicit (&r->realloc_pending, 0, memory_order_release);
      self->reallocating = NULL;
      er_record_unlock (r);
      er_wake (&r->pub);
      /* The caller's other views of this record did not park (their owner
	 is here): move them now, before they touch an element.  */
      for (er_vimpl *o = self->owned; o; o = o->next_owned)
	if (o->v.rec == v->rec && o->v.horizon > 0)
	  er_resync (o);
      er_resync (vi);
      return;
    }
  er_record_unlock (r);
  er_resync (vi);
}

