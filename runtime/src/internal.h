/* SPDX-License-Identifier: MIT */
/* Erbium runtime: private structures shared by the out-of-line parts.

   A record is the public er_record line followed by its lock, its futex
   word, the current window and the two sets of connected views.  The sets
   are immutable snapshots replaced under the lock (readers of a snapshot
   never lock), and retired snapshots, views and windows are only freed
   with the record, so a slow path may always walk what it loaded.

   A record lives while it has a live view: the thread that frees its last
   view deallocates it (record.c, er_free_view), right after releasing its
   lock.  So a thread may touch a record outside its lock only while it
   owns a live view of it (every primitive, alloc, register and every
   waiter does); free_view's caller no longer does once its view is freed,
   so all it does to the record happens under the lock.  */

#ifndef ERBIUM_INTERNAL_H
#define ERBIUM_INTERNAL_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>
#include "erbium/runtime.h"

#define ER_INF INT64_MAX

/* View lifetime states (er_vimpl.state).  */
enum er_vstate
{
  ER_V_LIVE = 0,		/* owned and usable */
  ER_V_HANDOVER,		/* freed, registered, waiting for a successor */
  ER_V_TERMINATED,		/* write view freed with ER_TERMINATE */
  ER_V_DRAINING,		/* unregistered write view freed: counts
				   until a reader's update passes it */
  ER_V_GONE			/* freed and disconnected */
};

struct er_thread;

/* A view with the fields only the slow paths use.  */
typedef struct er_vimpl
{
  er_view v;			/* must be first: er_view * <-> er_vimpl * */
  int id;			/* 0 = unregistered */
  int serial;			/* view number within its record, from 1 */
  enum er_vstate state;
  int terminated;		/* freed with ER_TERMINATE: its id is never
				   registered again (paper section 3) */
  struct er_thread *owner;
  struct er_vimpl *next_owned;	/* owner's list of live views */
  /* The link that points to this view in that list (its owner's OWNED or
     the previous view's NEXT_OWNED): a view leaves the list in constant
     time, however many views its owner holds.  */
  struct er_vimpl **owned_link;
  struct er_vimpl *next_all;	/* record's list of every view ever */
  /* Set while the owner sleeps with this view parked by er_park_owned
     for reallocation serial PARK_FOR, so that the view resynchronises
     when the sleep ends (owner-private).  */
  uint32_t park_for;
  /* Realloc hand-shake: the record's realloc serial this view has parked
     for.  */
  _Atomic uint32_t parked;
  /* Read views: the view missed the indices below VALID_FROM (writers
     may have overwritten them before it, unregistered then, copied them;
     observer.c); it holds every index from there (or its release index)
     up to its update index.  0 for a view that never missed anything.  */
  int64_t valid_from;
  /* An observer's private mirrored window (observer.c) while it has one,
     and the index up to which it holds copies there (owner-private).  */
  struct er_window *mirror;
  int64_t copied;
} er_vimpl;

/* One participant of a set, with its state when the set was built (every
   state change rebuilds the sets).  */
typedef struct er_member
{
  er_vimpl *view;
  enum er_vstate state;
} er_member;

/* Immutable set of views taking part in one side's minimum.  */
typedef struct er_set
{
  struct er_set *retired_next;
  int n;
  int ready;			/* ids 1..wreg (or rreg) all registered once */
  er_vimpl *only;		/* the single live participant, else NULL */
  er_member m[];
} er_set;

/* A mirrored window of SLOTS elements (see mirror.c).  */
typedef struct er_window
{
  char *base;
  uint64_t slots;
  size_t bytes;			/* of one copy */
  /* The record's retired windows (reallocation), or, once given back,
     the windows kept for reuse (mirror.c).  */
  struct er_window *retired_next;
} er_window;

/* What sleepers sleep on (wait.c): a record's, a task stream's, a task
   site's.  */
typedef struct er_wakeq
{
  _Atomic uint32_t seq;		/* futex word: bumped by every wake */
  /* On SEQ's line, which every wake touches anyway.  */
  _Atomic uint32_t nsleepers;	/* threads asleep on SEQ */
  /* Fibers (fiber.c) asleep on SEQ, or about to be: a wake then wakes
     the idle workers.  */
  _Atomic uint32_t fiber_sleepers;
} er_wakeq;

