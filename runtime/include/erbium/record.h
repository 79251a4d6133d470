/* SPDX-License-Identifier: MIT */
/* Erbium runtime: records and views, their creation, registration,
   windows and termination (paper section 3, "Creation", "Resource
   management", "Termination"; section 4 for the single shared buffer).

   These calls are out of line: they take the record's lock, may allocate
   or reallocate the shared window, and wake sleepers.  Misuse (bad
   argument, duplicate id, allocation failure) prints a message naming the
   record, the view, the index or id and the rule to stderr, then aborts;
   none of these functions returns an error code for misuse.  */

#ifndef ERBIUM_RECORD_H
#define ERBIUM_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include "erbium/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/* er_new_record's out-of-line part.  LAYOUT is the ER_LAYOUT_ID
   (erbium/layout.h) of the code that creates the record: when it is not
   the library's own, the program and the library disagree on where the
   fields of records and views lie (they were built from different
   headers), and the program stops here, at its first record, before any
   code reads a view: the message on stderr names both ids and the
   library's version, then abort.  Programs call er_new_record.  */
er_record *er_new_record_layout (int wreg, int rreg, size_t esize,
				 uint32_t layout);

/* new_record(wreg, rreg) for elements of ESIZE bytes (1..2^20).  Update
   on any read view waits until write views with ids 1..WREG have
   registered; stall on any write view waits until read views with ids
   1..RREG have registered (the paper pairs the counts with the views whose
   absence would lose data).  WREG, RREG >= 0.  Returns the record; never
   NULL (allocation failure aborts with a message).  Inline so that the
   layout id passed is the one this header gives the program (the
   plugin's new_record calls this function too); a program built for
   another layout stops here (er_new_record_layout).  */
static inline er_record *
er_new_record (int wreg, int rreg, size_t esize)
{
  return er_new_record_layout (wreg, rreg, esize, ER_LAYOUT_ID);
}

/* new_read_view(r) / new_write_view(r): a view connected to R, owned by the
   calling thread (process), with all its indices at 0 and no window yet
   (alloc() gives it one).  The view is unregistered until er_register.

   Observer contract (paper section 3, "Creation": non-registered views
   serve asymmetric broadcasts where consumers "may safely miss parts of
   the data stream").  A read view without an id, an observer, never holds
   writers back, so writers may overwrite indices before it reads them.
   It never reads such a value silently: each of its updates waits for the
   writers' commits as any update does, then copies the indices granted
   into a window of the view's own, and counts as missed every index that
   writers may have overwritten before the copy read it.  The indices it
   holds are those from er_valid_from(v, i) up to its update index; with
   index checking on (ERBIUM_CHECK=1) reading a missed index is reported
   with the record, view and index, and aborts.  An observer that misses
   indices gives up those it held below them.  Its horizon and release
   index keep their meaning.  Its updates never take the inline fast path
   (er_update_upto grants nothing), which costs a call and the copy per
   update, and its window is as large as the record's.  A view that registers reads the record's window again, and
   indices it holds that writers may already have overwritten count as
   missed; one that unregisters (er_register(v, -1)) keeps what it holds,
   copied while its id still held the writers back.  */
er_view *er_new_read_view (er_record *r);
er_view *er_new_write_view (er_record *r);

/* The same, for a view whose elements are ESIZE bytes (sizeof (T) of a
   view(T)); <erbium.h>'s new_read_view(re) / new_write_view(re) become
   these calls.  ESIZE must be R's element size (er_new_record's ESIZE):
   otherwise the misuse is reported on stderr, naming the record and both
   sizes, and the program aborts, as for a record reached through a
   pointer of another element type.  Paper section 3, "Creation" (a view
   has its record's element type).  */
er_view *er_new_read_view_of (er_record *r, size_t esize);
er_view *er_new_write_view_of (er_record *r, size_t esize);

/* register(v, id): make V a registered view of its record with label ID
   (ids are consecutive positive integers, counted separately for read and
   write views).  If a view with the same kind and id was freed without
   ER_TERMINATE, V takes over its indices (hand-over).  ID == -1
   unregisters V: a read view then no longer holds back writers and is an
   observer (contract above); a write view's id becomes free for
   hand-over.  Returns ID.  Registering an id that a live view of the same
   kind holds, an id that a view of the same kind freed with ER_TERMINATE
   held, or an id < -1 or == 0, is a misuse.  */
