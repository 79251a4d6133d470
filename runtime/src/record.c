/* Erbium runtime: records and views (paper section 3, "Creation",
   "Resource management", "Termination"; section 4, one shared buffer per
   record).

   Everything here runs under the record's lock and is off the hot path:
   creating records and views, registration and hand-over, alloc and the
   reallocation hand-shake, free_view and record deallocation.  Each change
   of a record's shape rebuilds the immutable participant sets and bumps the
   record's generation, so that every view resynchronises (er_resync) at its
   next stall or update.  */

#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include "internal.h"

static pthread_mutex_t er_records_lock = PTHREAD_MUTEX_INITIALIZER;
static er_rec *er_records;
static int er_nrecords;
static uint32_t er_record_serial;

void
er_record_lock (er_rec *r)
{
  pthread_mutex_lock (&r->lock);
}

void
er_record_unlock (er_rec *r)
{
  pthread_mutex_unlock (&r->lock);
}

/* Build a new participant set of KIND (the views whose published index
   the other side waits on) and publish it.  Caller holds the lock.  */
static void
er_rebuild_set (er_rec *r, int kind)
{
  int n = 0;
  for (er_vimpl *vi = r->all; vi; vi = vi->next_all)
    n++;
  /* Pollers read the set on every slow-path look: no line shared with
     anything written.  */
  er_set *s = er_zalloc_line (sizeof *s + n * sizeof (er_member),
			      "a view set");
  int nlive = 0;
  for (er_vimpl *vi = r->all; vi; vi = vi->next_all)
    {
      if (vi->v.kind != kind)
	continue;
      int in;
      if (kind == ER_WRITE)
	/* Every connected write view holds readers back: a reader may only
	   see indices that every writer has committed.  */
	in = vi->state != ER_V_GONE;
      else
	/* Only registered read views hold writers back; observers may miss
	   data.  */
	in = vi->id > 0
	  && (vi->state == ER_V_LIVE || vi->state == ER_V_HANDOVER);
      if (!in)
	continue;
      s->m[s->n].view = vi;
      s->m[s->n].state = vi->state;
      s->n++;
      if (vi->state == ER_V_LIVE)
	nlive++;
    }
  s->ready = kind == ER_WRITE ? r->wmissing == 0 : r->rmissing == 0;
  if (s->n == 1 && nlive == 1)
    s->only = s->m[0].view;
  _Atomic (er_set *) *slot = kind == ER_WRITE ? &r->writers : &r->readers;
  er_set *old = atomic_load_explicit (slot, memory_order_relaxed);
  atomic_store_explicit (slot, s, memory_order_release);
  if (old)
    {
      old->retired_next = r->retired_sets;
      r->retired_sets = old;
    }
}

/* Rebuild both sets, bump the generation and wake every sleeper.  Caller
   holds the lock.  */
static void
er_reshape (er_rec *r)
{
  er_rebuild_set (r, ER_WRITE);
  er_rebuild_set (r, ER_READ);
  atomic_fetch_add_explicit (&r->pub.gen, 1, memory_order_release);
}

er_record *
er_new_record (int wreg, int rreg, size_t esize)
{
  er_init ();
  if (wreg < 0 || rreg < 0)
    er_fatal ("new_record(%d, %d): negative registration count (rule: wreg "
	      "and rreg count the write and read views that must register, "
	      ">= 0)", wreg, rreg);
  if (esize == 0 || esize > ((size_t) 1 << 20))
    er_fatal ("new_record: invalid element size %zu bytes (rule: elements "
	      "are 1 byte to 1 MiB)", esize);
  er_rec *r = er_zalloc_line (sizeof *r, "a record");
  pthread_mutex_init (&r->lock, NULL);
  r->wreg = wreg;
  r->rreg = rreg;
  r->wseen = calloc (wreg + 1, 1);
  r->rseen = calloc (rreg + 1, 1);
  if (!r->wseen || !r->rseen)
    er_fatal ("out of memory allocating a record");
  r->wmissing = wreg;
  r->rmissing = rreg;
  r->pub.esize = (uint32_t) esize;
  atomic_store (&r->pub.gen, 1);
  er_rebuild_set (r, ER_WRITE);
  er_rebuild_set (r, ER_READ);

  pthread_mutex_lock (&er_records_lock);
  r->pub.serial = ++er_record_serial;
  r->next_live = er_records;
  if (er_records)
    er_records->prev_live = r;
  er_records = r;
  er_nrecords++;
  pthread_mutex_unlock (&er_records_lock);
  return &r->pub;
}

int
er_live_records (void)
{
  pthread_mutex_lock (&er_records_lock);
  int n = er_nrecords;
  pthread_mutex_unlock (&er_records_lock);
  return n;
}