typedef struct er_rec
{
  er_record pub;
  char pad_[ER_CACHE_LINE - sizeof (er_record)];

  pthread_mutex_t lock;
  er_wakeq wq;			/* its sleepers */
  int wreg, rreg;
  int nlive;			/* views not yet freed */
  int nviews;			/* views ever created (serial source) */
  /* Which ids 1..wreg / 1..rreg have registered at least once.  */
  unsigned char *wseen, *rseen;
  int wmissing, rmissing;

  er_set *_Atomic writers;	/* snapshot read by readers' slow path */
  er_set *_Atomic readers;	/* snapshot read by writers' slow path */
  er_set *retired_sets;

  er_window *_Atomic win;	/* current window, NULL before any alloc */
  /* Largest horizon any write view of the record ever had (elements):
     a writer may write up to its commit index plus it (observer.c).  */
  _Atomic int64_t whorizon;
  er_window *retired_wins;

  /* Reallocation in progress: nonzero realloc serial; views reaching a
     slow path park until it returns to 0.  */
  _Atomic uint32_t realloc_pending;
  uint32_t realloc_serial;

  er_vimpl *all;		/* every view ever connected */
  struct er_rec *next_live, *prev_live;	/* global list, for reports */
} er_rec;

static inline er_rec *
er_rec_of (er_record *r)
{
  return (er_rec *) r;
}

static inline er_vimpl *
er_vimpl_of (er_view *v)
{
  return (er_vimpl *) v;
}

/* What a thread or fiber did, for ERBIUM_STATS (stats.c): counted in
   the slow paths only (wait.c, fiber.c, placement.c), and only when
   er_stats_on.  Times in nanoseconds.  */
typedef struct er_stats
{
  int64_t cpu_ns;		/* CPU time (a fiber's: of its runs) */
  int64_t run_mark;		/* a fiber's worker's CPU clock when it
				   last switched to it (fiber.c) */
  int64_t wait_ns;		/* wall-clock time in long waits */
  int64_t sleeps;		/* futex or fiber sleeps */
  int64_t woken;		/* sleeps ended by a wake */
  int64_t timeouts;		/* sleeps ended by their timeout */
  int64_t wakes;		/* wakes it issued (er_wakeq_wake) */
  int64_t yields;		/* sched_yield calls in its long waits */
  /* Moves to another core by placement (placement.c, under its lock)
     or by the fiber scheduler (fiber.c, under the run queue's).  */
  int64_t moves;
  /* Long waits that found it on another CPU than the previous one.  */
  int64_t cpu_changes;
  int64_t inv_cs;		/* involuntary context switches, -1:
				   unknown (fibers) */
  int cpu_seen;			/* 1 + the CPU of its last long wait, or 0 */
} er_stats;

/* Per-thread state: known threads take part in deadlock detection.  */
typedef struct er_thread
{
  er_vimpl *owned;		/* live views owned by this thread */
  int is_process;		/* started by er_run */
  int counted;			/* counted in er_global.live */
  int core;			/* bound core (logical), -1 if not bound;
				   written under the placement lock */
  int placed_by_record;		/* moved once for communication */
  int auto_placed;		/* placement may still move it */
  /* Load balancing (placement.c): the thread, its CPU-time clock and
     the clock's value at the previous balancing, in the list of
     automatically placed processes while it runs.  */
  pthread_t tid;
  clockid_t cpu_clock;
  int balanced;			/* in that list */
  int64_t cpu_ns, wait_seen;	/* CPU time, waits' CPU time then */
  int64_t wait_ns;		/* CPU time in long waits, atomic */
  struct er_thread *next_placed, *prev_placed;
  struct er_fiber *fiber;	/* its fiber (fiber.c), or NULL: a thread */
  char name[48];		/* for reports */
  const char *site;		/* a task site's process: its site (file:line) */
  int serial;			/* process number (its name's), 0: none */
  er_stats st;			/* ERBIUM_STATS (stats.c) */
  /* wait.c, for a thread bound alone to its core: its involuntary
     context switches at its last look, and until when (CLOCK_MONOTONIC
     ns) another program counts as sharing its core.  */
  long nivcsw_seen;
  int64_t contended_until;
  struct er_rec *reallocating;	/* record whose window it is replacing */
  /* The task (task.c) whose er_task_create calls and taskwait it runs:
     its children's count; NULL until it creates one.  */
  struct er_task *task;
  struct er_act *act;		/* the task instance it runs, or NULL */
  struct er_actcache *cache;	/* activations it created, for reuse */
  /* Instances it finished whose counts and references it has not
     handed on yet (task.c, er_tasks_flush; every wait does first).  */
  struct er_batch *batch;
  int batched;
} er_thread;

