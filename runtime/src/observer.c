/* SPDX-License-Identifier: MIT */
/* Erbium runtime: observers, the read views that hold no id.

   Paper section 3, "Creation": non-registered views serve "asymmetric
   broadcasts where some consumers may safely miss parts of the data
   stream -- such as observation or instrumentation processes".  Writers
   never wait for them, so a writer may overwrite an index in the record's
   window before an observer reads it.  So that an observer never reads
   such a value silently, it reads from a private mirrored window of its
   own (the same slots as the record's): each of its updates copies the
   newly granted indices there, then checks, seqlock style, which of them
   the writers may have overwritten during the copy.  A writer writes only
   below its stall index, which is at most its commit index plus its
   horizon; so once the copy is done, the writers' published commit
   indices plus the record's largest write horizon bound every index
   written so far, and a slot whose index lies more than the window's
   slots below that bound may hold a newer index.  Those indices are
   missed: the view records the lowest index from which it holds every
   index (er_vimpl.valid_from), er_valid_from tells the program, and
   with index checking on, reading a missed index is reported
   (er_check_access).

   An observer's updates all come here: its cached minimum of the writers
   grants nothing (er_resync, stream.c), so the inline update and
   er_update_upto always take the slow path (strip-mined loops run their
   element code).  The hot path is untouched.

   The bound relies on a writer's commit becoming visible before the
   element stores that follow it, which x86-TSO guarantees (stores are
   seen in program order); on a weaker memory model a store may overtake
   the commit before it, and an overwritten index can go unnoticed.  */

#define _GNU_SOURCE
#include <string.h>
#include "internal.h"
#include "erbium/record.h"

/* Whether VI is an observer now: a read view without an id.  */
int
er_is_observer (er_vimpl *vi)
{
  return vi->v.kind == ER_READ && vi->id == 0;
}

/* Indices below the returned one may have been overwritten in R's window
   of SLOTS slots: the live writers' commit indices plus the largest
   write horizon bound what they may have written (a freed writer
   writes no more).  */
static int64_t
er_overwritten_below (er_rec *r, uint64_t slots)
{
  /* Acquire, pairs with the release store of a new set (record.c,
     er_rebuild_set); WHORIZON relaxed: a bound that only grows
     (realloc.c, er_alloc).  */
  er_set *s = atomic_load_explicit (&r->writers, memory_order_acquire);
  int64_t h = atomic_load_explicit (&r->whorizon, memory_order_relaxed);
  int64_t top = 0;
  for (int k = 0; k < s->n; k++)
    {
      /* Acquire, pairs with the writer's release store (erbium/sync.h,
	 er_publish).  */
      int64_t c = atomic_load_explicit (&s->m[k].view->v.pub,
					memory_order_acquire);
      if (s->m[k].state == ER_V_LIVE)
	c += h;
      if (c > top)
	top = c;
    }
  return top - (int64_t) slots;
}

/* Address of index I's slot in mirrored window W.  */
static inline char *
er_slot (er_window *w, int64_t i, uint32_t esize)
{
  return w->base + ((uint64_t) i & (w->slots - 1)) * esize;
}

/* Copy N bytes from SRC to DST while writers may be storing into SRC.
   The race is by design: what the copy read is validated afterwards
   (er_observe).  So ThreadSanitizer must not instrument the loads, and
   the copy must not become a call to memcpy, which sanitizers intercept:
   words, with a compiler barrier per block so that GCC does not turn the
   loop into one.  */
__attribute__ ((no_sanitize ("thread"), noinline)) static void
er_copy_racy (char *dst, const char *src, size_t n)
{
  while (n >= 64)
    {
      for (int k = 0; k < 8; k++)
	{
	  uint64_t x;
	  __builtin_memcpy (&x, src + 8 * k, 8);
	  __builtin_memcpy (dst + 8 * k, &x, 8);
	}
      __asm__ ("" ::: "memory");
      dst += 64, src += 64, n -= 64;
    }
  while (n--)
    *dst++ = *src++;
}

/* Give observer VI a mirror of record window W's slots, holding what it
   held before: its indices still valid in its old mirror (a record
   reallocation grew the window), or nothing.  Owner only.  */
static void
er_mirror_new (er_vimpl *vi, er_window *w)
{
  er_view *v = &vi->v;
  er_window *old = vi->mirror;
  er_window *m = er_window_new (w->slots, v->esize);
  int64_t lo = v->own > vi->valid_from ? v->own : vi->valid_from;
  if (old && vi->copied > lo)
    memcpy (er_slot (m, lo, v->esize), er_slot (old, lo, v->esize),
	    (size_t) (vi->copied - lo) * v->esize);
  else
    vi->copied = lo;
  er_window_free (old);
  vi->mirror = m;
}

/* Observer VI resynchronises with record window W (er_resync): it reads
   its mirror, grown with W if W grew.  Before its first update an
   observer has none, and holds nothing.  */
