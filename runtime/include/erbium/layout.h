/* SPDX-License-Identifier: MIT */
/* Erbium runtime: memory layout shared by the inline hot path.

   The synchronisation primitives are static inline (erbium/sync.h), so the
   parts of a record and of a view that they touch must be visible to user
   code.  This header fixes that layout: each view's published index lives
   on a cache line of its own (the only line the other side polls), with
   only the wake-up threshold that sleepers of the other side set; the
   owner's private state lives on the next line, and the record exposes one
   read-mostly line.  Everything else is private to runtime/src.

   Code compiled from this header (the inline primitives, and the plugin's
   lowering of them, which reads the same fields) embeds the layout; the
   library embeds its own.  ER_LAYOUT_ID below names the layout, and
   er_new_record (erbium/record.h) passes the program's to the library,
   which stops the program at its first record when the two differ.  */

#ifndef ERBIUM_LAYOUT_H
#define ERBIUM_LAYOUT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include "erbium/fastpath.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes that separate independently written fields.  128 rather than the
   64-byte line that hwloc reports on x86: the adjacent-line prefetcher pulls
   lines in pairs, so 64-byte padding still shares traffic.  The runtime
   checks at start-up that this is a multiple of hwloc's line size.  A
   runtime built for machines with larger lines may be compiled with
   -DER_CACHE_LINE=256 (a power of two, >= 128); programs must then be
   compiled with the same value: it changes the layout (ER_LAYOUT_ID).  */
#ifndef ER_CACHE_LINE
#define ER_CACHE_LINE 128
#endif

/* An index of a record's stream, in elements from the stream's start
   (int64_t, `long' on the LP64 targets the runtime supports).
   erbium/sync.h, "Indices", says how a primitive reads it.  */
typedef int64_t er_index;

/* View kinds (er_view.kind): ER_READ and ER_WRITE, erbium/fastpath.h.  */

/* Record: only its first line is public, and it is read-mostly: nothing
   on it changes while the record streams, so every view keeps it cached.
   GEN changes whenever the record's buffer or set of connected views
   changes; views compare it with their own copy in stall/update and
   resynchronise out of line when it differs.  */
typedef struct er_record
{
  _Atomic uint32_t gen;
  /* Element size in bytes, fixed at creation.  */
  uint32_t esize;
  uint32_t serial;		/* record number for messages, from 1 */
} er_record;

/* View.  Indices inside the runtime are 64-bit and never wrap; the program's
   int indices are translated relative to the view's own current index
   (er_xlat), which is the paper's "translated backwards" rule made
   unnecessary by wide counters.

   OWN is what the owner publishes: the commit index of a write view, the
   release index of a read view.  GATE is what the owner acquires: the stall
   index of a write view, the update index of a read view.  PEER_MIN caches
   the other side's minimum (minimum release index of the registered read
   views for a writer, minimum commit index of the write views for a
   reader); it only ever lags the truth, so using it is always safe.
   PEER points to the published index of the other side's laggard (the
   view that held the minimum when the slow path last computed it) and
   PEER_REST caches the minimum of the other views of that side (INT64_MAX
   when there is none), so that a refresh is one load of the laggard's
   line: min (*PEER, PEER_REST) is a lower bound of the other side's
   minimum, because published indices only grow.

   WAKE, on the published line, is the lowest published index at which a
   thread sleeping on this view must be woken (INT64_MAX when none sleeps
   on it): a sleeper lowers it (out of line, compare-and-swap) and the
   owner compares its new index with it after publishing, so that commit
   and release wake only the sleeper whose condition they may satisfy, and
   read nothing but their own two lines otherwise.  */