/* A record's lock: held for every change of its shape.  */
static inline void
er_record_lock (er_rec *r)
{
  pthread_mutex_lock (&r->lock);
}

static inline void
er_record_unlock (er_rec *r)
{
  pthread_mutex_unlock (&r->lock);
}

/* record.c: records, views and registration.  */
er_record *er_record_create (int wreg, int rreg, size_t esize);
void er_reshape (er_rec *r);
void er_wake (er_record *r);
void er_free_owned_views (er_thread *t);
void er_dump_records (FILE *f);

/* misuse.c: reports of misuse, and how they name a view.  */
void er_describe_view (FILE *f, er_vimpl *vi);

/* handover.c: hand-over and termination.  */
void er_view_freed (er_vimpl *vi, int flags);
void er_take_over (er_rec *r, er_vimpl *vi, er_vimpl *o, int id);

/* realloc.c: alloc and the reallocation hand-shake.  */
void er_resync (er_vimpl *vi);
void er_park (er_vimpl *vi);
void er_park_owned (er_thread *t);
void er_unpark_owned (er_thread *t);

/* viewstore.c: views' memory, at addresses never reused.  */
er_vimpl *er_view_alloc (void);
void er_view_name (er_vimpl *vi);
void er_view_retire (er_view *v);
void er_view_release (er_vimpl *vi);

/* observer.c: read views without an id.  */
int er_is_observer (er_vimpl *vi);
void er_observer_resync (er_vimpl *vi, er_window *w);
void er_observe (er_vimpl *vi, int64_t upto);
void er_observer_unregister (er_vimpl *vi);
void er_observer_register (er_vimpl *vi);
void er_observer_free (er_vimpl *vi);

/* mirror.c: mirrored windows.  */
er_window *er_window_new (uint64_t min_slots, uint32_t esize);
er_window *er_window_get (uint64_t min_slots, uint32_t esize, int larger);
void er_window_free (er_window *w);

/* wait.c: waiting.  A waiter polls TRY (which must not change shared
   state) until it returns nonzero.  */
