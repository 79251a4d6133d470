/* SPDX-License-Identifier: MIT */
/* Erbium runtime: the streams of OpenMP stream tasks (erbium/task.h):
   positions, buffers, completion frontiers.

   Positions are assigned when an access is created (OMP-STREAM-SPEC.md
   6.1): a stream has a write counter and a read counter, moved under the
   stream's lock by the control programs that create instances.  Each
   access's range is appended to the stream's writer queue or reader
   queue, in creation order, and marked done by the process that ran its
   instance, in any order (different sites run on different processes).
   The *commit frontier* is where the first writer range not done starts
   (the write counter when every one is done): every position below it
   has been written.  The *release frontier* is where the first reader
   range not done starts (inputs, peeks and ticks alike; a reader's range
   starts at the read counter of its creation, so the first one not done
   starts lowest): no reader will read a position below it again.  The
   process whose range is done advances its side's frontier past it, and
   past the ranges done before it out of order, under that side's short
   lock, and wakes the sleepers whose threshold it reached (as wait.c's
   commit and release do: no system call while nobody sleeps).  A range
   done in order is passed without touching its memory, which sits next
   to where the control program appends.

   Data lives in a mirrored window (mirror.c): position P at slot
   P mod SLOTS, and any run of at most SLOTS slots is contiguous, so a
   window is one pointer.  An input or peek [r, r + H) may be used once
   the commit frontier reaches r + H.  An output [w, w + B) may be used
   once w + B - SLOTS is reached by the release frontier (nobody reads
   what its slots held) and by the commit frontier (nobody will still
   write what they held: a tick releases positions that may not be
   written yet).  A window thus never holds more than SLOTS positions.

   The buffer's size is set when the control program creates the first
   access, max (4096 elements (fewer for large elements), 4 x the largest
   window) slots, and grows to 4 x a larger window when the control
   program creates one while nothing of the stream is in flight.  The
   buffer is mapped only when the first instance computes its window
   (er_stream_map), not when the access is created: a control program
   that creates all its instances first (a divide and conquer over
   streams, as bench/grain's FFT) would otherwise map every buffer of
   the program at once, in its own thread, before any stream could give
   its buffer back for the next.  mirror.c keeps the buffers given back
   and hands each, with its pages, to a later buffer of its size, or of
   a quarter of it or more: the kernel zeroes a page at its first use,
   and mapping, populating and unmapping buffers made two thirds of that
   FFT's samples in perf.  Until a buffer is mapped no data exists, so
   the size can change freely.  For the same reason a stream of large
   windows (a buffer of ER_DRAIN_BYTES or more) gives its buffer back as
   soon as it holds nothing more to read, while it lives on
   (er_stream_drain): its block may hold it to its end, long after its
   data has passed; its next window maps a buffer again.

   A full buffer otherwise grows only when the deadlock detector
   finds every thread blocked and some process waiting for room in it
   (er_ostream_grow_for): the program would finish with unbounded
   buffers, so bounded ones must not deadlock it (OMP-STREAM-SPEC.md,
   section 10).  Then no process runs a task body, except bodies blocked
   inside (a taskwait, an undeferred task): their windows stay valid,
   since a replaced buffer is kept until the stream dies or is drained
   (er_stream_drain: then no window points into it), and an output
   whose buffer was replaced under it is copied to the new one when its
   instance ends, before its range is done (er_ostream_done).
   Windows are computed only once all of an instance's accesses may
   proceed (task.c), so a grown buffer is what the others see.  */

#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

/* A buffer's initial slots, unless 4 x the largest window is more:
   ER_STREAM_SLOTS elements, or ER_STREAM_BYTES for large elements.  */
#define ER_STREAM_SLOTS 4096
#define ER_STREAM_BYTES ((uint64_t) 1 << 20)
/* The largest buffer a stream may grow to (mirror.c's limits).  */
#define ER_STREAM_SLOTS_MAX ((uint64_t) 1 << 31)
#define ER_STREAM_BYTES_MAX ((uint64_t) 1 << 40)
/* A buffer of at least this many bytes is given back when the stream
   holds nothing more to read (er_stream_drain): its windows then move
   at least 512 KiB each, whose first pass costs 128 page faults or more
   (a kept buffer comes back in a few microseconds).  */
#define ER_DRAIN_BYTES ((uint64_t) 4 << 20)
/* The largest window of one access, in elements.  */
#define ER_WINDOW_MAX ((int64_t) 1 << 29)

static _Atomic uint64_t er_stream_serials;

/* Destroyed streams, kept for the next er_stream_new, so that a release
   of a destroyed stream finds its count at 0 (and is reported) rather
   than memory given back.  */
