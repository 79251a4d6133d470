/* SPDX-License-Identifier: MIT */
/* Erbium runtime: hand-over and termination (paper section 3,
   "Termination").

   A view freed while it holds an id does not leave its side's minimum at
   once: a write view freed without ER_TERMINATE, or a read view, waits
   for a successor that registers the same id (hand-over) and continues
   exactly where it stopped; a write view freed with ER_TERMINATE ends
   the stream at its commit index, and its id is never registered again;
   an unregistered write view drains until a reader's update passes it
   (er_view_freed).  A registration that finds such a view takes it over
   or is refused (er_take_over).  Both run under the record's lock, for
   record.c's free_view and register.  */

#include <stdlib.h>
#include "internal.h"

/* Set the state view VI goes to when it is freed with FLAGS
   (ER_TERMINATE or 0), and whether its id is gone for good (terminated).
   Caller holds VI's record's lock.  */
void
er_view_freed (er_vimpl *vi, int flags)
{
  er_view *v = &vi->v;
  vi->terminated = vi->id > 0 && (flags & ER_TERMINATE);
  if (v->kind == ER_WRITE)
    vi->state = (flags & ER_TERMINATE) ? ER_V_TERMINATED
      : vi->id > 0 ? ER_V_HANDOVER : ER_V_DRAINING;
  else
    vi->state = vi->id > 0 && !(flags & ER_TERMINATE) ? ER_V_HANDOVER
      : ER_V_GONE;
}

/* Register's look at O, a view of R that held ID (the id VI asks for)
   and is no longer live: if O was freed with ER_TERMINATE, the
   registration is refused (message on stderr, abort); if it waits for a
   successor, VI takes over O's indices and O is gone.  Errors unlock R
   before they report.  Caller holds R's lock.  */
void
er_take_over (er_rec *r, er_vimpl *vi, er_vimpl *o, int id)
{
  er_view *v = &vi->v;
  const char *kname = v->kind == ER_READ ? "read" : "write";
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
      /* Acquire, pairs with the old view's last release store of PUB
	 (erbium/sync.h, er_publish); the new view's store is a release
	 for the other side's acquire loads, like any publication.  */
      v->own = atomic_load_explicit (&o->v.pub, memory_order_acquire);
      v->gate = o->v.gate > v->own ? o->v.gate : v->own;
      v->term = o->v.term;
      atomic_store_explicit (&v->pub, v->own, memory_order_release);
      o->state = ER_V_GONE;
      o->id = 0;
    }
}