struct er_waiter
{
  int (*try_fn) (struct er_waiter *);
  /* The record of a primitive's wait, for its tries and reports (the
     record side: stream.c, realloc.c, deadlock.c); waiting (wait.c)
     never reads it.  */
  er_rec *rec;
  /* What waiting needs, filled by whoever makes the waiter: the queue to
     sleep on (a record's for a primitive's wait; NULL: the global word);
     for the task runtime's waits (task.c), the try's context, and the
     wake thresholds (at most two) a sleeper lowers to WANT before its
     last look, as it does its laggard's (LAG_WAKE); the waker compares
     what it publishes with them.  The try sets ARM and WANT (so the
     deadlock detector's copy of such a waiter leaves WANT out).  */
  er_wakeq *wq;
  void *ctx;
  _Atomic int64_t *arm[2];
  /* Reports (deadlock.c) of waits that are not on a view: one line,
     without its end of line, on F; and, for a wait the runtime can end
     by giving it more memory (a task stream's full buffer), the attempt:
     nonzero when it made room.  Both run on a copy of the waiter's
     fixed fields (er_probe), the deadlock detector's lock held.  */
  void (*report_fn) (struct er_waiter *w, FILE *f);
  int (*grow_fn) (struct er_waiter *w);
  er_vimpl *view;		/* for reports, may be NULL */
  int op;			/* ER_OP_* or ER_WAIT_* below */
  int64_t idx;			/* requested index */
  int64_t seen;			/* what the last try saw (report) */
  /* Update and stall: the minimum the other side must reach (IDX for
     update, IDX - horizon for stall).  Their tries that fail set LAG, the
     view holding the minimum (the laggard), and LAG_GEN, the record
     generation of that finding.  The waiter polls only the laggard while
     it lags, keeps polling while the laggard moves, and sleeps with
     LAG's wake threshold set to WANT.  LAG_WAKE is that threshold
     (&LAG->v.wake, set with LAG by the try): all that waiting knows of
     the laggard, with LAG_PUB.  */
  int64_t want;
  er_vimpl *lag;
  _Atomic int64_t *lag_wake;
  int64_t lag_pub;		/* LAG's index when last read */
  uint32_t lag_gen;
  /* Batching (stream.c): the bound to hold out for while the other side
     moves, the minimum seen at the previous poll, and whether the wait is
     eager (it sleeps, or shares its core: then it takes what the request
     needs).  */
  int64_t hi;
  int64_t last;
  int eager;
  struct er_waiter *next, *prev;
  er_thread *thread;
};
#define ER_WAIT_EXIT 100	/* main thread waiting for processes */
#define ER_WAIT_REALLOC 101	/* alloc waiting for views to park */
#define ER_WAIT_PARKED 102	/* view parked during a reallocation */
#define ER_WAIT_TASK 103	/* a task instance, its site's process,
				   taskwait, exit (task.c: report_fn) */
void er_wait (struct er_waiter *w);
void er_arm_word (_Atomic int64_t *word, int64_t want);
void er_wakeq_wake (er_wakeq *q);
void er_wake_all_global (void);
const char *er_op_name (int op);

/* deadlock.c  */
void er_deadlock_enter (struct er_waiter *w);
void er_deadlock_leave (struct er_waiter *w);
void er_deadlock_check (void);
void er_live_add (int n);

/* placement.c  */
void er_placement_init (void);
int er_place_new_process (int requested_core);
void er_bind_self (er_thread *t, int core);
int er_place_wanted (er_thread *t);
void er_place_near (er_thread *t, const int *peers, int np);
void er_unplace (er_thread *t);
void er_balance_maybe (void);
int64_t er_wait_cpu_begin (er_thread *t);
void er_wait_cpu_end (er_thread *t, int64_t begin);
int er_core_shared (er_thread *t);
void er_bind_core (const char *name, int core);
int er_cpus_listed (void);

/* ------------------------------------------------------------------
   OpenMP stream tasks (erbium/task.h): streams with positions
   (ostream.c) and task sites, activations and their processes
   (task.c).  */

/* A short lock: held for a few stores (ostream.c, task.c).  */
typedef _Atomic int er_spin;

static inline void
er_spin_lock (er_spin *l)
{
  extern void er_spin_lock_slow (er_spin *l);
  if (__builtin_expect (atomic_exchange_explicit (l, 1,
						 memory_order_acquire), 0))
    er_spin_lock_slow (l);
}

static inline void
er_spin_unlock (er_spin *l)
{
  atomic_store_explicit (l, 0, memory_order_release);
}

/* One access's range in its stream's writer or reader queue, in
   creation order: the position the stream's frontier moves to once
   this range and every range before it are done (a writer's end, a
   reader's start plus its burst), and whether it is done.  */
typedef struct er_range
{
  int64_t next;
  _Atomic uint32_t done;
  /* A range of several instances (er_task_create_range) done in part
     while not at its side's head: how far past its start its instances
     done reach (elements; 0: none).  Under its side's lock.  */
  uint32_t part;
} er_range;

#define ER_CHUNK_RANGES 128

/* A piece of a range queue.  */
typedef struct er_chunk
{
  struct er_chunk *_Atomic next;
  er_range r[ER_CHUNK_RANGES];
} er_chunk;

