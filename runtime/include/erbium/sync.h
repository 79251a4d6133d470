/* SPDX-License-Identifier: MIT */
/* Erbium runtime: the synchronisation hot path (paper section 3, "Data
   streaming" and "Resource management"; section 4 for the shared-memory
   specialisation).

   commit, update, stall, release, receive, receive_range and element
   addressing are static inline so that compilers (and the Erbium plugin's
   late lowering) see straight-line code.  They use C11 acquire loads and
   release stores only: on x86-TSO that is plain MOVs, with no locked
   instruction and no fence.  Each primitive touches the owner's private
   line, and the other side's published line only when the cached copy of
   the other side's index (er_view.peer_min) does not already allow the
   request; then it reloads only the laggard's index (er_view.peer), the
   other peers' minimum being cached too (er_view.peer_rest).  Commit and
   release call out of line (er_wake_view) only when a sleeper asked to be
   woken at the index they publish (er_view.wake).  Everything that may
   block or that changes the record's shape is out of line in
   runtime/src.

   The Erbium GCC plugin's late lowering (plugin/lower.cc) expands the same
   algorithm in GIMPLE: this file is the one specification and lower.cc
   mirrors its fast paths statement by statement; change both together.

   Library mode: compile with -DER_LIBRARY_MODE to call the out-of-line
   copies exported by liberbium instead of inlining (same names, same
   semantics); benchmarks use it to measure what inlining buys.

   Indices (paper section 3, "Resource management": the program's index
   variables "can wrap-around safely"): every function takes and returns
   er_index, a 64-bit signed integer, and the runtime counts in 64 bits.
   A primitive reads its index argument I relative to R, the view's own
   current index (er_xlat): an I that a 32-bit int or unsigned int can
   hold (-2^31 <= I < 2^32) stands for the index nearest to R that equals
   I modulo 2^32 (from R - 2^31 to R + 2^31 - 1); any other I is that
   index exactly.  So an index within 2^31 of R is exact whatever the
   program's type, programs may count with 32-bit variables that wrap
   forever as long as no request jumps 2^31 or more from R, and 64-bit
   counters are exact for any stream length.  */

#ifndef ERBIUM_SYNC_H
#define ERBIUM_SYNC_H