static pthread_mutex_t er_stream_pool_lock = PTHREAD_MUTEX_INITIALIZER;
static er_stream *er_stream_pool;

void
er_spin_lock_slow (er_spin *l)
{
  for (int k = 0;; k++)
    {
      /* Relaxed: watch the word without taking its line for writing.
	 Acquire, pairs with er_spin_unlock's release store (internal.h):
	 the holder's writes come first.  */
      if (!atomic_load_explicit (l, memory_order_relaxed)
	  && !atomic_exchange_explicit (l, 1, memory_order_acquire))
	return;
      if (k < 64)
	er_cpu_relax ();
      else
	/* The holder was preempted: let it run.  */
	sched_yield ();
    }
}

/* S's name in messages.  */
const char *
er_stream_name (const er_stream *s)
{
  return s->name;
}

/* A stream handle given to WHAT (at site WHERE, or NULL) must be one.  */
void
er_stream_check (const er_stream *s, const char *what, const char *where)
{
  if (!s)
    er_fatal ("%s%s%s: no stream (a NULL handle) (rule: a stream is made "
	      "by er_stream_new before use; erbium/task.h)", what,
	      where ? " at task site " : "", where ? where : "");
  /* Relaxed: a check for a misuse, ordering nothing.  */
  if (atomic_load_explicit (&s->refs, memory_order_relaxed) <= 0)
    er_fatal ("%s%s%s: stream \"%s\" was destroyed (its last reference "
	      "was released) (rule: a task or tick uses a stream while its "
	      "block or a task holds a reference; erbium/task.h)", what,
	      where ? " at task site " : "", where ? where : "", s->name);
}

static void
er_check_esize (size_t esize, const char *name)
{
  if (esize < 1 || esize > ((size_t) 1 << 20))
    er_fatal ("stream_new (\"%s\"): invalid element size %zu bytes (rule: "
	      "elements of 1 .. 2^20 bytes; erbium/task.h)",
	      name ? name : "?", esize);
}

/* A new stream named NAME (copied; NULL: by its serial number), with
   one reference.  */
static er_stream *
er_stream_make (size_t esize, const char *name)
{
  pthread_mutex_lock (&er_stream_pool_lock);
  er_stream *s = er_stream_pool;
  if (s)
    er_stream_pool = s->pool_next;
  pthread_mutex_unlock (&er_stream_pool_lock);
  if (s)
    {
      /* Its name stayed for the messages about its misuse.  */
      free (s->name);
      memset (s, 0, sizeof *s);
    }
  else
    s = er_zalloc_line (sizeof *s, "a stream");
  s->esize = (uint32_t) esize;
  /* A counter for names and er_seen only: nothing pairs with it
     (seq_cst is more than needed, and costs nothing more here).  */
  s->serial = atomic_fetch_add (&er_stream_serials, 1) + 1;
  if (name)
    s->name = strdup (name);
  else if (asprintf (&s->name, "stream %llu",
		     (unsigned long long) s->serial) < 0)
    s->name = NULL;
  if (!s->name)
    er_fatal ("out of memory naming a stream");
  /* Relaxed: S is not shared yet; the handle reaches other threads
     through their own synchronisation (an activation's push, a process's
     start).  The release on REFS pairs with no acquire: more than
     needed, and a plain store on x86.  */
  atomic_store_explicit (&s->w.wake, ER_INF, memory_order_relaxed);
  atomic_store_explicit (&s->r.wake, ER_INF, memory_order_relaxed);
  atomic_store_explicit (&s->refs, 1, memory_order_release);
  return s;
}

/* stream_new and stream_new_array (erbium/task.h gives the arguments
   and errors); the entry points of those names (init.c) initialise the
   runtime first.  */
er_stream *
er_stream_create (size_t esize, const char *name)
{
  er_check_esize (esize, name);
  /* The thread counts for deadlock detection from its first stream.  */
  er_self ();
  return er_stream_make (esize, name);
}

void
er_stream_create_array (er_stream **handles, int64_t n, size_t esize,
		     const char *name)
{
  if (n < 0)
    er_fatal ("stream_new_array (\"%s\"): negative number of streams "
	      "%lld (rule: an array of N >= 0 streams; erbium/task.h)",
	      name ? name : "?", (long long) n);
  er_check_esize (esize, name);
  er_self ();
  for (int64_t k = 0; k < n; k++)
    {
      char buf[256];
      if (name)
	snprintf (buf, sizeof buf, "%s[%lld]", name, (long long) k);
      handles[k] = er_stream_make (esize, name ? buf : NULL);
    }
}