/* The completion half of a stream's writer side or reader side: ranges
   are appended by the control programs (er_stream.wtail, rtail) and
   done by the processes in any order; the frontier is where the first
   range not done starts (the commit frontier for the writers, the
   release frontier for the readers).  */
typedef struct er_side
{
  _Alignas (ER_CACHE_LINE) _Atomic int64_t frontier;
  /* The lowest frontier a sleeper waits for (ER_INF: none).  */
  _Atomic int64_t wake;
  er_spin lock;			/* held to mark a range done and advance */
  er_chunk *head;		/* the first range not passed */
  unsigned head_i;
  int64_t ooo;			/* ranges done out of order, not passed */
  int64_t partial;		/* ranges with a PART, not passed */
  /* A used chunk for the control program to take back.  */
  er_chunk *_Atomic spare;
} er_side;

/* A stream (erbium/task.h).  Lines: the control programs' (positions),
   the buffer's (read by every process, written when it grows), each
   side's, and the references'.  */
struct er_stream
{
  /* Under LOCK (the creating control programs).  */
  er_spin lock;
  int64_t wcount, rcount;	/* write and read counters */
  /* Horizon of the last peek created since the last input or tick (0:
     none), and its site (for the tick's message).  */
  int64_t peek_h;
  const char *peek_where;
  er_chunk *wtail, *rtail;	/* chunk of the last range appended */
  unsigned wtail_n, rtail_n;	/* ranges in it */
  int64_t maxwin;		/* largest window created (elements) */

  /* Read by every instance; written when the buffer is mapped or grows
     (ostream.c).  BUF is NULL until the first window is computed; SLOTS
     is its size, or the size it will be mapped at (0: no access yet).  */
  _Alignas (ER_CACHE_LINE) er_window *_Atomic buf;
  _Atomic uint64_t slots;
  uint32_t esize;
  uint64_t serial;
  char *name;
  er_window *retired;		/* replaced buffers, freed with the stream */
  struct er_stream *pool_next;	/* destroyed, kept for reuse (ostream.c) */

  er_side w, r;			/* writers (commit), readers (release) */

  _Alignas (ER_CACHE_LINE) _Atomic int64_t refs;
  /* Its sleepers: instances waiting.  A line of its own: a process that
     sleeps or wakes writes it, and every creation adds to REFS.  */
  _Alignas (ER_CACHE_LINE) er_wakeq wq;
};

/* One access of an instance: its stream, kind (ER_ACCESS_*), positions
   [START, START + its window), burst and horizon (elements), its range
   and the buffer its window was computed in.  */
typedef struct er_acc
{
  er_stream *s;
  int kind;
  int64_t start, burst, horizon;
  er_range *range;
  er_window *win;
} er_acc;

/* ostream.c  */
er_stream *er_stream_create (size_t esize, const char *name);
void er_stream_create_array (er_stream **handles, int64_t n, size_t esize,
			     const char *name);
void er_ostream_reserve (er_acc *a, const char *where);
void er_ostream_done (er_acc *a);
void er_ostream_reserve_range (er_acc *a, int64_t n, const char *where);
void er_ostream_done_part (er_acc *a, int64_t range_start, int last,
			   int *at_head);
void er_ostream_output_fixup (er_acc *a);
void er_ostream_done_prefix (er_acc *a, int64_t range_start, int64_t done,
			     int64_t n, int *passed);
void er_stream_release_n (er_stream *s, int64_t n);
void *er_ostream_window (er_acc *a);
int er_ostream_grow_for (er_acc *a);
void er_ostream_describe (FILE *f, er_acc *a);
const char *er_stream_name (const er_stream *s);
void er_stream_check (const er_stream *s, const char *what,
		      const char *where);

/* Whether access A's window may be used: for an input or a peek, every
   position of it is committed; for an output, the positions its slots
   held last are released and committed (ostream.c says why both).
   Sets W's wake thresholds and WANT for a sleeper (W may be NULL).  */