static er_view *
er_new_view (er_record *rr, int kind)
{
  er_rec *r = er_rec_of (rr);
  er_thread *t = er_self ();
  er_vimpl *vi = er_view_alloc ();
  er_view *v = &vi->v;
  v->kind = (uint8_t) kind;
  v->rec = rr;
  v->esize = rr->esize;
  v->check = er_checking () != 0;
  /* Nobody sleeps on the new view yet.  */
  atomic_store_explicit (&v->wake, ER_INF, memory_order_relaxed);
  v->gen = 0;			/* forces a resync at the first stall/update */
  vi->state = ER_V_LIVE;
  vi->owner = t;

  er_record_lock (r);
  vi->serial = ++r->nviews;
  r->nlive++;
  vi->next_all = r->all;
  r->all = vi;
  er_reshape (r);
  er_record_unlock (r);
  er_view_name (vi);

  vi->next_owned = t->owned;
  if (t->owned)
    t->owned->owned_link = &vi->next_owned;
  vi->owned_link = &t->owned;
  t->owned = vi;
  er_place_on_connect (t, r);
  return v;
}

er_view *
er_new_read_view (er_record *r)
{
  return er_new_view (r, ER_READ);
}

er_view *
er_new_write_view (er_record *r)
{
  return er_new_view (r, ER_WRITE);
}

/* Report a view of ESIZE-byte elements asked of R by OP (its spelling in
   <erbium.h>) when R's elements have another size; abort.  */
static void
er_check_view_esize (er_record *r, size_t esize, const char *op)
{
  if (esize != r->esize)
    er_fatal ("%s: record %u holds elements of %u bytes, but the view's "
	      "elements are %zu bytes (rule: the views of a record have "
	      "the record's element type)", op, r->serial, r->esize, esize);
}

er_view *
er_new_read_view_of (er_record *r, size_t esize)
{
  er_check_view_esize (r, esize, "new_read_view");
  return er_new_view (r, ER_READ);
}

er_view *
er_new_write_view_of (er_record *r, size_t esize)
{
  er_check_view_esize (r, esize, "new_write_view");
  return er_new_view (r, ER_WRITE);
}

/* Mark ID of KIND as registered once (for wreg/rreg gating).  */
static void
er_note_id (er_rec *r, int kind, int id)
{
  if (kind == ER_WRITE && id <= r->wreg && !r->wseen[id])
    r->wseen[id] = 1, r->wmissing--;
  if (kind == ER_READ && id <= r->rreg && !r->rseen[id])
    r->rseen[id] = 1, r->rmissing--;
}

/* The lowest id >= 1 that no other view of VI's kind holds: not live,
   not freed with ER_TERMINATE (those ids can never be taken again).  An
   id freed for hand-over is free.  Caller holds the lock.  */
static int
er_next_free_id (er_rec *r, er_vimpl *vi)
{
  for (int id = 1;; id++)
    {
      int held = 0;
      for (er_vimpl *o = r->all; o && !held; o = o->next_all)
	held = (o != vi && o->v.kind == vi->v.kind && o->id == id
		&& (o->state == ER_V_LIVE || o->terminated));
      if (!held)
	return id;
    }
}

/* er_register (NEXT == 0) and er_register_next (NEXT != 0, ID ignored):
   the id is chosen under the record's lock, so concurrent calls never
   pick the same id.  */