size_t
er_stream_esize (const er_stream *s)
{
  er_stream_check (s, "stream_esize", NULL);
  return s->esize;
}

void
er_stream_retain (er_stream *s)
{
  er_stream_check (s, "stream_retain", NULL);
  /* Relaxed: the caller holds a reference already (a reference count's
     increment orders nothing; er_stream_release_n's decrement does).  */
  atomic_fetch_add_explicit (&s->refs, 1, memory_order_relaxed);
}

/* Free the chunks of side D's queue, from its head on.  */
static void
er_side_free (er_side *d)
{
  for (er_chunk *c = d->head, *n; c; c = n)
    {
      /* Relaxed: the last reference is gone (er_stream_release_n's
	 acquire): nobody else uses the queue.  */
      n = atomic_load_explicit (&c->next, memory_order_relaxed);
      free (c);
    }
  free (atomic_load_explicit (&d->spare, memory_order_relaxed));
}

/* The last reference went: nobody reads S again; its data goes.  */
static void
er_stream_destroy (er_stream *s)
{
  /* Relaxed: as in er_side_free.  */
  er_window_free (atomic_load_explicit (&s->buf, memory_order_relaxed));
  for (er_window *w = s->retired, *n; w; w = n)
    {
      n = w->retired_next;
      er_window_free (w);
    }
  er_side_free (&s->w);
  er_side_free (&s->r);
  pthread_mutex_lock (&er_stream_pool_lock);
  s->pool_next = er_stream_pool;
  er_stream_pool = s;
  pthread_mutex_unlock (&er_stream_pool_lock);
}

void
er_stream_release (er_stream *s)
{
  if (!s)
    er_fatal ("stream_release: no stream (a NULL handle)");
  er_stream_release_n (s, 1);
}

/* Drop N references to S at once (the instances a process finished:
   task.c).  */
void
er_stream_release_n (er_stream *s, int64_t n)
{
  /* Acq_rel, pairs with the other holders' decrements: every use of S
     comes before er_stream_destroy (a reference count).  */
  int64_t v = atomic_fetch_sub_explicit (&s->refs, n,
					 memory_order_acq_rel) - n;
  if (v > 0)
    return;
  if (v < 0)
    er_fatal ("stream_release: stream %s released once more than it was "
	      "made and retained (rule: one er_stream_release per "
	      "er_stream_new or er_stream_retain; erbium/task.h)",
	      s->name);
  er_stream_destroy (s);
}

/* Replace S's buffer by one of SLOTS slots, copying the positions from
   LO (the lower of its frontiers) up to the write counter that the old
   one may hold.  Caller holds S's lock and both sides' (or nothing of S
   is in flight).  */
static void
er_stream_replace (er_stream *s, uint64_t slots, int64_t lo)
{
  /* Relaxed: the buffer is replaced only under S's lock, held.  */
  er_window *old = atomic_load_explicit (&s->buf, memory_order_relaxed);
  er_window *nb = er_window_new (slots, s->esize);
  int64_t hi = s->wcount;
  if (hi > lo + (int64_t) old->slots)
    hi = lo + (int64_t) old->slots;
  if (hi > lo)
    memcpy (nb->base + ((uint64_t) lo & (nb->slots - 1)) * s->esize,
	    old->base + ((uint64_t) lo & (old->slots - 1)) * s->esize,
	    (size_t) (hi - lo) * s->esize);
  old->retired_next = s->retired;
  s->retired = old;
  /* Release, pairs with the acquire loads of the buffer
     (er_ostream_window, er_ostream_done, er_ostream_done_part,
     er_ostream_ready): the new window and the data copied come first.  */
  atomic_store_explicit (&s->buf, nb, memory_order_release);
  /* Release, after the buffer: a process that sees the new size sees
     the new buffer (er_ostream_ready uses the size, er_ostream_window
     the buffer, in that order).  */
  atomic_store_explicit (&s->slots, nb->slots, memory_order_release);
}

static uint64_t
er_pow2_at_least (uint64_t n)
{
  uint64_t p = 1;
  while (p < n)
    p <<= 1;
  return p;
}

/* Whether side D has passed every range appended: TAIL holding N ranges
   is its last chunk.  Caller holds D's lock and its stream's.  */
static int
er_side_passed (er_side *d, er_chunk *tail, unsigned n)
{
  return !tail || (d->head == tail && d->head_i == n);
}

/* S gets an access whose window is WIN elements: give S its first
   buffer's size, or a larger size when WIN is more than a quarter of it:
   at once while no buffer is mapped (no window points into one yet),
   else by a new buffer when nothing of S is in flight (every range
   created is passed: no window points into the buffer).  Caller holds
   S's lock.  */