typedef struct er_view
{
  /* Line 0: the published index, written by the owner, polled by the
     other side, and the wake-up threshold that sleepers of the other side
     set (rarely) and the owner reads after each publication.  */
  _Atomic int64_t pub;
  _Atomic int64_t wake;
  char er_pad0_[ER_CACHE_LINE - 2 * sizeof (int64_t)];

  /* Line 1: owner-private hot state.  */
  int64_t own;			/* private copy of PUB */
  int64_t gate;			/* stall (write) / update (read) index */
  int64_t peer_min;		/* cached minimum of the other side */
  int64_t peer_rest;		/* cached minimum of the non-laggard peers */
  int64_t horizon;		/* elements; 0 until alloc() */
  const _Atomic int64_t *peer;	/* laggard's published index, or NULL */
  char *base;			/* window; mirrored, see er_elem */
  uint64_t mask;		/* slots - 1 (slots is a power of two) */
  er_record *rec;
  uint32_t gen;			/* record generation last synchronised */
  uint32_t esize;		/* element size in bytes */
  uint8_t kind;			/* ER_READ or ER_WRITE */
  uint8_t term;			/* read view: termination already reported */
  uint8_t check;		/* index checking on (ERBIUM_CHECK=1) */
  char er_pad1_[ER_CACHE_LINE
		- (6 * sizeof (int64_t) + 3 * sizeof (void *)
		   + 2 * sizeof (uint32_t) + 3 * sizeof (uint8_t))];
} er_view;

/* The layout's identity, a 32-bit constant expression: a weighted sum of
   every size and offset above that compiled code relies on, of the view
   kinds' values (erbium/fastpath.h) and of ER_LAYOUT_REVISION, each term
   with its own odd multiplier, so that a change of any of them (another
   ER_CACHE_LINE, another target's pointer size, a field added, moved or
   resized) changes the id.  ER_LAYOUT_REVISION counts the changes of
   meaning that keep every offset (a field read differently): raise it
   with such a change.  er_new_record passes ER_LAYOUT_ID to the library
   (er_new_record_layout), which compares it with its own.  */
#define ER_LAYOUT_REVISION 1
#define ER_LAYOUT_TERM_(k, x) \
  ((uint32_t) (x) * (uint32_t) (2654435761u + 2u * (k)))
#define ER_LAYOUT_ID							\
  ((uint32_t) (ER_LAYOUT_TERM_ (0, ER_LAYOUT_REVISION)			\
	       + ER_LAYOUT_TERM_ (1, sizeof (er_record))		\
	       + ER_LAYOUT_TERM_ (2, offsetof (er_record, gen))		\
	       + ER_LAYOUT_TERM_ (3, offsetof (er_record, esize))	\
	       + ER_LAYOUT_TERM_ (4, offsetof (er_record, serial))	\
	       + ER_LAYOUT_TERM_ (5, sizeof (er_view))			\
	       + ER_LAYOUT_TERM_ (6, offsetof (er_view, pub))		\
	       + ER_LAYOUT_TERM_ (7, offsetof (er_view, wake))		\
	       + ER_LAYOUT_TERM_ (8, offsetof (er_view, own))		\
	       + ER_LAYOUT_TERM_ (9, offsetof (er_view, gate))		\
	       + ER_LAYOUT_TERM_ (10, offsetof (er_view, peer_min))	\
	       + ER_LAYOUT_TERM_ (11, offsetof (er_view, peer_rest))	\
	       + ER_LAYOUT_TERM_ (12, offsetof (er_view, horizon))	\
	       + ER_LAYOUT_TERM_ (13, offsetof (er_view, peer))		\
	       + ER_LAYOUT_TERM_ (14, offsetof (er_view, base))		\
	       + ER_LAYOUT_TERM_ (15, offsetof (er_view, mask))		\
	       + ER_LAYOUT_TERM_ (16, offsetof (er_view, rec))		\
	       + ER_LAYOUT_TERM_ (17, offsetof (er_view, gen))		\
	       + ER_LAYOUT_TERM_ (18, offsetof (er_view, esize))		\
	       + ER_LAYOUT_TERM_ (19, offsetof (er_view, kind))		\
	       + ER_LAYOUT_TERM_ (20, offsetof (er_view, term))		\
	       + ER_LAYOUT_TERM_ (21, offsetof (er_view, check))		\
	       + ER_LAYOUT_TERM_ (22, ER_READ)				\
	       + ER_LAYOUT_TERM_ (23, ER_WRITE)))

#ifdef __cplusplus
}
#endif

#endif /* ERBIUM_LAYOUT_H */
