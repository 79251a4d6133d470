/* SPDX-License-Identifier: MIT */
/* Erbium runtime: where views live, and how a freed view is recognised.

   A view's address is its handle: the program passes it to every call and
   the inline primitives dereference it.  free_view must recognise a handle
   whose view is freed already (paper section 3, "Termination": a freed
   view is disconnected and its resources are freed) without reading the
   view, whose memory goes with its record, and without taking it for a
   later view that got the same address.  So no view ever gets an address
   another view had: views are cut, in creation order, out of reserved
   address space, chunk by chunk; a chunk's pages go back to the system
   once every view in it has been released with its record
   (MADV_DONTNEED: the addresses stay reserved), and each slot keeps,
   outside the view, whether its handle is live and the numbers that name
   it in messages.  The names cost 8 bytes per view; they are kept for the
   ER_NAMED_DEAD_CHUNKS chunks whose views all went last, and a freed
   handle older than that is still recognised, by its address, but named
   by its address alone.  Address space costs ER_VIEW_SLOT bytes per view
   ever created (2^47 bytes of it hold 2^38 views).  */

#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"

#define ER_VIEW_SLOT 512	/* bytes per view, a multiple of the line */
#define ER_CHUNK_SLOTS 512	/* views per chunk (256 KiB) */
#define ER_CHUNK_BYTES ((size_t) ER_VIEW_SLOT * ER_CHUNK_SLOTS)
#define ER_REGION_CHUNKS 16384	/* chunks per reserved region (4 GiB) */
#define ER_NAMED_DEAD_CHUNKS 64

_Static_assert (sizeof (er_vimpl) <= ER_VIEW_SLOT, "a view fits its slot");
_Static_assert (ER_VIEW_SLOT % ER_CACHE_LINE == 0, "slots are line-aligned");

/* What names a view in messages, and whether its handle is live.  */
struct er_vname
{
  uint32_t rec;			/* record serial */
  uint32_t serial : 30;		/* view serial within the record */
  uint32_t write : 1;		/* a write view */
  uint32_t live : 1;		/* not freed yet */
};

/* The bookkeeping of one chunk of views.  */
struct er_vchunk
{
  int used;			/* slots handed out, in order */
  int held;			/* handed out and not yet released */
  struct er_vregion *region;
  int index;			/* in REGION */
  struct er_vchunk *next_dead;	/* dead chunks whose names are kept */
  struct er_vname name[ER_CHUNK_SLOTS];
};

/* A reserved range of address space, used chunk by chunk.  */
struct er_vregion
{
  char *base;
  int nchunks;			/* chunks started */
  struct er_vregion *next;
  /* Chunk K's bookkeeping (K < NCHUNKS); NULL once K died and its names
     were dropped.  */
  struct er_vchunk *chunk[ER_REGION_CHUNKS];
};

static pthread_mutex_t er_vstore_lock = PTHREAD_MUTEX_INITIALIZER;
static struct er_vregion *er_vregions;	/* newest first */
static struct er_vchunk *er_dead_first, *er_dead_last;
static int er_ndead;

/* Where V would be: its region, chunk index and slot.  Returns 0 when V
   is no slot's address.  Caller holds the lock.  */
static int
er_vfind (const void *v, struct er_vregion **rp, int *kp, int *sp)
{
  for (struct er_vregion *g = er_vregions; g; g = g->next)
    {
      const char *p = v;
      if (p < g->base || p >= g->base + (size_t) g->nchunks * ER_CHUNK_BYTES)
	continue;
      size_t off = (size_t) (p - g->base);
      if (off % ER_VIEW_SLOT)
	return 0;
      *rp = g;
      *kp = (int) (off / ER_CHUNK_BYTES);
      *sp = (int) (off % ER_CHUNK_BYTES / ER_VIEW_SLOT);
      struct er_vchunk *c = g->chunk[*kp];
      return !c || *sp < c->used;
    }
  return 0;
}