static void
er_stream_fit (er_stream *s, int64_t win)
{
  uint64_t want = er_pow2_at_least (4 * (uint64_t) win);
  /* Relaxed: under S's lock, as every store of the buffer and its
     size.  */
  uint64_t slots = atomic_load_explicit (&s->slots, memory_order_relaxed);
  if (!slots)
    {
      uint64_t base = ER_STREAM_SLOTS;
      if (base * s->esize > ER_STREAM_BYTES)
	base = ER_STREAM_BYTES / s->esize;
      if (want < base)
	want = base;
    }
  if (want <= slots || want > ER_STREAM_SLOTS_MAX
      || want * s->esize > ER_STREAM_BYTES_MAX)
    return;
  if (!atomic_load_explicit (&s->buf, memory_order_relaxed))
    {
      /* Release, pairs with er_ostream_ready's acquire load: a larger
	 size only lets outputs proceed sooner, into a buffer not mapped
	 yet (er_stream_map maps it at the size it then reads).  */
      atomic_store_explicit (&s->slots, want, memory_order_release);
      return;
    }
  /* In flight: a range not passed (a frontier at the counter is not
     enough: a peek does not move the read counter).  */
  er_spin_lock (&s->w.lock);
  er_spin_lock (&s->r.lock);
  int idle = er_side_passed (&s->w, s->wtail, s->wtail_n)
	     && er_side_passed (&s->r, s->rtail, s->rtail_n);
  if (idle)
    {
      /* Relaxed: both sides' locks are held and nothing is in flight,
	 so the frontiers stand still (their last stores were under
	 those locks).  */
      int64_t cf = atomic_load_explicit (&s->w.frontier,
					 memory_order_relaxed);
      int64_t rf = atomic_load_explicit (&s->r.frontier,
					 memory_order_relaxed);
      er_stream_replace (s, want, rf < cf ? rf : cf);
    }
  er_spin_unlock (&s->r.lock);
  er_spin_unlock (&s->w.lock);
}

/* Append a range whose frontier position is NEXT to side D of S, whose
   last chunk is *TAIL holding *N ranges.  Caller holds S's lock.  */
static er_range *
er_range_append (er_side *d, er_chunk **tail, unsigned *n, int64_t next)
{
  er_chunk *c = *tail;
  if (!c || *n == ER_CHUNK_RANGES)
    {
      /* Acquire, pairs with er_side_head's release exchange: the
	 passer's last reads of the chunk come before the memset.  */
      er_chunk *nc = atomic_exchange_explicit (&d->spare, NULL,
					       memory_order_acquire);
      if (nc)
	memset (nc, 0, sizeof *nc);
      else if (!(nc = calloc (1, sizeof *nc)))
	er_fatal ("out of memory queueing a stream access");
      /* Release, pairs with er_side_head's acquire load of the link:
	 the chunk's zeroes come before the passer steps into it (a
	 range's own fields reach the process that passes it through its
	 instance's activation, er_q_push in task.c, and D's lock).  */
      if (c)
	atomic_store_explicit (&c->next, nc, memory_order_release);
      else
	{
	  /* The side's first range: no process looks at D yet.  */
	  d->head = nc;
	  d->head_i = 0;
	}
      *tail = c = nc;
      *n = 0;
    }
  er_range *r = &c->r[(*n)++];
  r->next = next;
  return r;
}

/* Reserve N instances' positions of access A (its stream, kind, burst
   and horizon set) in one go: an output takes [w, w + N * burst) of the
   write counter, an input [r, r + horizon) moving the read counter by
   N * burst, a peek [r, r + horizon); the range joins its side's queue,
   and the access takes a reference to the stream.  WHERE names the site
   for the tick check's message.  */
void
er_ostream_reserve_range (er_acc *a, int64_t n, const char *where)
{
  er_stream *s = a->s;
  int64_t win = a->kind == ER_ACCESS_OUTPUT ? a->burst : a->horizon;
  er_spin_lock (&s->lock);
  /* Relaxed: under S's lock, as every store of the size.  */
  if (win > s->maxwin || !atomic_load_explicit (&s->slots,
						memory_order_relaxed))
    {
      if (win > s->maxwin)
	s->maxwin = win;
      er_stream_fit (s, win);
    }
  if (a->kind == ER_ACCESS_OUTPUT)
    {
      a->start = s->wcount;
      s->wcount += n * a->burst;
      a->range = er_range_append (&s->w, &s->wtail, &s->wtail_n,
				  s->wcount);
    }
  else
    {
      a->start = s->rcount;
      if (a->kind == ER_ACCESS_INPUT)
	{
	  s->rcount += n * a->burst;
	  s->peek_h = 0;
	}
      else
	{
	  s->peek_h = a->horizon;
	  s->peek_where = where;
	}
      a->range = er_range_append (&s->r, &s->rtail, &s->rtail_n,
				  s->rcount);
    }
  er_spin_unlock (&s->lock);
  /* Relaxed: the access's reference, taken by a holder (as
     er_stream_retain's).  */
  atomic_fetch_add_explicit (&s->refs, 1, memory_order_relaxed);
}