int er_register (er_view *v, int id);

/* register(v) (the paper's Figure 2 one-argument form, register_view(v)
   in <erbium.h>): register V with the lowest id >= 1 that no other view
   of V's kind holds, i.e. that is neither held by a live view nor was
   given up by a view freed with ER_TERMINATE.  An id left by a view freed
   with ER_HANDOVER is free, so V then takes over that view's indices
   (hand-over), as with er_register.  The choice is made under the
   record's lock: concurrent calls get distinct ids.  Returns the id
   (>= 1); when V is already registered, returns its id and changes
   nothing.  Never fails for misuse other than those of er_register.  */
int er_register_next (er_view *v);

/* alloc(v, h): give V a sliding window of H elements (its horizon, H >= 1).
   The record's single buffer holds at least the largest write horizon
   plus the largest read horizon; a larger H reallocates it, waiting until
   every other view of the record reaches a primitive (their element
   addresses are recomputed there).  The first alloc of a record that
   expects views on both sides (new_record's WREG and RREG) sizes the
   buffer as if the side without a horizon yet had the same one, so that
   ends allocating equal horizons never reallocate.  Calling alloc again
   changes the horizon.  H < 1 is reported (naming the view) and aborts;
   so does a buffer that cannot be had.  Paper section 3, "alloc".  */
void er_alloc (er_view *v, int h);

/* Flags for er_free_view.  */
#define ER_HANDOVER 0		/* another view may register with V's id */
#define ER_TERMINATE 1		/* no hand-over: terminates the stream */

/* free_view(v, flags): V's owner is done with it.  Its terminal commit
   (write view) or release (read view) index stays in the record's minimum
   computations: with ER_HANDOVER until a view registers with the same id
   (registered views), with ER_TERMINATE a write view's terminal commit
   index ends the stream for readers (update returns it, then 0) and a read
   view stops holding back writers; either way its id, of either kind, can
   never be registered again (paper section 3, "Termination"; er_register
   reports that as misuse and aborts).  When the last view of a record is
   freed and every id up to wreg/rreg has registered once, the record and
   its buffer are deallocated.  V must not be used afterwards: a second
   free_view of V is reported (naming its record and view) and aborts,
   also after its record went (views never reuse a freed view's
   address).  Concurrent free_view of a record's last views is safe.  */
void er_free_view (er_view *v, int flags);

/* valid_from(v, i): the lowest index >= I that read view V holds or may
   still obtain: V missed the indices from I up to below it (writers may
   have overwritten them before V, an observer then, copied them; observer
   contract above), and every index from it up to V's update index holds
   the value written there.
   Returns I when V missed none of them, and always for a registered view
   that never was an observer and for write views.  I is read like a
   primitive's index (erbium/sync.h, "Indices"), and the result is in
   I's representation (an int I gets an int's worth back).  Never blocks;
   no error.  Use: after update(v, hd), read only indices from
   er_valid_from(v, tl) to hd; a result above hd says where to resume
   (release up to it, then update from it).  Not in the paper, which
   leaves what an observer misses unspecified.  */
er_index er_valid_from (er_view *v, er_index i);

/* Introspection, for tests and tools (not for hot code).  */
struct er_view_info
{
  int kind;			/* ER_READ or ER_WRITE */
  int id;			/* 0 when unregistered */
  int64_t commit_or_release;	/* published index (commit / release) */
  int64_t stall_or_update;	/* acquired index (stall / update) */
  int64_t horizon;		/* elements, 0 before alloc */
  uint64_t slots;		/* elements in the record's buffer */
  int single_peer;		/* 1 when the single-producer single-consumer
				   path is in use for this view: it
				   refreshes from one peer's index alone */
  int record;			/* record serial number, from 1 */
};
/* Fill *OUT with V's current state as seen by its owner.  */
void er_view_info (er_view *v, struct er_view_info *out);

/* Number of records currently allocated (created and not yet
   deallocated).  */
int er_live_records (void);

#ifdef __cplusplus
}
#endif

#endif /* ERBIUM_RECORD_H */