/* Start a new chunk of views; returns it.  Caller holds the lock.  */
static struct er_vchunk *
er_vchunk_new (void)
{
  struct er_vregion *g = er_vregions;
  if (!g || g->nchunks == ER_REGION_CHUNKS)
    {
      g = calloc (1, sizeof *g);
      if (!g)
	er_fatal ("out of memory allocating a view");
      /* Reserved, not committed: PROT_NONE costs no memory.  */
      void *b = mmap (NULL, ER_CHUNK_BYTES * ER_REGION_CHUNKS, PROT_NONE,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (b == MAP_FAILED)
	er_fatal ("cannot reserve address space for views: %s",
		  strerror (errno));
      g->base = b;
      g->next = er_vregions;
      er_vregions = g;
    }
  struct er_vchunk *c = calloc (1, sizeof *c);
  char *at = g->base + (size_t) g->nchunks * ER_CHUNK_BYTES;
  if (!c || mprotect (at, ER_CHUNK_BYTES, PROT_READ | PROT_WRITE) != 0)
    er_fatal ("out of memory allocating a view");
  c->region = g;
  c->index = g->nchunks;
  g->chunk[g->nchunks++] = c;
  return c;
}

/* A zeroed view at an address no view had before.  Aborts with a message
   when memory cannot be had.  */
er_vimpl *
er_view_alloc (void)
{
  pthread_mutex_lock (&er_vstore_lock);
  struct er_vregion *g = er_vregions;
  struct er_vchunk *c = g && g->nchunks ? g->chunk[g->nchunks - 1] : NULL;
  if (!c || c->used == ER_CHUNK_SLOTS)
    c = er_vchunk_new ();
  g = c->region;
  int s = c->used++;
  c->held++;
  pthread_mutex_unlock (&er_vstore_lock);
  /* Fresh pages: zero already.  */
  return (er_vimpl *) (g->base + (size_t) c->index * ER_CHUNK_BYTES
		       + (size_t) s * ER_VIEW_SLOT);
}

/* Record VI's names (record serial, view serial, kind) and mark its
   handle live.  */
void
er_view_name (er_vimpl *vi)
{
  struct er_vregion *g;
  int k, s;
  pthread_mutex_lock (&er_vstore_lock);
  if (er_vfind (vi, &g, &k, &s) && g->chunk[k])
    g->chunk[k]->name[s] = (struct er_vname) {
      .rec = vi->v.rec->serial, .serial = (uint32_t) vi->serial,
      .write = vi->v.kind == ER_WRITE, .live = 1 };
  pthread_mutex_unlock (&er_vstore_lock);
}

/* free_view(V) begins: mark V's handle freed.  When V is not a live view
   (freed already, or never a view), report it and abort, reading nothing
   of V itself.  Concurrent calls on one handle: one proceeds, the other
   is reported.  */
void
er_view_retire (er_view *v)
{
  struct er_vregion *g;
  int k, s;
  pthread_mutex_lock (&er_vstore_lock);
  if (!er_vfind (v, &g, &k, &s))
    {
      pthread_mutex_unlock (&er_vstore_lock);
      er_fatal ("free_view(%p): not a view (rule: free_view takes a view "
		"that new_read_view or new_write_view returned)", (void *) v);
    }
  struct er_vchunk *c = g->chunk[k];
  if (c && c->name[s].live)
    {
      c->name[s].live = 0;
      pthread_mutex_unlock (&er_vstore_lock);
      return;
    }
  struct er_vname n = c ? c->name[s] : (struct er_vname) { 0 };
  pthread_mutex_unlock (&er_vstore_lock);
  if (c)
    er_fatal ("free_view(record %u %s view %u): view already freed (rule: "
	      "a view is freed once and not used after free_view; paper "
	      "section 3, \"Termination\")", n.rec, n.write ? "write" : "read",
	      (unsigned) n.serial);
  er_fatal ("free_view(%p): view already freed, with its record (rule: a "
	    "view is freed once and not used after free_view; paper section "
	    "3, \"Termination\")", (void *) v);
}

/* VI's record is deallocated: VI's memory is no longer needed.  A chunk
   whose views are all released gives its pages back and keeps its
   addresses; the names of the oldest such chunks are dropped.  */
void
er_view_release (er_vimpl *vi)
{
  struct er_vregion *g;
  int k, s;
  pthread_mutex_lock (&er_vstore_lock);
  if (!er_vfind (vi, &g, &k, &s) || !g->chunk[k])
    {
      pthread_mutex_unlock (&er_vstore_lock);
      return;
    }
  struct er_vchunk *c = g->chunk[k];
  if (--c->held == 0 && c->used == ER_CHUNK_SLOTS)
    {
      madvise (g->base + (size_t) k * ER_CHUNK_BYTES, ER_CHUNK_BYTES,
	       MADV_DONTNEED);
      if (er_dead_last)
	er_dead_last->next_dead = c;
      else
	er_dead_first = c;
      er_dead_last = c;
      if (++er_ndead > ER_NAMED_DEAD_CHUNKS)
	{
	  struct er_vchunk *o = er_dead_first;
	  er_dead_first = o->next_dead;
	  er_ndead--;
	  o->region->chunk[o->index] = NULL;
	  free (o);
	}
    }
  pthread_mutex_unlock (&er_vstore_lock);
}