/* The positions of one instance's access A (er_ostream_reserve_range
   with N = 1).  */
void
er_ostream_reserve (er_acc *a, const char *where)
{
  er_ostream_reserve_range (a, 1, where);
}

/* The range at side D's head (the first one not passed), stepping to
   the next chunk when D's head chunk is all passed and the control
   program has gone on to the next (the chunk is then free); NULL when
   the control program has not appended it yet.  Caller holds D's
   lock.  */
static er_range *
er_side_head (er_side *d)
{
  if (d->head_i == ER_CHUNK_RANGES)
    {
      /* Acquire, pairs with er_range_append's release store of the
	 link: the new chunk's zeroes come first.  */
      er_chunk *n = atomic_load_explicit (&d->head->next,
					  memory_order_acquire);
      if (!n)
	return NULL;
      /* Release, pairs with er_range_append's acquire exchange: this
	 side's last reads of the chunk come before its reuse.  */
      free (atomic_exchange_explicit (&d->spare, d->head,
				      memory_order_release));
      d->head = n;
      d->head_i = 0;
    }
  return &d->head->r[d->head_i];
}

/* Publish F as side D's frontier and wake the sleepers of S whose
   threshold it reaches.  Caller holds D's lock, or is the only process
   that moves D's frontier meanwhile (er_ostream_done_part).  */
static inline void
er_side_publish (er_stream *s, er_side *d, int64_t f)
{
  /* Sequentially consistent (a locked store): the frontier is visible
     before the threshold is read, as a sleeper arms its threshold before
     its last look at the frontier (er_arm_word).  The store is also a
     release, paired with er_ostream_ready's acquire loads: the data
     written (or the slots read) below F come first.  The load of WAKE
     is seq_cst too (a plain load on x86): with the store, it pairs with
     er_arm_word's compare-and-swap and the sleeper's last look, so that
     one of the two sees the other (a Dekker pair).  The store of
     ER_INF is relaxed: a sleeper arming meanwhile is woken all the same
     by the wake that follows, and arms again.  */
  atomic_store_explicit (&d->frontier, f, memory_order_seq_cst);
  if (f >= atomic_load_explicit (&d->wake, memory_order_seq_cst))
    {
      atomic_store_explicit (&d->wake, ER_INF, memory_order_relaxed);
      er_wakeq_wake (&s->wq);
    }
}

/* Range R of side D of S is done, its frontier position NEXT.  When R is
   at the head (in-order completion, the usual case), pass it without
   touching its memory (the control program is appending next to it),
   then pass the ranges done out of order behind it, if any; otherwise
   mark it done for whoever passes it.  Publish the new frontier and wake
   the sleepers whose threshold it reaches.  Caller holds D's lock.  */
static void
er_side_done (er_stream *s, er_side *d, er_range *r, int64_t next)
{
  if (er_side_head (d) != r)
    {
      /* Relaxed: read under D's lock, held (the passer's loads below);
	 the lock orders the instance's work before the frontier that
	 passes it.  */
      atomic_store_explicit (&r->done, 1, memory_order_relaxed);
      d->ooo++;
      return;
    }
  d->head_i++;
  int64_t f = next;
  while (d->ooo)
    {
      er_range *h = er_side_head (d);
      /* Relaxed: under D's lock, as the store above.  */
      if (!h || !atomic_load_explicit (&h->done, memory_order_relaxed))
	break;
      f = h->next;
      d->head_i++;
      d->ooo--;
    }
  /* The range the frontier stopped at may be a range of instances some
     of which are done (er_ostream_done_part).  */
  if (d->partial)
    {
      er_range *h = er_side_head (d);
      /* Relaxed: under D's lock.  */
      if (h && !atomic_load_explicit (&h->done, memory_order_relaxed))
	f += h->part;
    }
  er_side_publish (s, d, f);
}

/* Map S's buffer, at the size its accesses gave it (er_stream_fit), if
   no process did yet: the first window computed (head of this file).
   A kept buffer of up to 4 times that size may come back (mirror.c):
   the stream then has the more room.  Under S's lock, which the control
   program takes to create accesses: it waits for the mapping (once per
   stream), and the size stands still meanwhile.  Returns the buffer.  */