static int
er_register_1 (er_view *v, int id, int next)
{
  er_vimpl *vi = er_vimpl_of (v);
  er_rec *r = er_rec_of (v->rec);
  const char *kname = v->kind == ER_READ ? "read" : "write";
  if (!next && (id == 0 || id < -1))
    {
      fflush (stdout);
      fprintf (stderr, "erbium: error: register(");
      er_describe_view (stderr, vi);
      fprintf (stderr, ", %d): invalid id (rule: ids are consecutive "
	       "positive integers; -1 unregisters)\n", id);
      abort ();
    }
  er_record_lock (r);
  if (next)
    {
      if (vi->id > 0)
	{
	  er_record_unlock (r);
	  return vi->id;
	}
      id = er_next_free_id (r, vi);
    }
  if (id == -1)
    {
      /* While its id still holds the writers back, a read view copies
	 what it holds into the window it reads as an observer.  */
      if (vi->id > 0 && v->kind == ER_READ)
	er_observer_unregister (vi);
      vi->id = 0;
      er_reshape (r);
      er_record_unlock (r);
      er_wake (&r->pub);
      return -1;
    }
  if (vi->id == id)
    {
      er_record_unlock (r);
      return id;
    }
  for (er_vimpl *o = r->all; o; o = o->next_all)
    {
      if (o == vi || o->v.kind != v->kind || o->id != id)
	continue;
      if (o->state == ER_V_LIVE)
	{
	  er_record_unlock (r);
	  fflush (stdout);
	  fprintf (stderr, "erbium: error: register(");
	  er_describe_view (stderr, vi);
	  fprintf (stderr, ", %d): %s view %d of record %u already holds id "
		   "%d (rule: one live view per id and kind; free_view the "
		   "other first for a hand-over)\n", id, kname, o->serial,
		   r->pub.serial, id);
	  abort ();
	}
      if (o->terminated)
	{
	  er_record_unlock (r);
	  fflush (stdout);
	  fprintf (stderr, "erbium: error: register(");
	  er_describe_view (stderr, vi);
	  fprintf (stderr, ", %d): the %s view that held id %d was freed "
		   "with ER_TERMINATE (rule: the termination argument of "
		   "free_view forbids hand-over)\n", id, kname, id);
	  abort ();
	}
      if (o->state == ER_V_HANDOVER)
	{
	  /* Hand-over: the new view continues exactly where the old one
	     stopped, so no other view can tell that it changed.  */
	  if (v->own != 0 || v->gate != 0)
	    {
	      er_record_unlock (r);
	      er_fatal ("register(record %u %s view %d, %d): hand-over to a "
			"view that already streamed (rule: a view taking over "
			"an id registers before its first primitive)",
			r->pub.serial, kname, vi->serial, id);
	    }
	  v->own = atomic_load_explicit (&o->v.pub, memory_order_acquire);
	  v->gate = o->v.gate > v->own ? o->v.gate : v->own;
	  v->term = o->v.term;
	  atomic_store_explicit (&v->pub, v->own, memory_order_release);
	  o->state = ER_V_GONE;
	  o->id = 0;
	}
    }
  int was_observer = er_is_observer (vi);
  vi->id = id;
  er_note_id (r, v->kind, id);
  er_reshape (r);
  if (was_observer)
    er_observer_register (vi);
  er_record_unlock (r);
  /* Outside the lock: the caller owns V, which is live, so R cannot go
     meanwhile (internal.h); so are alloc's and parking's wakes.  */
  er_wake (&r->pub);
  return id;
}

int
er_register (er_view *v, int id)
{
  return er_register_1 (v, id, 0);
}

int
er_register_next (er_view *v)
{
  return er_register_1 (v, 0, 1);
}

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
  return atomic_load_explicit (&w->rec->realloc_pending,
			       memory_order_acquire) != (uint32_t) w->idx;
}

/* Wait until no reallocation of R is in progress.  Caller does not hold
   the lock.  */