static inline int
er_ostream_ready (er_acc *a, struct er_waiter *w)
{
  er_stream *s = a->s;
  int64_t cf = atomic_load_explicit (&s->w.frontier, memory_order_acquire);
  if (a->kind != ER_ACCESS_OUTPUT)
    {
      int64_t need = a->start + a->horizon;
      if (cf >= need)
	return 1;
      if (w)
	{
	  w->want = need;
	  w->arm[0] = &s->w.wake;
	  w->arm[1] = NULL;
	}
      return 0;
    }
  uint64_t slots = atomic_load_explicit (&s->slots, memory_order_acquire);
  int64_t need = a->start + a->burst - (int64_t) slots;
  int64_t rf = atomic_load_explicit (&s->r.frontier, memory_order_acquire);
  if (rf >= need && cf >= need)
    return 1;
  if (w)
    {
      w->want = need;
      w->arm[0] = &s->w.wake;
      w->arm[1] = &s->r.wake;
    }
  return 0;
}

/* What a process last saw of a stream (er_ostream_ready_seen): the
   stream's serial number and the highest position its windows of one
   kind may end at.  */
typedef struct er_seen
{
  uint64_t serial;
  int64_t bound;
} er_seen;

/* er_ostream_ready without the loads of the stream's frontiers when
   what SEEN[kind is output] holds of the stream already allows A (in a
   pipeline the writer is usually ahead: its frontier's line is read
   once per many instances).  SEEN's bounds only grow stale low.  */
static inline int
er_ostream_ready_seen (er_acc *a, er_seen *seen)
{
  er_stream *s = a->s;
  int out = a->kind == ER_ACCESS_OUTPUT;
  int64_t end = a->start + (out ? a->burst : a->horizon);
  er_seen *c = &seen[out];
  if (c->serial == s->serial && c->bound >= end)
    return 1;
  int64_t bound = atomic_load_explicit (&s->w.frontier,
					memory_order_acquire);
  if (out)
    {
      uint64_t slots = atomic_load_explicit (&s->slots,
					     memory_order_acquire);
      int64_t rf = atomic_load_explicit (&s->r.frontier,
					 memory_order_acquire);
      bound = (rf < bound ? rf : bound) + (int64_t) slots;
    }
  c->serial = s->serial;
  c->bound = bound;
  return bound >= end;
}

/* task.c  */
void er_task_create_1 (er_site *site, const void *args, size_t args_size,
		       const struct er_task_access *acc, int nacc, int flags);
void er_task_create_range_1 (er_site *site, const void *args,
			     size_t args_size,
			     const struct er_task_access *acc, int nacc,
			     int flags, int64_t n,
			     const struct er_task_step *steps, int nsteps);
void er_taskwait_1 (void);
void er_tasks_flush (er_thread *t);
void er_tasks_thread_end (er_thread *t);
void er_tasks_quiesce (void);
void er_tasks_stopped (void);

/* A pause in a polling loop: lets the core's other hardware thread run
   and keeps the loop from flooding the memory system.  */
static inline void
er_cpu_relax (void)
{
#if defined (__x86_64__) || defined (__i386__)
  __builtin_ia32_pause ();
#elif defined (__aarch64__)
  __asm__ __volatile__ ("yield");
#endif
}

/* fiber.c: processes as fibers of per-core workers (er_use_fibers).  */
int er_fibers_enabled (void);
void er_fibers_default (int on);
int er_fibers_crowded (void);
void er_fiber_start (er_thread *t, void (*fn) (void *), void *arg);
void er_fiber_sleep_begin (er_thread *t, er_wakeq *q);
int er_fiber_sleep (er_thread *t, long ns);
void er_fiber_sleep_end (er_thread *t);
void er_fibers_wake (void);
void er_fibers_wake_all (void);
int er_fiber_core_shared (er_thread *t);
void er_fibers_stats (void);

/* process.c  */
int er_process_start (int core, void (*fn) (void *), const void *args,
		      size_t size);
void er_processes_wait (void);
void er_processes_join (void);

/* init.c: the runtime's one initialisation (er_hooks' installer).  */
void er_init (void);

/* env.c: the ERBIUM_* environment variables, read alike (an invalid
   value warns once and keeps the default).  */
char *er_env_string (const char *name);
void er_env_invalid (const char *name, const char *expected,
		     const char *dflt);