static er_window * __attribute__ ((noinline))
er_stream_map (er_stream *s)
{
  er_spin_lock (&s->lock);
  /* Relaxed: under S's lock, as every store of the buffer.  */
  er_window *b = atomic_load_explicit (&s->buf, memory_order_relaxed);
  if (!b)
    {
      uint64_t slots = atomic_load_explicit (&s->slots,
					     memory_order_relaxed);
      b = er_window_get (slots, s->esize, 1);
      /* Release, as er_stream_replace's: the mapping comes first; then
	 the size, which may have grown to the kept buffer's.  */
      atomic_store_explicit (&s->buf, b, memory_order_release);
      atomic_store_explicit (&s->slots, b->slots, memory_order_release);
    }
  er_spin_unlock (&s->lock);
  return b;
}

void *
er_ostream_window (er_acc *a)
{
  er_stream *s = a->s;
  /* Acquire, pairs with er_stream_replace's and er_stream_map's release
     stores: the window's mapping and copied data come first.  */
  er_window *b = atomic_load_explicit (&s->buf, memory_order_acquire);
  if (__builtin_expect (!b, 0))
    b = er_stream_map (s);
  a->win = b;
  return b->base + ((uint64_t) a->start & (b->slots - 1)) * s->esize;
}

/* Give S's buffer back (mirror.c keeps it for the next) if it holds
   nothing more to read: every position written is released (no reader
   reads below the release frontier again, and every later access
   starts at or above the counters) and nothing is in flight (every
   range created is passed: no window points into the buffer, and no
   process computes one without a range).  Its next window maps one
   again (er_stream_map), of at least its size.  Takes S's lock and both
   sides', as er_ostream_grow_for.  */
static void __attribute__ ((noinline))
er_stream_drain (er_stream *s)
{
  er_window *old = NULL, *retired = NULL;
  er_spin_lock (&s->lock);
  er_spin_lock (&s->w.lock);
  er_spin_lock (&s->r.lock);
  /* Relaxed: the three locks are held, and only their holders store
     the buffer and the frontiers (er_ostream_done_part's store without
     the lock is that of a range not passed, which fails the test).  */
  int64_t rf = atomic_load_explicit (&s->r.frontier, memory_order_relaxed);
  if (rf >= s->wcount && er_side_passed (&s->w, s->wtail, s->wtail_n)
      && er_side_passed (&s->r, s->rtail, s->rtail_n))
    {
      old = atomic_load_explicit (&s->buf, memory_order_relaxed);
      atomic_store_explicit (&s->buf, NULL, memory_order_relaxed);
      retired = s->retired;
      s->retired = NULL;
    }
  er_spin_unlock (&s->r.lock);
  er_spin_unlock (&s->w.lock);
  er_spin_unlock (&s->lock);
  er_window_free (old);
  for (er_window *n; retired; retired = n)
    {
      n = retired->retired_next;
      er_window_free (retired);
    }
}

/* Whether S's buffer is one given back when drained (ER_DRAIN_BYTES),
   and S holds nothing more to read as far as a look at its frontiers
   without a lock tells: the release frontier, just published by the
   caller, reached the commit frontier.  */
static int
er_stream_drained (er_stream *s)
{
  /* Relaxed: a hint, checked again under the locks.  */
  uint64_t slots = atomic_load_explicit (&s->slots, memory_order_relaxed);
  return slots * s->esize >= ER_DRAIN_BYTES
	 && atomic_load_explicit (&s->r.frontier, memory_order_relaxed)
	    >= atomic_load_explicit (&s->w.frontier, memory_order_relaxed);
}

void
er_ostream_done (er_acc *a)
{
  er_stream *s = a->s;
  er_side *d = a->kind == ER_ACCESS_OUTPUT ? &s->w : &s->r;
  er_ostream_output_fixup (a);
  er_spin_lock (&d->lock);
  er_side_done (s, d, a->range, a->start + a->burst);
  er_spin_unlock (&d->lock);
  if (d == &s->r && er_stream_drained (s))
    er_stream_drain (s);
}

