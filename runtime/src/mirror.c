/* SPDX-License-Identifier: MIT */
/* Erbium runtime: mirrored sliding-window buffers.

   A record's buffer of SLOTS elements (a power of two) is mapped twice,
   back to back: element I lives at slot I & (SLOTS - 1), and the N
   elements from any slot on, for N <= SLOTS, are contiguous in virtual
   memory, so burst loops need no modulo and no split at the wrap point
   (the paper's section 4 strip-mining goal, obtained from the MMU).  With
   B the bytes of one copy, the byte at X + B is the byte at X.

   Mapping pages twice.  The memory is anonymous shared memory, mapped
   again with mremap and an old size of 0 (mremap(2): "a new mapping of
   the same pages" of a shareable mapping).  Where that call is refused
   (valgrind rejects it; er_shm_probe tries it once), a memory file
   (memfd_create) is mapped at both places instead.  A file has a size,
   which the file size limit (RLIMIT_FSIZE, ulimit -f) caps, and passing
   it raises SIGXFSZ; anonymous memory has none, which is why the file is
   only the fallback.  The fallback checks the limit first: an arena's
   file (below) is cut to it, and a window larger than the limit is
   reported naming ulimit -f.

   Pages.  The MMU aliases whole pages, so one copy is a whole number of
   pages, even for a window of a few elements: a mirror at a distance of
   less than a page cannot be made of pages, and without a mirror the
   inline hot path (erbium/sync.h) and the plugin's burst form would
   need a split at the wrap.  Such a window gets a page's worth of slots
   instead (more slots than the horizons need is harmless).

   Arenas.  Each mapping is a kernel VMA, of which a process may have
   vm.max_map_count (65530 by default): at two per window, about 32 000
   records exhausted them.  So windows of up to ER_SMALL_MAX bytes per
   copy share arenas: one shared memory object of up to ER_ARENA_BYTES,
   cut into windows of one size B, mapped into a reserved range as copy
   0, mirror 0, copy 1, mirror 1, ...: window K's copy and mirror both
   map the object's bytes [K B, (K + 1) B).  The mirror of window K and
   the copy of window K + 1 are adjacent both in the address space and
   in the object, so the kernel merges them into one VMA: K windows cost
   K + 1 mappings, plus two for the arena (the object's own mapping, the
   reservation's unused rest).  One per window is the least pages can
   do: the range of every window holds a point where the object offset
   jumps back by B, and a VMA maps offsets linearly.  An arena's windows
   are mapped as they are handed out, so an arena costs 2 x ER_ARENA_BYTES
   of address space, never backed until used, but only the mappings of
   its windows.  A window above ER_SMALL_MAX maps an object of its own
   twice (two mappings, for more than ER_SMALL_MAX bytes of memory each:
   memory runs out long before mappings).  Windows in arenas are as
   page-aligned, populated and fast as the others.

   Limits.  A mapping that fails is reported with the limit that stopped
   it (er_limit_hint: vm.max_map_count, the address space limit ulimit
   -v, the fallback's file size limit, or memory), then the program
   aborts (er_fatal).

   A window given back (er_window_free: its record has no view left, its
   stream died) is kept for the next window of the same size, rather
   than unmapped, while the windows kept stay within the bound (below): unmapping a populated window took
   0.1 to 0.3 ms (page tables, a TLB shootdown on every core that runs
   the program, the pages freed), paid by the process whose last view
   went, which at the end of a pipeline is on its critical path (the FM
   receiver's processes spent 1.5 ms of CPU in it while they finished;
   kept, the receiver ran 0.2 % faster, paired, within the noise), and a
   program that makes a record per job gets its windows populated
   already.  A stream's buffer (er_window_get with LARGER) may also get
   a kept window of its own of up to 4 times its size, whose pages are
   there: a stream may have more room than it asked for, a record's
   views (and an observer's mirror, which must match its record's
   window) may not.  A kept window's pages hold what its last record or
   stream left there, which no view or instance reads: a position is
   read only once a writer committed it, after writing it (and a stream
   that grows copies only positions written).  A window of an arena
   stays mapped when given back, for the next window of its size;
   beyond the bound its pages go back to the system (MADV_REMOVE).
   Arenas are never unmapped: their mappings and address space stay at
   the program's peak.  What stays kept goes with the process.

   The bound, in bytes of one copy of the windows kept with their pages:
   ERBIUM_WINDOW_CACHE when set (docs/environment.md; 0 keeps none),
   else the most the program had in windows at once, and at least
   ER_WINDOW_CACHE_MAX: the windows kept never hold more memory than the
   program's own peak, and a program that makes and drops large windows
   one after the other (the levels of a divide and conquer over
   streams) gets them back with their pages.  ERBIUM_STATS's report
   counts the windows mapped, reused and given back, and the most kept
   (stats.c).  */

