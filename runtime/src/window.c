/* Erbium runtime: mirrored sliding-window buffers.

   A record's buffer of SLOTS elements (a power of two) is mapped twice,
   back to back (anonymous shared memory, the second mapping made by
   mremap).  Element I lives at slot I & (SLOTS - 1), and the N elements
   from any slot on, for N <= SLOTS, are contiguous in virtual memory:
   burst loops need no modulo and no split at the wrap point (the
   paper's section 4 strip-mining goal, obtained from the MMU).
   The price is that one copy must be a whole number of pages.

   A window given back (er_window_free: its record has no view left) is
   kept for the next window of the same size, up to ER_WINDOW_CACHE_MAX
   bytes in all, rather than unmapped: unmapping a populated window took
   0.1 to 0.3 ms (page tables, a TLB shootdown on every core that runs
   the program, the pages freed), paid by the process whose last view
   went, which at the end of a pipeline is on its critical path (the FM
   receiver's processes spent 1.5 ms of CPU in it while they finished;
   kept, the receiver ran 0.2 % faster, paired, within the noise), and a
   program that makes a record per job gets its windows populated
   already.  What stays kept goes with the process.  */

#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "internal.h"

/* Bytes of one copy up to which a window is populated when created.  */
#define ER_POPULATE_MAX ((size_t) 64 << 20)
/* Bytes of one copy, in all, of the windows kept for reuse: ten times
   the FM receiver's windows.  */
#define ER_WINDOW_CACHE_MAX ((size_t) 16 << 20)

/* The windows kept for reuse, linked by retired_next, and their bytes
   (one copy each).  */
static pthread_mutex_t er_win_cache_lock = PTHREAD_MUTEX_INITIALIZER;
static er_window *er_win_cache;
static size_t er_win_cache_bytes;

/* Smallest power of two >= X (X >= 1).  */
static uint64_t
er_pow2_ceil (uint64_t x)
{
  uint64_t p = 1;
  while (p < x)
    p <<= 1;
  return p;
}

/* A window of at least MIN_SLOTS elements of ESIZE bytes: a kept one
   of that size if there is one, else a new mapping.  Populated for a
   calling thread, not for a fiber (below).  Aborts with a message when
   memory or mappings cannot be had.  */
er_window *
er_window_new (uint64_t min_slots, uint32_t esize)
{
  size_t page = (size_t) sysconf (_SC_PAGESIZE);
  /* The largest power of two dividing ESIZE: SLOTS * ESIZE is a multiple
     of PAGE once SLOTS is a multiple of PAGE / that.  */
  uint64_t esize_p2 = (uint64_t) esize & -(uint64_t) esize;
  uint64_t unit = page > esize_p2 ? page / esize_p2 : 1;
  uint64_t slots = er_pow2_ceil (min_slots < unit ? unit : min_slots);
  if (slots > ((uint64_t) 1 << 31) || slots * esize > ((uint64_t) 1 << 40))
    er_fatal ("cannot allocate a window of %llu elements of %u bytes "
	      "(rule: the buffer holds the largest write plus read horizon; "
	      "at most 2^31 elements)", (unsigned long long) slots, esize);
  size_t bytes = slots * esize;

  /* Populate the first copy now, outside the stream: otherwise the
     first pass through the window takes a fault per page, in the middle
     of the producers' bursts (and shared memory gets no huge pages).  A
     stream touches every page of it after one pass anyway; windows above
     ER_POPULATE_MAX stay lazy, so that a huge horizon costs only what the
     stream uses.  Not the second copy: only bursts that cross the
     window's end touch it, the first burst's worth of its pages, and
     mapping all of it cost 80 us per 512 KiB (of 500 for the whole
     window) in the alloc that created it.
     Not a window a fiber creates either: populating held the fiber's
     worker, 0.5 ms per 512 KiB, one window after the other while the
     pipeline started, where faults in the first pass are spread over the
     workers as the stream reaches each page; left to the faults, the FM
     receiver ran 0.4 to 1 % faster on 60 s of input and 2 to 3 % on 10 s
     (bench/README.md, "Eighth session").  A thread's window is still
     populated in its alloc, which holds up only that thread, and its
     stream then runs without faults (the exploration benchmark's short
     runs took 20 to 35 % longer per index without it).  */
  int populate = bytes <= ER_POPULATE_MAX && !er_self ()->fiber;

  /* A kept window of the same slots and element size: its elements are
     whatever its last record left, which no view can read before a
     writer commits them.  */
  er_window *w = NULL;
  pthread_mutex_lock (&er_win_cache_lock);
  for (er_window **p = &er_win_cache; *p; p = &(*p)->retired_next)
    if ((*p)->slots == slots && (*p)->bytes == bytes)
      {
	w = *p;
	*p = w->retired_next;
	er_win_cache_bytes -= bytes;
	break;
      }
  pthread_mutex_unlock (&er_win_cache_lock);
  if (w)
    {
      /* A fiber may have left some of its pages to a first pass that did
	 not come; a thread's window is populated whoever used it before
	 (pages already there cost a page-table walk).  Without
	 MADV_POPULATE_WRITE (before Linux 5.14) they fault in the
	 stream.  */
      if (populate)
	madvise (w->base, w->bytes, MADV_POPULATE_WRITE);
      w->retired_next = NULL;
      return w;
    }

  w = calloc (1, sizeof *w);
  if (!w)
    er_fatal ("out of memory allocating a window descriptor");
  char *base = mmap (NULL, 2 * bytes, PROT_NONE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (base == MAP_FAILED)
    er_fatal ("cannot reserve %zu bytes of address space for a window: %s",
	      2 * bytes, strerror (errno));
  /* The first copy is anonymous shared memory; mremap with an old size
     of 0 maps the same pages again right after it (mremap(2): "a new
     mapping of the same pages" of a shareable mapping).  A memfd did the
     same but needed a file size, which RLIMIT_FSIZE (ulimit -f) caps:
     with a limit below the window, its creation failed and the program
     was aborted.  */
  if (mmap (base, bytes, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS | MAP_FIXED
	    | (populate ? MAP_POPULATE : 0), -1, 0) == MAP_FAILED
      || mremap (base, 0, bytes, MREMAP_MAYMOVE | MREMAP_FIXED,
		 base + bytes) != base + bytes)
    er_fatal ("cannot map a %zu-byte mirrored window: %s", bytes,
	      strerror (errno));
  w->base = base;
  w->slots = slots;
  w->bytes = bytes;
  return w;
}

/* Give W back (NULL: nothing): keep it for the next window of its size
   while the kept ones stay within ER_WINDOW_CACHE_MAX, otherwise unmap
   it and free its descriptor.  */
void
er_window_free (er_window *w)
{
  if (!w)
    return;
  pthread_mutex_lock (&er_win_cache_lock);
  if (w->bytes <= ER_WINDOW_CACHE_MAX - er_win_cache_bytes)
    {
      w->retired_next = er_win_cache;
      er_win_cache = w;
      er_win_cache_bytes += w->bytes;
      w = NULL;
    }
  pthread_mutex_unlock (&er_win_cache_lock);
  if (!w)
    return;
  munmap (w->base, 2 * w->bytes);
  free (w);
}
