/* SPDX-License-Identifier: MIT */
/* Erbium runtime: records, views and registration (paper section 3,
   "Creation"; section 4, one shared buffer per record).

   Everything here runs under the record's lock and is off the hot path:
   creating records and views, registration, free_view and record
   deallocation; hand-over and termination are handover.c's, alloc and
   the reallocation hand-shake realloc.c's.  Each change of a record's
   shape rebuilds the immutable participant sets and bumps the record's
   generation, so that every view resynchronises (er_resync) at its next
   stall or update.  */

#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include "internal.h"

static pthread_mutex_t er_records_lock = PTHREAD_MUTEX_INITIALIZER;
static er_rec *er_records;
static int er_nrecords;
static uint32_t er_record_serial;

/* Wake every thread sleeping on R.  Called by er_wake_view, by every
   shape change and by parking.  */
void
er_wake (er_record *rr)
{
  er_wakeq_wake (&er_rec_of (rr)->wq);
}

/* Commit or release made V's published index reach its wake threshold:
   reset the threshold (sleepers that still need to wait set it again) and
   wake the record's sleepers.  The store precedes the sequence bump, so a
   sleeper that lowered the threshold before the store finds the sequence
   changed and does not sleep.  */
void
er_wake_view (er_view *v)
{
  atomic_store_explicit (&v->wake, ER_INF, memory_order_relaxed);
  er_wake (v->rec);
}

/* Process T connected a view to R: let placement move it next to R's
   other processes (placement.c er_place_near, which sees cores only).  */
static void
er_place_on_connect (er_thread *t, er_rec *r)
{
  /* Unlocked look first (the common case: already placed); placement
     tests the flag again under its lock.  */
  if (!er_place_wanted (t))
    return;
  int peers[64], np = 0;
  er_record_lock (r);
  for (er_vimpl *o = r->all; o && np < 64; o = o->next_all)
    {
      int c = o->owner && o->owner != t && o->owner->is_process
	      ? __atomic_load_n (&o->owner->core, __ATOMIC_RELAXED) : -1;
      if (c >= 0)
	peers[np++] = c;
    }
  er_record_unlock (r);
  er_place_near (t, peers, np);
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
  /* Relaxed: under the lock, which every store of SLOT holds.  The
     store is a release, pairing with the slow paths' acquire loads of
     the set (stream.c er_min_commit, er_min_release; realloc.c
     er_resync).  */
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
void
er_reshape (er_rec *r)
{
  er_rebuild_set (r, ER_WRITE);
  er_rebuild_set (r, ER_READ);
  /* Release, pairs with the acquire loads of the generation in the slow
     paths (er_resync, stream.c); the hot path's relaxed load only sees
     that it changed (erbium/sync.h, er_update).  */
  atomic_fetch_add_explicit (&r->pub.gen, 1, memory_order_release);
}

/* new_record (erbium/record.h, which gives the arguments and errors);
   er_new_record (init.c) initialises the runtime first.  */
er_record *
er_record_create (int wreg, int rreg, size_t esize)
{
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
      /* A freed view's id: taken over, or refused (handover.c).  */
      er_take_over (r, vi, o, id);
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
  er_view_freed (vi, flags);
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