void
er_observer_resync (er_vimpl *vi, er_window *w)
{
  if (!vi->mirror || !w)
    return;
  if (vi->mirror->slots != w->slots)
    er_mirror_new (vi, w);
  vi->v.base = vi->mirror->base;
  vi->v.mask = vi->mirror->slots - 1;
}

/* Observer VI's update grants indices up to UPTO (the writers committed
   them): copy those it does not hold yet into its mirror, then move its
   valid_from past every index the writers may have overwritten before
   the copy read it, the copy included.  Indices the writers had
   overwritten before the copy began are not copied at all.  Owner only;
   VI's record window cannot change meanwhile (a reallocation waits for
   VI to park, in a primitive).  */
void
er_observe (er_vimpl *vi, int64_t upto)
{
  er_view *v = &vi->v;
  er_rec *r = er_rec_of (v->rec);
  /* Acquire, pairs with the release store of the window (realloc.c,
     er_alloc), as do the two loads below.  */
  er_window *w = atomic_load_explicit (&r->win, memory_order_acquire);
  if (!vi->mirror || vi->mirror->slots != w->slots)
    er_mirror_new (vi, w);
  int64_t from = vi->copied;
  if (from < v->own)
    from = v->own;		/* released: not needed */
  if (from < vi->valid_from)
    from = vi->valid_from;
  int64_t lost = er_overwritten_below (r, w->slots);
  if (from < lost)
    from = lost;
  if (from < upto)
    er_copy_racy (er_slot (vi->mirror, from, v->esize),
		  er_slot (w, from, v->esize),
		  (size_t) (upto - from) * v->esize);
  /* The copy's loads before the commit indices' (a seqlock's reader).
     The bound may also drop meanwhile (a writer freed no longer adds its
     horizon): what was not copied stays missed.  The fence pairs with
     the writers' release stores of their commit indices read next.  */
  atomic_thread_fence (memory_order_acquire);
  int64_t after = er_overwritten_below (r, w->slots);
  if (after > lost)
    lost = after;
  if (lost > vi->valid_from)
    vi->valid_from = lost;
  if (upto > vi->copied)
    vi->copied = upto;
  v->base = vi->mirror->base;
  v->mask = vi->mirror->slots - 1;
}

/* Registered read view VI unregisters (register(v, -1)): while its id
   still holds the writers back, copy what it holds into a mirror, from
   which it reads from now on.  Caller holds VI's record's lock.  */
void
er_observer_unregister (er_vimpl *vi)
{
  er_view *v = &vi->v;
  er_window *w = atomic_load_explicit (&er_rec_of (v->rec)->win,
				       memory_order_acquire);
  if (!w || v->horizon == 0)
    return;
  er_window_free (vi->mirror);
  vi->mirror = NULL;
  er_mirror_new (vi, w);
  int64_t lo = vi->copied;
  if (v->gate > lo)
    memcpy (er_slot (vi->mirror, lo, v->esize), er_slot (w, lo, v->esize),
	    (size_t) (v->gate - lo) * v->esize);
  vi->copied = v->gate;
  v->base = vi->mirror->base;
  v->mask = vi->mirror->slots - 1;
}

/* Observer VI registers: it reads the record's window again.  Writers
   are held back by it from their next stall on (its registration is
   published), but may already have overwritten some of the indices it
   holds: those below the bound count as missed.  A stall granted just
   before the registration was published is bounded by its writer's
   commit index then, which the bound reads unless the commit's store is
   still on its way (a store buffer drains in nanoseconds, but nothing
   here waits for it): the one window in which an index counted as held
   may be overwritten afterwards; a view registering while writers stream
   has the same window (erbium/sync.h er_stall: the first stall after the
   change).  Caller holds VI's record's lock, after publishing the
   registration.  */
void
er_observer_register (er_vimpl *vi)
{
  er_view *v = &vi->v;
  er_rec *r = er_rec_of (v->rec);
  er_window *w = atomic_load_explicit (&r->win, memory_order_acquire);
  if (!vi->mirror)
    return;
  int64_t lost = er_overwritten_below (r, w->slots);
  if (lost > vi->valid_from)
    vi->valid_from = lost;
  er_window_free (vi->mirror);
  vi->mirror = NULL;
  v->base = w->base;
  v->mask = w->slots - 1;
}

/* VI is freed: give its mirror back.  */
void
er_observer_free (er_vimpl *vi)
{
  er_window_free (vi->mirror);
  vi->mirror = NULL;
}

er_index
er_valid_from (er_view *v, er_index i)
{
  er_vimpl *vi = er_vimpl_of (v);
  int64_t idx = er_xlat (i, v->gate);
  if (v->kind == ER_READ && idx < vi->valid_from)
    return i + (vi->valid_from - idx);
  return i;
}