void
er_stream_tick (er_stream *s, int64_t n)
{
  er_stream_check (s, "tick", NULL);
  if (n < 0)
    er_fatal ("tick (%s >> %lld): negative count (rule: a tick discards "
	      "N >= 0 elements; erbium/task.h)", s->name, (long long) n);
  if (n == 0)
    return;
  er_spin_lock (&s->lock);
  if (s->peek_h && n != s->peek_h)
    {
      int64_t h = s->peek_h, r = s->rcount;
      const char *where = s->peek_where;
      er_spin_unlock (&s->lock);
      er_fatal ("tick (%s >> %lld): the peeks of stream %s created since "
		"its last input or tick share the window [%lld, %lld), and "
		"the last of them (task site %s) has horizon %lld: a tick "
		"after peeks must discard that window, %lld elements (rule: "
		"erbium/task.h, er_stream_tick)", s->name, (long long) n, s->name,
		(long long) r, (long long) (r + h), where ? where : "?",
		(long long) h, (long long) h);
    }
  s->rcount += n;
  s->peek_h = 0;
  int64_t next = s->rcount;
  er_range *r = er_range_append (&s->r, &s->rtail, &s->rtail_n, next);
  er_spin_unlock (&s->lock);
  er_spin_lock (&s->r.lock);
  er_side_done (s, &s->r, r, next);
  er_spin_unlock (&s->r.lock);
}

int
er_ostream_grow_for (er_acc *a)
{
  er_stream *s = a->s;
  if (a->kind != ER_ACCESS_OUTPUT)
    return 0;
  er_spin_lock (&s->lock);
  er_spin_lock (&s->w.lock);
  er_spin_lock (&s->r.lock);
  /* Relaxed: all three locks are held and every thread is blocked
     (the deadlock detector calls this).  A frontier published without
     its side's lock (er_ostream_done_part) can only be read low here:
     LO is then lower, and more is copied.  */
  er_window *b = atomic_load_explicit (&s->buf, memory_order_relaxed);
  uint64_t old = atomic_load_explicit (&s->slots, memory_order_relaxed);
  int64_t cf = atomic_load_explicit (&s->w.frontier, memory_order_relaxed);
  int64_t rf = atomic_load_explicit (&s->r.frontier, memory_order_relaxed);
  int64_t lo = rf < cf ? rf : cf;
  uint64_t need = (uint64_t) (a->start + a->burst - lo);
  int ok = 1;
  if (need > old)
    {
      uint64_t slots = er_pow2_at_least (need);
      if (slots < 2 * old)
	slots = 2 * old;
      ok = slots <= ER_STREAM_SLOTS_MAX
	   && slots * s->esize <= ER_STREAM_BYTES_MAX;
      /* Not mapped yet: the size alone (as in er_stream_fit).  */
      if (ok && b)
	er_stream_replace (s, slots, lo);
      else if (ok)
	atomic_store_explicit (&s->slots, slots, memory_order_release);
    }
  er_spin_unlock (&s->r.lock);
  er_spin_unlock (&s->w.lock);
  er_spin_unlock (&s->lock);
  if (ok)
    er_wakeq_wake (&s->wq);
  return ok;
}

/* One line, no end of line, on what access A waits for (a deadlock
   report): its positions, and what the stream has of them.  */
void
er_ostream_describe (FILE *f, er_acc *a)
{
  er_stream *s = a->s;
  /* Relaxed: numbers for a report.  */
  int64_t cf = atomic_load_explicit (&s->w.frontier, memory_order_relaxed);
  int64_t rf = atomic_load_explicit (&s->r.frontier, memory_order_relaxed);
  uint64_t slots = atomic_load_explicit (&s->slots, memory_order_relaxed);
  int64_t wc = s->wcount, rc = s->rcount;
  if (a->kind != ER_ACCESS_OUTPUT)
    {
      int64_t end = a->start + a->horizon;
      fprintf (f, "waits for positions [%lld, %lld) of stream %s (%s, "
	       "horizon %lld, burst %lld): written below %lld (commit "
	       "frontier), write counter %lld",
	       (long long) a->start, (long long) end, s->name,
	       a->kind == ER_ACCESS_INPUT ? "input" : "peek",
	       (long long) a->horizon, (long long) a->burst, (long long) cf,
	       (long long) wc);
      if (wc < end)
	fprintf (f, " (no writer created for positions %lld .. %lld)",
		 (long long) wc, (long long) (end - 1));
      else
	fprintf (f, " (the writers of positions %lld .. %lld have not "
		 "finished)", (long long) cf, (long long) (end - 1));
      return;
    }
  fprintf (f, "waits for room for positions [%lld, %lld) of stream %s "
	   "(output): its buffer of %llu elements holds positions from "
	   "%lld (release frontier %lld, commit frontier %lld), read "
	   "counter %lld", (long long) a->start,
	   (long long) (a->start + a->burst), s->name,
	   (unsigned long long) slots,
	   (long long) (rf < cf ? rf : cf), (long long) rf, (long long) cf,
	   (long long) rc);
}

/* ---- ranges of instances (er_task_create_range) ---------------------- */