#include <stdint.h>
#include "erbium/fastpath.h"
#include "erbium/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Out-of-line slow paths (runtime/src/stream.c, misuse.c).  IDX is the
   64-bit index that I (the program's argument) stands for (er_xlat).  */
er_index er_update_slow (er_view *v, int64_t idx, er_index i);
void er_stall_slow (er_view *v, int64_t idx);
/* Commit/release reached V's wake threshold (er_view.wake): reset it and
   wake the threads sleeping on V's record.  */
void er_wake_view (er_view *v);
void er_misuse (er_view *v, int op, int64_t idx)
  __attribute__ ((noreturn, cold));
/* Checked element access: elements I..I+N-1 (N in elements) must lie in
   V's window; otherwise a message naming the record, view and index, and
   abort.  */
void er_check_access (er_view *v, er_index i, int64_t n);
/* Nonzero when index checking is on: ERBIUM_CHECK=1 in the environment at
   start-up, or a library built with -DERBIUM_CHECKED.  Each view copies it
   into er_view.check when created, so the hot path tests a byte on a line
   it already holds.  */
int er_checking (void);

/* Operation codes for er_misuse and deadlock reports: ER_OP_*,
   erbium/fastpath.h (shared with the plugin's lower.cc).  */

/* The 64-bit index that the program's index I stands for, relative to
   REF (the view's own current index): I itself when no 32-bit int or
   unsigned int holds it, else the index from REF - 2^31 to REF + 2^31 - 1
   that equals I modulo 2^32.  Pure arithmetic; no check.  For an I
   converted from a 32-bit type the first test folds away at compile
   time, so programs that count with int pay nothing for it.  */
static inline int64_t
er_xlat (er_index i, int64_t ref)
{
  if (i != (int64_t) (int32_t) i && i != (int64_t) (uint32_t) i)
    return i;
  return ref + (int32_t) ((uint32_t) i - (uint32_t) ref);
}

#if defined (ER_LIBRARY_MODE) && !defined (ER_DEFINE_OUT_OF_LINE)

void er_commit (er_view *v, er_index i);
er_index er_update (er_view *v, er_index i);
void er_stall (er_view *v, er_index i);
void er_release (er_view *v, er_index i);
void er_receive (er_view *v, er_index i);
void er_receive_range (er_view *v, er_index tl, er_index hd);
void *er_elem (er_view *v, er_index i);
void *er_burst (er_view *v, er_index i, int64_t n);
er_index er_update_upto (er_view *v, er_index lo, er_index hi);
er_index er_stall_upto (er_view *v, er_index lo, er_index hi);

#else

#ifdef ER_DEFINE_OUT_OF_LINE
# define ER_HOT __attribute__ ((visibility ("default")))
#else
# define ER_HOT static inline __attribute__ ((always_inline, unused))
#endif

#define ER_UNLIKELY(x) __builtin_expect (!!(x), 0)

/* The primitives' shared pieces below (er_refresh_peer, er_publish,
   er_upto) are not API: inlined into the primitives even at -O0, so
   that each primitive stays one call or none.  */
#define ER_PIECE static inline __attribute__ ((always_inline, unused))

/* Refresh V's cached minimum of the other side (er_view.peer_min) from
   the laggard's published index alone, the other peers' minimum being
   cached in er_view.peer_rest; no-op while the laggard is unknown
   (er_view.peer NULL: the slow path finds it).  One acquire load of the
   laggard's line.  */
ER_PIECE void
er_refresh_peer (er_view *v)
{
  if (v->peer)
    {
      /* Pairs with the release store of the laggard's er_publish: what
	 its owner wrote below P is visible.  */
      int64_t p = atomic_load_explicit (v->peer, memory_order_acquire);
      v->peer_min = p < v->peer_rest ? p : v->peer_rest;
    }
}

/* Publish IDX as V's commit (write view) or release (read view) index:
   the other side polls er_view.pub.  Then wake whoever sleeps until this
   view's index reaches er_view.wake (on the line just written: no extra
   cache miss).  IDX: 64-bit index (er_xlat).  */
ER_PIECE void
er_publish (er_view *v, int64_t idx)
{
  v->own = idx;
  /* Pairs with the acquire loads of the other side: er_refresh_peer and
     the slow paths' minimum (runtime/src/stream.c).  */
  atomic_store_explicit (&v->pub, idx, memory_order_release);
  /* Pairs with the compare-and-swap of a sleeper arming WAKE
     (runtime/src/wait.c, er_arm_word); relaxed, so a sleeper that arms
     it while PUB is not yet visible to it may be missed: the owner's
     next publication or the sleeper's first, short timeout covers that
     (wait.c's head comment).  */
  if (ER_UNLIKELY (idx >= atomic_load_explicit (&v->wake,
						memory_order_relaxed)))
    er_wake_view (v);
}

/* commit(v, i): paper section 3.  Write view V publishes every index below
   I (the elements V wrote at indices < I become visible to connected read
   views).  Does nothing when I is not above the current commit index.
   Never blocks.  Misuse (V is a read view) is reported by er_misuse, which
   prints the record, view and rule to stderr and aborts.  */
ER_HOT void
er_commit (er_view *v, er_index i)
{
  if (ER_UNLIKELY (v->kind != ER_WRITE))
    er_misuse (v, ER_OP_COMMIT, i);
  int64_t idx = er_xlat (i, v->own);
  if (idx > v->own)
    er_publish (v, idx);
}

/* update(v, i): paper section 3.  Read view V observes every index below I:
   waits until the minimum commit index of the connected write views reaches
   I (and until the write views with ids 1..wreg have registered), then
   returns I.  Does nothing and returns I when I is not above the current
   update index.  On termination (the minimum commit index is held by a
   write view freed with ER_TERMINATE) it returns that smaller index once,
   as I less the indices missing (so in I's own representation: a 32-bit
   program that stores it gets its wrapped index), or 0 if nothing is
   left, and 0 on every later call that would have waited.  Indices are
   read as er_xlat says: with 64-bit indices the result is 0 only at the
   end of the stream; a 32-bit index variable wraps to 0 every 2^32
   indices, and update(v, 0) returns 0 there.  An I more than the view's
   horizon above its release index is a misuse (er_misuse).  */
ER_HOT er_index
er_update (er_view *v, er_index i)
{
  if (ER_UNLIKELY (v->kind != ER_READ))
    er_misuse (v, ER_OP_UPDATE, i);
  int64_t idx = er_xlat (i, v->gate);
  if (idx <= v->gate)
    return i;
  if (ER_UNLIKELY (idx - v->own > v->horizon))
    er_misuse (v, ER_OP_UPDATE, idx);
  /* The record's generation: relaxed; pairs with the release increment
     of a shape change (runtime/src/record.c, er_reshape).  A change only
     sends the view to the slow path, which re-reads the record with
     acquire loads (er_resync), and a reallocation waits until every
     view has seen it (realloc.c): the load orders nothing.  */
  if (ER_UNLIKELY (atomic_load_explicit (&v->rec->gen, memory_order_relaxed)
		   != v->gen))
    return er_update_slow (v, idx, i);
  if (idx > v->peer_min)
    {
      er_refresh_peer (v);
      if (idx > v->peer_min)
	return er_update_slow (v, idx, i);
    }
  v->gate = idx;
  return i;
}

/* stall(v, i): paper section 3, read with the release index counting
   released elements (release(v, i) frees the indices below i, as in the
   paper's Figure 2): waits until every registered connected read view has
   released index i - h, h being V's horizon (and until the read views with
   ids 1..rreg have registered), so that V may write indices below I.
   Does nothing when I is not above the current stall index.  An I more
   than h above V's commit index can never be granted: misuse.  */
ER_HOT void
er_stall (er_view *v, er_index i)
{
  if (ER_UNLIKELY (v->kind != ER_WRITE))
    er_misuse (v, ER_OP_STALL, i);
  int64_t idx = er_xlat (i, v->gate);
  if (idx <= v->gate)
    return;
  if (ER_UNLIKELY (idx - v->own > v->horizon))
    er_misuse (v, ER_OP_STALL, idx);
  /* Relaxed, as in er_update.  */
  if (ER_UNLIKELY (atomic_load_explicit (&v->rec->gen, memory_order_relaxed)
		   != v->gen))
    {
      er_stall_slow (v, idx);
      return;
    }
  if (idx - v->horizon > v->peer_min)
    {
      er_refresh_peer (v);
      if (idx - v->horizon > v->peer_min)
	{
	  er_stall_slow (v, idx);
	  return;
	}
    }
  v->gate = idx;
}

/* release(v, i): paper section 3.  Read view V declares every index below I
   dead, so writers may recycle their storage.  Does nothing when I is not
   above the current release index.  Never blocks.  */
ER_HOT void
er_release (er_view *v, er_index i)
{
  if (ER_UNLIKELY (v->kind != ER_READ))
    er_misuse (v, ER_OP_RELEASE, i);
  int64_t idx = er_xlat (i, v->own);
  if (idx > v->own)
    er_publish (v, idx);
}

/* receive(v, i): paper section 3, split-phase communication.  On shared
   memory the data is already in the record's buffer, so this only starts
   bringing the next indices (up to I) into the cache when they are known to
   be committed; it never blocks and never changes an index.  The following
   update() is what waits.  */
ER_HOT void
er_receive (er_view *v, er_index i)
{
  if (ER_UNLIKELY (v->kind != ER_READ))
    er_misuse (v, ER_OP_RECEIVE, i);
  int64_t idx = er_xlat (i, v->gate);
  if (idx > v->gate && v->gate < v->peer_min && v->base)
    __builtin_prefetch (v->base + ((uint64_t) v->gate & v->mask)
			* v->esize);
}

/* receive_range(v, tl, hd): paper section 3.  Announces that V will observe
   indices TL..HD-1 only (sub-sampling, or one worker's share of a stream);
   on shared memory this is a prefetch hint like receive().  */
ER_HOT void
er_receive_range (er_view *v, er_index tl, er_index hd)
{
  if (ER_UNLIKELY (v->kind != ER_READ))
    er_misuse (v, ER_OP_RECEIVE, hd);
  int64_t t = er_xlat (tl, v->gate);
  if (er_xlat (hd, t) > t && t < v->peer_min && v->base)
    __builtin_prefetch (v->base + ((uint64_t) t & v->mask) * v->esize);
}

/* The body of er_update_upto and er_stall_upto (paper section 4,
   strip-mining): V must be of KIND (ER_READ, ER_WRITE), LO <= HI are the
   program's indices (HI read relative to LO), and J is granted when the
   other side's minimum reaches J - LAG (LAG in elements: 0 for update,
   V's horizon for stall, as in er_update and er_stall).  Returns the
   largest J in LO..HI granted without waiting (V's gate moved to it), as
   LO plus the indices granted (exact in 64 bits: no wrap), or LO - 1
   when none is (or V's record changed shape: the caller's blocking
   primitive resynchronises).  Never waits, reports nothing.  */
ER_PIECE er_index
er_upto (er_view *v, int kind, int64_t lag, er_index lo, er_index hi)
{
  /* The generation: relaxed, as in er_update.  */
  if (ER_UNLIKELY (v->kind != kind)
      || atomic_load_explicit (&v->rec->gen, memory_order_relaxed) != v->gen)
    return lo - 1;
  int64_t l = er_xlat (lo, v->gate);
  int64_t h = er_xlat (hi, l);
  if (h - v->own > v->horizon)
    h = v->own + v->horizon;
  if (h - lag > v->peer_min)
    er_refresh_peer (v);
  if (h - lag > v->peer_min)
    h = v->peer_min + lag;
  if (h < l)
    return lo - 1;
  if (h > v->gate)
    v->gate = h;
  return lo + (h - l);
}

/* er_update_upto(v, lo, hi): the non-blocking update of a strip-mined
   burst (plugin/stripmine.cc; paper section 4, "we systematically
   strip-mine bursts").  LO <= HI are indices.  When update(v, LO) would
   return at once (LO committed by every connected write view, no
   reallocation pending, LO within the horizon), performs update(v, J) for
   the largest J <= HI that is also available at once and within V's
   horizon above its release index, and returns J.  Otherwise does nothing
   and returns LO - 1: the caller then runs the element-at-a-time code,
   whose own update(v, LO) waits, reports misuse or sees termination with
   exactly its usual semantics.  Never waits, never consumes a
   termination, never reports misuse (so a strip-mined loop cannot wait
   for more than the element code would, and cannot deadlock where it did
   not).  */
ER_HOT er_index
er_update_upto (er_view *v, er_index lo, er_index hi)
{
  return er_upto (v, ER_READ, 0, lo, hi);
}

/* er_stall_upto(v, lo, hi): the non-blocking stall of a strip-mined burst,
   as er_update_upto: when stall(v, LO) would return at once, performs
   stall(v, J) for the largest J <= HI that is also granted at once (every
   connected read view has released J - horizon) and at most V's horizon
   above its commit index, and returns J; otherwise does nothing and
   returns LO - 1.  Same errors (none) and waits (none).  */
ER_HOT er_index
er_stall_upto (er_view *v, er_index lo, er_index hi)
{
  return er_upto (v, ER_WRITE, v->horizon, lo, hi);
}

/* er_elem(v, i): address of element I (an index read as er_xlat says) in
   V's sliding window (paper's v[[i]]).  The window is mapped twice back
   to back, so the N elements from I on (N up to the record's slot count,
   at least the sum of the largest write and read horizons) are contiguous
   in memory whatever I is: a burst loop may use plain pointer arithmetic
   from er_elem(v, tl), with no modulo.  Valid until V's next
   stall/update (a reallocation may move the window).  The slot is I
   modulo the window's slot count (at most 2^32, since horizons are
   ints), so 32-bit and 64-bit indices address alike.
   With checking on, an index outside the view's window (release to
   update index for a read view, stall index minus horizon to stall index
   for a write view), 64-bit and exact, is reported and aborts.  */
ER_HOT void *
er_elem (er_view *v, er_index i)
{
  if (ER_UNLIKELY (v->check))
    er_check_access (v, i, 1);
  return v->base + (uint64_t) ((uint32_t) i & (uint32_t) v->mask)
		   * v->esize;
}

/* er_burst(v, i, n): address of element I, for N contiguous elements
   (I..I+N-1, N in elements).  Same as er_elem, but with checking on the
   whole range is checked once.  */
ER_HOT void *
er_burst (er_view *v, er_index i, int64_t n)
{
  if (ER_UNLIKELY (v->check))
    er_check_access (v, i, n);
  return v->base + (uint64_t) ((uint32_t) i & (uint32_t) v->mask)
		   * v->esize;
}

#undef ER_HOT
#endif /* !ER_LIBRARY_MODE */

/* ER_AT(v, T, i): element I of view V as an lvalue of type T (T must be the
   record's element type).  */
#define ER_AT(v, T, i) (*(T *) er_elem ((v), (i)))

#ifdef __cplusplus
}
#endif

#endif /* ERBIUM_SYNC_H */