static void
er_wait_realloc_over (er_rec *r, er_vimpl *vi, uint32_t serial)
{
  struct er_waiter w = { .try_fn = er_realloc_done, .rec = r, .view = vi,
    .op = ER_WAIT_PARKED, .idx = serial };
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
  er_window *w = atomic_load_explicit (&r->win, memory_order_acquire);
  v->base = w ? w->base : NULL;
  v->mask = w ? w->slots - 1 : 0;
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
  uint32_t s = atomic_load_explicit (&r->realloc_pending,
				     memory_order_acquire);
  if (!s)
    return;
  atomic_store_explicit (&vi->parked, s, memory_order_release);
  er_wake (&r->pub);
  er_wait_realloc_over (r, vi, s);
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
  while ((busy = atomic_load (&r->realloc_pending)) != 0)
    {
      er_record_unlock (r);
      er_wait_realloc_over (r, vi, busy);
      er_record_lock (r);
    }
  v->horizon = h;
  if (v->kind == ER_WRITE
      && h > atomic_load_explicit (&r->whorizon, memory_order_relaxed))
    atomic_store_explicit (&r->whorizon, h, memory_order_relaxed);
  er_window *w = atomic_load (&r->win);
  uint64_t need = er_needed_slots (r, !w);
  if (!w)
    {
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
      atomic_store_explicit (&r->realloc_pending, serial,
			     memory_order_release);
      atomic_fetch_add_explicit (&r->pub.gen, 1, memory_order_release);
      er_record_unlock (r);
      er_wake (&r->pub);
      struct er_waiter pw = { .try_fn = er_all_parked, .rec = r, .view = vi,
	.op = ER_WAIT_REALLOC, .idx = serial };
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
      atomic_store_explicit (&r->win, nw, memory_order_release);
      w->retired_next = r->retired_wins;
      r->retired_wins = w;
      er_reshape (r);
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

/* Deallocate R: no view is left.  Caller holds no lock.  */
static void
er_record_destroy (er_rec *r)
{
  pthread_mutex_lock (&er_records_lock);
  if (r->prev_live)
    r->prev_live->next_live = r->next_live;
  else
    er_records = r->next_live;
  if (r->next_live)
    r->next_live->prev_live = r->prev_live;
  er_nrecords--;
  pthread_mutex_unlock (&er_records_lock);

  er_window_free (atomic_load (&r->win));
  for (er_window *w = r->retired_wins, *n; w; w = n)
    n = w->retired_next, er_window_free (w);
  free (atomic_load (&r->writers));
  free (atomic_load (&r->readers));
  for (er_set *s = r->retired_sets, *n; s; s = n)
    n = s->retired_next, free (s);
  for (er_vimpl *o = r->all, *n; o; o = n)
    n = o->next_all, er_view_release (o);
  free (r->wseen);
  free (r->rseen);
  pthread_mutex_destroy (&r->lock);
  free (r);
}

/* Remove VI from its owner's list of views.  */
static void
er_unown (er_vimpl *vi)
{
  if (!vi->owner)
    return;
  *vi->owned_link = vi->next_owned;
  if (vi->next_owned)
    vi->next_owned->owned_link = vi->owned_link;
  vi->owner = NULL;
}

void
er_free_view (er_view *v, int flags)
{
  /* A freed handle is recognised without reading the view, whose memory
     may have gone with its record (viewstore.c).  */
  er_view_retire (v);
  er_vimpl *vi = er_vimpl_of (v);
  er_rec *r = er_rec_of (v->rec);
  er_observer_free (vi);
  er_record_lock (r);
  /* Under the lock: placement reads the owners of a record's views.  */
  er_unown (vi);
  vi->terminated = vi->id > 0 && (flags & ER_TERMINATE);
  if (v->kind == ER_WRITE)
    vi->state = (flags & ER_TERMINATE) ? ER_V_TERMINATED
      : vi->id > 0 ? ER_V_HANDOVER : ER_V_DRAINING;
  else
    vi->state = vi->id > 0 && !(flags & ER_TERMINATE) ? ER_V_HANDOVER
      : ER_V_GONE;
  r->nlive--;
  int last = r->nlive == 0 && r->wmissing == 0 && r->rmissing == 0;
  er_reshape (r);
  /* Wake under the lock: from its unlock on, this thread owns no view of
     R, and another thread freeing R's last view may deallocate R
     (internal.h).  The last view wakes nobody: no view is left to
     wait.  */
  if (!last)
    er_wake (&r->pub);
  er_record_unlock (r);
  if (last)
    er_record_destroy (r);
}

/* Free every view thread T still owns, terminating its streams.  */
void
er_free_owned_views (er_thread *t)
{
  while (t->owned)
    er_free_view (&t->owned->v, ER_TERMINATE);
}

void
er_view_info (er_view *v, struct er_view_info *out)
{
  er_vimpl *vi = er_vimpl_of (v);
  er_rec *r = er_rec_of (v->rec);
  er_window *w = atomic_load_explicit (&r->win, memory_order_acquire);
  out->kind = v->kind;
  out->id = vi->id;
  out->commit_or_release = v->own;
  out->stall_or_update = v->gate;
  out->horizon = v->horizon;
  out->slots = w ? w->slots : 0;
  /* The fast path refreshes from one index alone (er_refresh_peer).  */
  out->single_peer = v->peer && v->peer_rest == ER_INF;
  out->record = (int) v->rec->serial;
}

/* Print every live record's views (deadlock reports).  */
void
er_dump_records (FILE *f)
{
  pthread_mutex_lock (&er_records_lock);
  for (er_rec *r = er_records; r; r = r->next_live)
    {
      /* Views connect and go, and owners exit, under the lock.  Not
	 waiting for it: a report must not hang (when every thread waits
	 in a primitive, nobody holds it).  */
      if (pthread_mutex_trylock (&r->lock) != 0)
	{
	  fprintf (f, "  record %u: busy, not shown\n", r->pub.serial);
	  continue;
	}
      er_window *w = atomic_load (&r->win);
      fprintf (f, "  record %u: wreg %d (%d not yet registered), rreg %d "
	       "(%d not yet registered), %llu slots\n", r->pub.serial,
	       r->wreg, r->wmissing, r->rreg, r->rmissing,
	       (unsigned long long) (w ? w->slots : 0));
      for (er_vimpl *o = r->all; o; o = o->next_all)
	{
	  if (o->state == ER_V_GONE)
	    continue;
	  static const char *const st[] = { "live", "freed, awaiting "
	    "hand-over", "terminated", "freed, draining", "gone" };
	  fputs ("    ", f);
	  er_describe_view (f, o);
	  if (o->v.kind == ER_WRITE)
	    fprintf (f, ": commit %lld, stall %lld",
		     (long long) atomic_load (&o->v.pub),
		     (long long) o->v.gate);
	  else
	    fprintf (f, ": update %lld, release %lld",
		     (long long) o->v.gate,
		     (long long) atomic_load (&o->v.pub));
	  fprintf (f, ", horizon %lld, %s, owner %s\n",
		   (long long) o->v.horizon, st[o->state],
		   o->owner ? o->owner->name : "none");
	}
      er_record_unlock (r);
    }
  pthread_mutex_unlock (&er_records_lock);
}
