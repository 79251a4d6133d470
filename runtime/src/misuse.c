/* SPDX-License-Identifier: MIT */
/* Erbium runtime: reporting misuse.

   Every misuse the runtime can see (wrong view kind, burst larger than the
   horizon, use before alloc, index outside the window or missed by an
   observer when checking is on)
   ends here: one message on stderr naming the record, the view, the index
   and the paper's rule that was broken, then abort().  Aborting rather
   than returning an error keeps the hot path free of error handling.  */

#include <stdlib.h>
#include "internal.h"

/* Print "record R<n> <kind> view <serial> (id <id>)".  */
void
er_describe_view (FILE *f, er_vimpl *vi)
{
  er_view *v = &vi->v;
  fprintf (f, "record %u %s view %d (", v->rec->serial,
	   v->kind == ER_READ ? "read" : "write", vi->serial);
  if (vi->id > 0)
    fprintf (f, "id %d)", vi->id);
  else
    fputs ("unregistered)", f);
}

/* Report misuse of primitive OP on V with (64-bit) index IDX; abort.  */
void
er_misuse (er_view *v, int op, int64_t idx)
{
  er_vimpl *vi = er_vimpl_of (v);
  fflush (stdout);
  fputs ("erbium: error: ", stderr);
  fprintf (stderr, "%s(", er_op_name (op));
  er_describe_view (stderr, vi);
  fprintf (stderr, ", %lld): ", (long long) idx);
  int writes = op == ER_OP_COMMIT || op == ER_OP_STALL;
  if (writes && v->kind != ER_WRITE)
    fprintf (stderr, "%s on a read view (rule: only write views commit and "
	     "stall; use update/release on read views)", er_op_name (op));
  else if (!writes && op != ER_OP_ELEM && v->kind != ER_READ)
    fprintf (stderr, "%s on a write view (rule: only read views update, "
	     "release and receive; use stall/commit on write views)",
	     er_op_name (op));
  else if (v->horizon == 0)
    fprintf (stderr, "view used before alloc() (rule: alloc(v, h) gives the "
	     "view its sliding window of h elements before any stall or "
	     "update)");
  else if (op == ER_OP_STALL)
    fprintf (stderr, "burst larger than the horizon: commit index %lld, "
	     "horizon %lld, so stall can grant at most index %lld (rule: a "
	     "write view's live elements fit in its horizon; raise alloc()'s "
	     "horizon or commit before stalling further)",
	     (long long) v->own, (long long) v->horizon,
	     (long long) (v->own + v->horizon));
  else
    fprintf (stderr, "burst larger than the horizon: release index %lld, "
	     "horizon %lld, so update can observe at most index %lld (rule: a "
	     "read view's live elements fit in its horizon; raise alloc()'s "
	     "horizon or release before updating further)",
	     (long long) v->own, (long long) v->horizon,
	     (long long) (v->own + v->horizon));
  fputc ('\n', stderr);
  fflush (stderr);
  abort ();
}

/* Start the message of a bad element access of VI at index IDX (burst
   of N elements): the caller prints the rest, then aborts.  */
static void
er_access_error (er_vimpl *vi, int64_t idx, int64_t n)
{
  fflush (stdout);
  fputs ("erbium: error: element access ", stderr);
  er_describe_view (stderr, vi);
  fprintf (stderr, " at index %lld", (long long) idx);
  if (n != 1)
    fprintf (stderr, " (burst of %lld)", (long long) n);
}

/* Checked element access: elements I..I+N-1 of V must lie in V's window
   (read view: at or above its release index and below its update index;
   write view: below its stall index and at most horizon below it), and a
   read view must not have missed them (observer.c: at or above
   er_valid_from).  I is read as er_xlat says (erbium/sync.h), so an index
   no 32-bit type holds is checked exactly, never folded into the window.  */
void
er_check_access (er_view *v, er_index i, int64_t n)
{
  er_vimpl *vi = er_vimpl_of (v);
  int64_t lo, hi;
  int64_t idx = er_xlat (i, v->kind == ER_READ ? v->own : v->gate);
  if (v->kind == ER_READ)
    lo = v->own, hi = v->gate;
  else
    lo = v->gate - v->horizon, hi = v->gate;
  if (v->horizon == 0 || idx < lo || idx + n > hi || n < 0)
    {
      er_access_error (vi, idx, n);
      if (v->horizon == 0)
	fprintf (stderr, ": view used before alloc()\n");
      else
	fprintf (stderr, ": index outside the horizon, window is [%lld, %lld) "
		 "(rule: %s)\n", (long long) lo, (long long) hi,
		 v->kind == ER_READ
		 ? "a read view accesses indices from its release index up "
		 "to below its update index"
		 : "a write view accesses the horizon h indices below its "
		 "stall index");
      fflush (stderr);
      abort ();
    }
  if (v->kind == ER_READ && idx < vi->valid_from)
    {
      er_access_error (vi, idx, n);
      fprintf (stderr, ": index missed (writers may have overwritten it "
	       "before the view, unregistered, copied it); the view missed "
	       "every index below %lld (er_valid_from) (rule: an unregistered "
	       "read view may miss parts of the stream, paper section 3, "
	       "\"Creation\"; it reads only indices at or above "
	       "er_valid_from)\n", (long long) vi->valid_from);
      fflush (stderr);
      abort ();
    }
}