#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#include "internal.h"

/* Bytes of one copy up to which a window is populated when created.  */
#define ER_POPULATE_MAX ((size_t) 64 << 20)
/* Bytes of one copy, in all, of the windows kept for reuse with their
   pages, at least (the bound: head of this file): ten times the FM
   receiver's windows.  */
#define ER_WINDOW_CACHE_MAX ((size_t) 16 << 20)
/* Windows of at most this many bytes per copy share arenas.  */
#define ER_SMALL_MAX ((size_t) 64 << 10)
/* Bytes of an arena's object: at least 32 windows of ER_SMALL_MAX.  */
#define ER_ARENA_BYTES ((size_t) 2 << 20)

/* A shared memory object, mapped at the places its windows need.  */
typedef struct er_shm
{
  char *src;			/* anonymous memory: mapped once, mremap's
				   source */
  int fd;			/* the fallback's memory file, else -1 */
} er_shm;

/* An arena: windows of one size in one object (head of this file).  */
typedef struct er_arena
{
  er_shm shm;
  char *base;			/* reserved: N copies and their mirrors */
  uint32_t n;			/* windows it holds */
  uint32_t used;		/* windows 0 .. USED - 1 handed out once */
  struct er_class *cls;
} er_arena;

/* The windows of the arenas of one size.  */
typedef struct er_class
{
  struct er_class *next;
  size_t bytes;			/* of one copy */
  er_arena *arena;		/* the newest arena: windows left in it */
  struct er_win *free;		/* given back, linked by retired_next */
} er_class;

/* A window with what only this file needs.  */
typedef struct er_win
{
  er_window w;			/* first: er_window * <-> er_win * */
  er_arena *arena;		/* NULL: an object of its own */
  int kept;			/* given back with its pages, counted in
				   er_win_kept */
} er_win;

/* Everything below is under this lock.  */
static pthread_mutex_t er_win_lock = PTHREAD_MUTEX_INITIALIZER;
/* Windows of their own kept for reuse, linked by retired_next.  */
static er_window *er_win_cache;
/* Bytes (one copy each) of the windows kept with their pages.  */
static size_t er_win_kept;
/* Bytes (one copy each) of the windows handed out and not given back,
   and the most they reached.  */
static size_t er_win_live, er_win_live_peak;
/* ERBIUM_WINDOW_CACHE's bound in bytes; SIZE_MAX: not set.  */
static size_t er_win_env_bound = SIZE_MAX;
static er_class *er_classes;

/* Whether mremap refused to map shared memory twice: memory files from
   then on.  Set once, by er_shm_probe.  */
static int er_shm_use_file;
static pthread_once_t er_shm_once = PTHREAD_ONCE_INIT;

/* Try mremap's second mapping once, on a page.  Only a refusal of the
   call itself (EINVAL: valgrind, or a kernel without it) selects the
   memory files; running out of mappings or memory here is left to the
   windows, which report it.  Reads ERBIUM_WINDOW_CACHE too, once.  */