int er_env_flag (const char *name, int dflt);
long er_env_long (const char *name, long lo, long hi, const char *word,
		  long dflt);
size_t er_env_bytes (const char *name, size_t dflt, const char *dflt_text);

/* os.c: the operating system layer (threads' state, futexes, clocks,
   allocation, fatal errors).  */
er_thread *er_self (void);
er_thread *er_self_if_any (void);
void er_set_self (er_thread *t);
extern int er_checking_flag;
int er_futex_wait (_Atomic uint32_t *addr, uint32_t val, long ns);
void er_futex_wake (_Atomic uint32_t *addr);
void er_fatal (const char *fmt, ...)
  __attribute__ ((noreturn, format (printf, 1, 2)));
void *er_zalloc_line (size_t size, const char *what);
int64_t er_clock_ns (clockid_t clock);
int64_t er_now_ns (void);
const char *er_limit_hint (int err, size_t asked, char *buf, size_t size);

/* stats.c: ERBIUM_STATS, what each process did while it waited.  */
extern int er_stats_on;
void er_stats_init (void);
int64_t er_stats_wait_begin (er_thread *t);
void er_stats_wait_end (er_thread *t, int64_t begin);
void er_stats_add (const char *kind, const char *name, const char *site,
		   int order, const er_stats *s);
void er_stats_end (er_thread *t);
void er_stats_wake (void);
int64_t er_stats_inv_cs (pid_t tid);
void er_stats_print (FILE *f);
/* The mirrored buffers' counts (mirror.c counts, stats.c prints them):
   buffers made, buffers reused (and of those, larger than asked), given
   back to the system (unmapped, or their pages dropped), and the most
   bytes (one copy each) kept for reuse, under the bound last seen.  */
typedef struct er_stats_mem
{
  _Atomic int64_t made, reused, larger, released, kept_peak, bound;
} er_stats_mem;
extern er_stats_mem er_stats_buffers;

/* What a lower layer calls in an upper one, so that no file calls a file
   above it (the layers: scripts/runtime-layers).  er_init (init.c)
   installs every hook, once, before the first record, stream, task or
   process exists; nothing calls a hook before.  */
struct er_hooks
{
  /* os.c: a foreign thread's first use of the runtime (it counts as
     live: deadlock.c), and its exit (thread_exit: its end, then it
     stops counting).  process.c: a process's end (thread_end: its views
     are freed with ER_TERMINATE, its task state handed on).  */
  void (*thread_start) (er_thread *t);
  void (*thread_exit) (er_thread *t);
  void (*thread_end) (er_thread *t);
  /* wait.c, er_wait: before a wait by T holding finished task instances
     back (task.c er_tasks_flush); whether T's core is shared (fiber.c,
     placement.c); once spinning is over, a look at the load balance and
     the CPU time the wait burns (placement.c).  */
  void (*wait_begin) (er_thread *t);
  int (*core_shared) (er_thread *t);
  void (*balance) (void);
  int64_t (*cpu_begin) (er_thread *t);
  void (*cpu_end) (er_thread *t, int64_t begin);
  /* wait.c, while asleep: listed for deadlock detection, which looks at
     every timeout (deadlock.c); a fiber's sleep in its worker and the
     wakes of sleeping fibers (fiber.c); the parking of T's views during
     a reallocation of their records (record.c).  */
  void (*blocked) (struct er_waiter *w);
  void (*unblocked) (struct er_waiter *w);
  void (*deadlock_check) (void);
  void (*sleep_begin) (er_thread *t, er_wakeq *q);
  int (*sleep) (er_thread *t, long ns);
  void (*sleep_end) (er_thread *t);
  void (*wake_fibers) (void);
  void (*wake_all_fibers) (void);
  void (*park) (er_thread *t);
  void (*unpark) (er_thread *t);
  /* deadlock.c's report: a view (misuse.c) and every record (record.c).  */
  void (*describe_view) (FILE *f, er_vimpl *vi);
  void (*dump_records) (FILE *f);
};
extern struct er_hooks er_hooks;

#endif /* ERBIUM_INTERNAL_H */