/* Range R of side D of S, which starts at position RANGE_START, has
   every instance before position F done, or all its instances when
   LAST.  At D's head, the frontier moves to F at once (never back: F
   may come late, from another worker of a split site); behind the head,
   R's PART records the furthest F for whoever passes the ranges before
   it (er_side_done); LAST passes R as er_ostream_done does.  Returns
   whether R is at D's head and not passed (R then stays at the head
   until it is passed).  Caller holds D's lock.  */
static int
er_range_done_upto (er_stream *s, er_side *d, er_range *r,
		    int64_t range_start, int64_t f, int last)
{
  int at_head = !last && er_side_head (d) == r;
  if (r->part && (last || at_head))
    {
      r->part = 0;
      d->partial--;
    }
  if (last)
    er_side_done (s, d, r, r->next);
  else if (at_head)
    {
      /* Relaxed: under D's lock, as every store of the frontier but
	 er_ostream_done_part's, which only the head's process makes.  */
      if (f > atomic_load_explicit (&d->frontier, memory_order_relaxed))
	er_side_publish (s, d, f);
    }
  else if (f - range_start > (int64_t) r->part)
    {
      if (!r->part)
	d->partial++;
      r->part = (uint32_t) (f - range_start);
    }
  return at_head;
}

/* One instance of a range of instances is done: A is its access (its
   START the instance's), RANGE_START where the range starts, LAST
   whether it is the range's last instance.  At its side's head, the
   frontier moves to the end of the instance's burst at once; behind
   the head, the range's PART says how far it got, for whoever passes
   the ranges before it (er_side_done).  The last instance passes the
   range as er_ostream_done does.  *AT_HEAD (the caller's, 0 at first)
   is set once the range was found at the head: it stays there until its
   last instance passes it (nobody else passes it), so the frontier is
   then published without the side's lock.  */
void
er_ostream_done_part (er_acc *a, int64_t range_start, int last,
		      int *at_head)
{
  er_stream *s = a->s;
  er_side *d = a->kind == ER_ACCESS_OUTPUT ? &s->w : &s->r;
  er_ostream_output_fixup (a);
  if (*at_head && !last)
    {
      /* Without D's lock: this range stays at the head until its last
	 instance, so only this process moves the frontier meanwhile.  */
      er_side_publish (s, d, a->start + a->burst);
      return;
    }
  er_spin_lock (&d->lock);
  *at_head = er_range_done_upto (s, d, a->range, range_start,
				 a->start + a->burst, last);
  er_spin_unlock (&d->lock);
  if (last && d == &s->r && er_stream_drained (s))
    er_stream_drain (s);
}

/* Output access A's instance is over: when its stream's buffer was
   replaced while the body ran (head of this file), its burst goes from
   the old buffer to the new one, before its range is done.  Nothing for
   an input or a peek.  */
void
er_ostream_output_fixup (er_acc *a)
{
  er_stream *s = a->s;
  if (a->kind != ER_ACCESS_OUTPUT)
    return;
  /* Acquire, as in er_ostream_window.  */
  er_window *b = atomic_load_explicit (&s->buf, memory_order_acquire);
  if (a->win && b != a->win)
    memcpy (b->base + ((uint64_t) a->start & (b->slots - 1)) * s->esize,
	    a->win->base
	    + ((uint64_t) a->start & (a->win->slots - 1)) * s->esize,
	    (size_t) a->burst * s->esize);
}

/* A range of N instances that several workers run (a split site's:
   task.c), whose first DONE instances are all done: A is its access
   (any instance's: its kind, burst and range), RANGE_START where the
   range starts.  Moves the frontier to where instance DONE starts
   when the range is at its side's head, else records the progress in
   the range's PART for whoever passes the ranges before it (as
   er_ostream_done_part); passes the range when DONE == N, and then
   gives a drained buffer back (as er_ostream_done_part).  Always under
   the side's lock, since several workers move it, in any order (DONE
   only matters when it is more than what was recorded); once the range
   is passed (*PASSED, the workers' shared flag for this access, set
   under the lock), nothing more: its memory may be reused.  */
void
er_ostream_done_prefix (er_acc *a, int64_t range_start, int64_t done,
			int64_t n, int *passed)
{
  er_stream *s = a->s;
  er_side *d = a->kind == ER_ACCESS_OUTPUT ? &s->w : &s->r;
  int pass = 0;
  er_spin_lock (&d->lock);
  if (!*passed)
    {
      pass = *passed = done == n;
      er_range_done_upto (s, d, a->range, range_start,
			  range_start + done * a->burst, pass);
    }
  er_spin_unlock (&d->lock);
  if (pass && d == &s->r && er_stream_drained (s))
    er_stream_drain (s);
}