static void
er_shm_probe (void)
{
  er_win_env_bound = er_env_bytes ("ERBIUM_WINDOW_CACHE", SIZE_MAX,
				   "the most the program had in buffers "
				   "at once, at least 16 MiB");
  size_t page = (size_t) sysconf (_SC_PAGESIZE);
  char *p = mmap (NULL, 2 * page, PROT_NONE,
		  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    return;
  if (mmap (p, page, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED
      && mremap (p, 0, page, MREMAP_MAYMOVE | MREMAP_FIXED, p + page)
	 == MAP_FAILED
      && errno == EINVAL)
    er_shm_use_file = 1;
  munmap (p, 2 * page);
}

/* Report that a window of SLOTS elements of ESIZE bytes (BYTES per copy)
   could not be had because of error ERR in WHAT, asking for ASKED more
   bytes of address space, and abort.  */
static void __attribute__ ((noreturn))
er_window_fail (const char *what, uint64_t slots, uint32_t esize,
		size_t bytes, int err, size_t asked)
{
  char hint[320];
  er_fatal ("cannot map a window of %llu elements of %u bytes (%zu bytes, "
	    "mapped twice): %s failed: %s", (unsigned long long) slots, esize,
	    bytes, what, er_limit_hint (err, asked, hint, sizeof hint));
}

/* The file size limit in bytes (RLIM_INFINITY: none).  */
static rlim_t
er_fsize_limit (void)
{
  struct rlimit rl;
  if (getrlimit (RLIMIT_FSIZE, &rl) != 0)
    return RLIM_INFINITY;
  return rl.rlim_cur;
}

/* Make O, an object of BYTES, mapped once at AT if AT is not NULL (a
   fixed place, replacing what is there), else (anonymous memory only)
   wherever the kernel likes.  Returns 0, or an error number after
   naming the failed call in *WHAT; a memory file above the file size
   limit is EFBIG, before any call.  */
static int
er_shm_create (er_shm *o, size_t bytes, char *at, const char **what)
{
  o->src = NULL;
  o->fd = -1;
  if (!er_shm_use_file)
    {
      *what = "mmap of shared memory";
      char *p = mmap (at, bytes, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS
		      | (at ? MAP_FIXED : MAP_NORESERVE), -1, 0);
      if (p == MAP_FAILED)
	return errno;
      o->src = p;
      return 0;
    }
  *what = "a memory file (mremap cannot map shared memory twice here, "
	  "as under valgrind)";
  if (er_fsize_limit () < bytes)
    return EFBIG;
  int fd = memfd_create ("erbium-window", MFD_CLOEXEC);
  if (fd < 0)
    return errno;
  if (ftruncate (fd, (off_t) bytes) != 0)
    {
      int e = errno;
      close (fd);
      return e;
    }
  o->fd = fd;
  if (at && mmap (at, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED,
		  fd, 0) == MAP_FAILED)
    {
      *what = "mmap of a memory file";
      return errno;
    }
  return 0;
}

/* Map LEN bytes of O from offset OFF at DST (fixed, replacing what is
   there).  Returns 0, or an error number after naming the call in
   *WHAT.  */
static int
er_shm_map (er_shm *o, size_t off, size_t len, char *dst, const char **what)
{
  if (o->fd < 0)
    {
      *what = "mremap (a second mapping of shared memory)";
      if (mremap (o->src + off, 0, len, MREMAP_MAYMOVE | MREMAP_FIXED, dst)
	  != dst)
	return errno;
      return 0;
    }
  *what = "mmap of a memory file";
  if (mmap (dst, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, o->fd,
	    (off_t) off) == MAP_FAILED)
    return errno;
  return 0;
}

/* Smallest power of two >= X (X >= 1).  */
static uint64_t
er_pow2_ceil (uint64_t x)
{
  uint64_t p = 1;
  while (p < x)
    p <<= 1;
  return p;
}

/* A new window of its own, BYTES per copy: reserve twice BYTES, map the
   object at the start and again right after.  POPULATE: fault the first
   copy in now.  SLOTS and ESIZE: for reports.  */
static er_win *
er_own_new (size_t bytes, int populate, uint64_t slots, uint32_t esize)
{
  er_win *w = calloc (1, sizeof *w);
  if (!w)
    er_fatal ("out of memory allocating a window descriptor");
  char *base = mmap (NULL, 2 * bytes, PROT_NONE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (base == MAP_FAILED)
    er_window_fail ("reserving its address space", slots, esize, bytes,
		    errno, 2 * bytes);
  er_shm o;
  const char *what;
  int err = er_shm_create (&o, bytes, base, &what);
  if (!err)
    err = er_shm_map (&o, 0, bytes, base + bytes, &what);
  if (err)
    er_window_fail (what, slots, esize, bytes, err, 0);
  /* The object lives as long as its mappings.  */
  if (o.fd >= 0)
    close (o.fd);
  /* Populate the first copy now, outside the stream: otherwise the
     first pass through the window takes a fault per page, in the middle
     of the producers' bursts.  Not the second copy: only bursts that
     cross the window's end touch it, the first burst's worth of its
     pages, and mapping all of it cost 80 us per 512 KiB (of 500 for the
     whole window) in the alloc that created it.  Without
     MADV_POPULATE_WRITE (before Linux 5.14) the pages fault in the
     stream.  */
  if (populate)
    madvise (base, bytes, MADV_POPULATE_WRITE);
  w->w.base = base;
  w->w.bytes = bytes;
  return w;
}

/* The class of the small windows of BYTES per copy, made if need be.
   Caller holds er_win_lock.  */
static er_class *
er_class_of (size_t bytes)
{
  er_class *c;
  for (c = er_classes; c; c = c->next)
    if (c->bytes == bytes)
      return c;
  c = calloc (1, sizeof *c);
  if (!c)
    er_fatal ("out of memory allocating a window class");
  c->bytes = bytes;
  c->next = er_classes;
  er_classes = c;
  return c;
}

/* A new arena for C's windows.  Caller holds er_win_lock.  SLOTS, ESIZE:
   for reports.  */
static er_arena *
er_arena_new (er_class *c, uint64_t slots, uint32_t esize)
{
  size_t n = ER_ARENA_BYTES / c->bytes;
  /* The fallback's file stays within the file size limit: fewer windows
     per arena, down to one, below which the window is reported.  */
  rlim_t lim = er_shm_use_file ? er_fsize_limit () : RLIM_INFINITY;
  if (lim != RLIM_INFINITY && lim / c->bytes < n)
    n = lim / c->bytes ? lim / c->bytes : 1;
  size_t bytes = n * c->bytes;
  er_arena *a = calloc (1, sizeof *a);
  if (!a)
    er_fatal ("out of memory allocating a window arena");
  a->base = mmap (NULL, 2 * bytes, PROT_NONE,
		  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (a->base == MAP_FAILED)
    er_window_fail ("reserving the address space of an arena", slots,
		    esize, c->bytes, errno, 2 * bytes);
  const char *what;
  int err = er_shm_create (&a->shm, bytes, NULL, &what);
  if (err)
    er_window_fail (what, slots, esize, c->bytes, err, bytes);
  a->n = (uint32_t) n;
  a->cls = c;
  return a;
}

/* The bound of the windows kept (head of this file).  Caller holds
   er_win_lock.  */
static size_t
er_win_bound (void)
{
  if (er_win_env_bound != SIZE_MAX)
    return er_win_env_bound;
  return er_win_live_peak > ER_WINDOW_CACHE_MAX ? er_win_live_peak
						: ER_WINDOW_CACHE_MAX;
}

/* A window of BYTES per copy is handed out, REUSED (a kept one, or one
   of an arena given back) or made, LARGER than asked.  Caller holds
   er_win_lock.  */
static void
er_win_out (size_t bytes, int reused, int larger)
{
  er_win_live += bytes;
  if (er_win_live > er_win_live_peak)
    er_win_live_peak = er_win_live;
  /* Relaxed: counts for the report at exit (stats.c), which reads them
     once every process has ended.  */
  atomic_fetch_add_explicit (reused ? &er_stats_buffers.reused
			     : &er_stats_buffers.made, 1,
			     memory_order_relaxed);
  if (larger)
    atomic_fetch_add_explicit (&er_stats_buffers.larger, 1,
			       memory_order_relaxed);
  atomic_store_explicit (&er_stats_buffers.bound, (int64_t) er_win_bound (),
			 memory_order_relaxed);
}

/* A small window of BYTES per copy: one given back, or the next of its
   class's newest arena (a new arena when that one is full).  SLOTS,
   ESIZE: for reports.  */
static er_win *
er_small_new (size_t bytes, uint64_t slots, uint32_t esize)
{
  pthread_mutex_lock (&er_win_lock);
  er_class *c = er_class_of (bytes);
  er_win *w = c->free;
  er_win_out (bytes, w != NULL, 0);
  if (w)
    {
      c->free = (er_win *) w->w.retired_next;
      if (w->kept)
	er_win_kept -= bytes;
      w->kept = 0;
      pthread_mutex_unlock (&er_win_lock);
      w->w.retired_next = NULL;
      return w;
    }
  if (!c->arena || c->arena->used == c->arena->n)
    c->arena = er_arena_new (c, slots, esize);
  er_arena *a = c->arena;
  size_t k = a->used++;
  pthread_mutex_unlock (&er_win_lock);

  /* Window K's copy, then its mirror (head of this file): outside the
     lock, each in its own place of the reservation.  */
  w = calloc (1, sizeof *w);
  if (!w)
    er_fatal ("out of memory allocating a window descriptor");
  char *base = a->base + 2 * k * bytes;
  const char *what;
  int err = er_shm_map (&a->shm, k * bytes, bytes, base, &what);
  if (!err)
    err = er_shm_map (&a->shm, k * bytes, bytes, base + bytes, &what);
  if (err)
    er_window_fail (what, slots, esize, bytes, err, 0);
  w->w.base = base;
  w->w.bytes = bytes;
  w->arena = a;
  return w;
}

/* Take from the kept windows of their own one of BYTES per copy, or,
   when LARGER and there is none, the smallest of up to 4 x BYTES that
   holds a power of two of at most 2^31 elements of ESIZE bytes; NULL
   when there is none.  Counts the window handed out.  Caller holds
   er_win_lock.  */
static er_win *
er_own_take (size_t bytes, uint32_t esize, int larger)
{
  er_window **best = NULL;
  for (er_window **p = &er_win_cache; *p; p = &(*p)->retired_next)
    {
      size_t b = (*p)->bytes;
      uint64_t n = b / esize;
      if (b == bytes)
	{
	  best = p;
	  break;
	}
      if (larger && b > bytes && b / 4 <= bytes && b % esize == 0
	  && (n & (n - 1)) == 0 && n <= ((uint64_t) 1 << 31)
	  && (!best || b < (*best)->bytes))
	best = p;
    }
  if (!best)
    {
      er_win_out (bytes, 0, 0);
      return NULL;
    }
  er_window *w = *best;
  *best = w->retired_next;
  er_win_kept -= w->bytes;
  er_win_out (w->bytes, 1, w->bytes != bytes);
  w->retired_next = NULL;
  return (er_win *) w;
}

/* A window of at least MIN_SLOTS elements of ESIZE bytes: a kept one of
   that size if there is one (LARGER: or of up to 4 times that size,
   for a stream's buffer: head of this file), else a new one (in an
   arena when small).  Populated for a calling thread, not for a fiber
   (below).  Aborts with a message naming the limit when memory or
   mappings cannot be had (head of this file).  */
er_window *
er_window_get (uint64_t min_slots, uint32_t esize, int larger)
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
  pthread_once (&er_shm_once, er_shm_probe);

  /* Populate the first copy (er_own_new says why), unless the window is
     huge: then a huge horizon costs only what the stream uses.  Not a
     window a fiber creates either: populating held the fiber's worker,
     0.5 ms per 512 KiB, one window after the other while the pipeline
     started, where faults in the first pass are spread over the workers
     as the stream reaches each page; left to the faults, the FM receiver
     ran 0.4 to 1 % faster on 60 s of input and 2 to 3 % on 10 s.  A
     thread's window is still populated in its alloc, which holds up only
     that thread, and its stream then runs without faults (the
     exploration benchmark's short runs took 20 to 35 % longer per index
     without it).  */
  int populate = bytes <= ER_POPULATE_MAX && !er_self ()->fiber;

  er_win *w = NULL;
  if (bytes <= ER_SMALL_MAX)
    w = er_small_new (bytes, slots, esize);
  else
    {
      pthread_mutex_lock (&er_win_lock);
      w = er_own_take (bytes, esize, larger);
      pthread_mutex_unlock (&er_win_lock);
      if (!w)
	{
	  w = er_own_new (bytes, populate, slots, esize);
	  w->w.slots = slots;
	  return &w->w;
	}
    }
  /* A window from an arena, or kept: a fiber may have left some of its
     pages to a first pass that did not come, and an arena's window is
     not populated by its mapping; pages already there cost a page-table
     walk.  Not a stream's kept buffer (LARGER): a stream of large
     windows gives its buffer back whenever it is drained (ostream.c)
     and takes it back at its next window, which would pay the walk over
     its pages, there from its last use, each time.  */
  if (populate && !(larger && w->w.bytes > ER_SMALL_MAX))
    madvise (w->w.base, w->w.bytes, MADV_POPULATE_WRITE);
  w->w.slots = w->w.bytes / esize;
  return &w->w;
}

/* A window of at least MIN_SLOTS elements of ESIZE bytes, of the power
   of two that holds them (er_window_get without LARGER).  */
er_window *
er_window_new (uint64_t min_slots, uint32_t esize)
{
  return er_window_get (min_slots, esize, 0);
}

/* Give WIN back (NULL: nothing): keep it for the next window of its size
   (with its pages while the kept ones stay within the bound: head of
   this file); a window of its own beyond that is unmapped and its
   descriptor freed.  */
void
er_window_free (er_window *win)
{
  if (!win)
    return;
  er_win *w = (er_win *) win;
  size_t bytes = w->w.bytes;
  pthread_mutex_lock (&er_win_lock);
  er_win_live -= bytes;
  size_t bound = er_win_bound ();
  int keep = er_win_kept <= bound && bytes <= bound - er_win_kept;
  if (keep)
    {
      er_win_kept += bytes;
      /* Relaxed, as in er_win_out; the most kept only grows, and only
	 under er_win_lock.  */
      if ((int64_t) er_win_kept
	  > atomic_load_explicit (&er_stats_buffers.kept_peak,
				  memory_order_relaxed))
	atomic_store_explicit (&er_stats_buffers.kept_peak,
			       (int64_t) er_win_kept, memory_order_relaxed);
    }
  else
    atomic_fetch_add_explicit (&er_stats_buffers.released, 1,
			       memory_order_relaxed);
  atomic_store_explicit (&er_stats_buffers.bound, (int64_t) bound,
			 memory_order_relaxed);
  if (w->arena)
    {
      /* It stays mapped; its pages go when there are too many.  */
      if (!keep)
	madvise (w->w.base, bytes, MADV_REMOVE);
      w->kept = keep;
      w->w.retired_next = (er_window *) w->arena->cls->free;
      w->arena->cls->free = w;
      pthread_mutex_unlock (&er_win_lock);
      return;
    }
  if (keep)
    {
      w->w.retired_next = er_win_cache;
      er_win_cache = &w->w;
    }
  pthread_mutex_unlock (&er_win_lock);
  if (keep)
    return;
  munmap (w->w.base, 2 * bytes);
  free (w);
}
