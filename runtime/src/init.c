/* SPDX-License-Identifier: MIT */
/* Erbium runtime: start and end, over every other file.

   er_init is the runtime's one initialisation: it installs the hooks
   through which the lower layers reach the upper ones (er_hooks: what a
   thread's end does to its views and tasks, what waiting asks of
   placement, fibers, deadlock detection and reallocation, how a deadlock
   report describes views and records), discovers the machine
   (placement.c), counts the main thread as live and arranges the wait
   for every process at exit.  It runs once, from the entry points that
   may be a program's first call into the runtime, which are here for
   that reason: creating a record, a process, a task stream or a task,
   and taskwait.  Everything else needs one of those first.

   Each thread that touches the runtime gets an er_thread (os.c): the
   views it owns (freed with ER_TERMINATE when it ends, which is how an
   implicit return terminates a process's streams) and whether it counts
   as a live thread for deadlock detection.  */

#define _GNU_SOURCE
#include <stdlib.h>
#include "internal.h"

static pthread_once_t er_once = PTHREAD_ONCE_INIT;
/* Set once er_init_once has run: the entry points' test, read at every
   task creation.  A line of its own: next to a program's variables it
   missed in the cache whenever another core wrote them (a task
   benchmark's sum cost 4 % of its time there).  */
static struct
{
  _Alignas (ER_CACHE_LINE) _Atomic int v;
} er_ready;

/* A thread's or process's end, in the objects it used: its remaining
   views are freed with ER_TERMINATE (paper section 3, "Termination"),
   and what it holds of the task runtime is handed on.  */
static void
er_thread_end (er_thread *t)
{
  er_free_owned_views (t);
  er_tasks_thread_end (t);
}

/* A foreign thread (neither the main thread nor a process) starts
   counting as live at its first use of the runtime (os.c er_self)...  */
static void
er_thread_start (er_thread *t)
{
  (void) t;
  er_live_add (1);
}

/* ...and its end is its process's end.  */
static void
er_thread_exit (er_thread *t)
{
  er_thread_end (t);
  er_stats_end (t);
  if (t->counted)
    er_live_add (-1);
}

/* What a waiter (wait.c) does before it waits: a process hands on what
   it holds back of its finished task instances first (task.c), since
   whoever waits may be waited for.  */
static void
er_wait_begin (er_thread *t)
{
  if (t->batched)
    er_tasks_flush (t);
}

static void er_at_exit (void);

static void
er_init_once (void)
{
  er_hooks.thread_start = er_thread_start;
  er_hooks.thread_end = er_thread_end;
  er_hooks.thread_exit = er_thread_exit;
  er_hooks.wait_begin = er_wait_begin;
  er_hooks.core_shared = er_fiber_core_shared;
  er_hooks.balance = er_balance_maybe;
  er_hooks.cpu_begin = er_wait_cpu_begin;
  er_hooks.cpu_end = er_wait_cpu_end;
  er_hooks.blocked = er_deadlock_enter;
  er_hooks.unblocked = er_deadlock_leave;
  er_hooks.deadlock_check = er_deadlock_check;
  er_hooks.sleep_begin = er_fiber_sleep_begin;
  er_hooks.sleep = er_fiber_sleep;
  er_hooks.sleep_end = er_fiber_sleep_end;
  er_hooks.wake_fibers = er_fibers_wake;
  er_hooks.wake_all_fibers = er_fibers_wake_all;
  er_hooks.park = er_park_owned;
  er_hooks.unpark = er_unpark_owned;
  er_hooks.describe_view = er_describe_view;
  er_hooks.dump_records = er_dump_records;
  er_stats_init ();
  er_placement_init ();
  /* The main thread is live from the start; it stops counting as
     runnable only while it waits in er_wait_all.  */
  er_live_add (1);
  atexit (er_at_exit);
  atomic_store_explicit (&er_ready.v, 1, memory_order_release);
}

/* Initialise the runtime once (head of this file); every entry point
   below calls it.  */
void
er_init (void)
{
  /* Acquire: pairs with the release at the end of er_init_once, so that
     a thread that sees it set sees the hooks.  */
  if (__builtin_expect (!atomic_load_explicit (&er_ready.v,
					       memory_order_acquire), 0))
    pthread_once (&er_once, er_init_once);
}

/* At exit, the main thread terminates its own streams and waits for every
   process (paper section 3: the program ends when its processes do).  */
static void
er_at_exit (void)
{
  er_thread *t = er_self_if_any ();
  if (t && t->is_process)
    return;
  if (t)
    er_free_owned_views (t);
  er_wait_all ();
  /* ERBIUM_STATS: every process has ended; the main thread's line, the
     workers', then the report (stats.c).  */
  if (er_stats_on)
    {
      er_stats_end (er_self ());
      er_fibers_stats ();
      /* What the program printed comes first.  */
      fflush (stdout);
      er_stats_print (stderr);
    }
}

/* ---- the entry points ------------------------------------------------ */

/* The program's layout id LAYOUT is not the library's (erbium/layout.h,
   ER_LAYOUT_ID): stop before any of its code reads a record or a view
   through the wrong offsets.  */
static void __attribute__ ((noreturn, cold))
er_layout_mismatch (uint32_t layout)
{
  er_fatal ("new_record: the program was compiled for the record and view "
	    "layout 0x%08x, but liberbium %s was built for layout 0x%08x "
	    "(rule: a program is compiled with the headers of the liberbium "
	    "it runs with, and the same ER_CACHE_LINE; recompile it against "
	    "this library's headers, or run it with the library its headers "
	    "came with)", (unsigned) layout, ERBIUM_VERSION_STRING,
	    (unsigned) ER_LAYOUT_ID);
}

/* er_new_record (erbium/record.h) checks the caller's layout id here, out
   of line: once per record, never on the primitives' path.  */
er_record *
er_new_record_layout (int wreg, int rreg, size_t esize, uint32_t layout)
{
  if (__builtin_expect (layout != ER_LAYOUT_ID, 0))
    er_layout_mismatch (layout);
  er_init ();
  return er_record_create (wreg, rreg, esize);
}

/* The library's version (erbium/version.h).  */
const char *
er_version (void)
{
  return ERBIUM_VERSION_STRING;
}

int
er_run_on (int core, void (*fn) (void *), const void *args, size_t size)
{
  er_init ();
  return er_process_start (core, fn, args, size);
}

int
er_run (void (*fn) (void *), const void *args, size_t size)
{
  return er_run_on (-1, fn, args, size);
}

/* Wait for every process (erbium/process.h).  The task sites' processes
   (task.c) run until no instance is left: they are stopped around the
   wait, and every thread joined after it.  */
void
er_wait_all (void)
{
  er_thread *t = er_self ();
  if (t->is_process)
    return;
  er_tasks_quiesce ();
  er_processes_wait ();
  er_tasks_stopped ();
  er_processes_join ();
}

er_stream *
er_stream_new (size_t esize, const char *name)
{
  er_init ();
  return er_stream_create (esize, name);
}

void
er_stream_new_array (er_stream **handles, int64_t n, size_t esize,
		     const char *name)
{
  er_init ();
  er_stream_create_array (handles, n, esize, name);
}

void
er_task_create (er_site *site, const void *args, size_t args_size,
		const struct er_task_access *acc, int nacc, int flags)
{
  er_init ();
  er_task_create_1 (site, args, args_size, acc, nacc, flags);
}

void
er_task_create_range (er_site *site, const void *args, size_t args_size,
		      const struct er_task_access *acc, int nacc, int flags,
		      int64_t n, const struct er_task_step *steps, int nsteps)
{
  er_init ();
  er_task_create_range_1 (site, args, args_size, acc, nacc, flags, n, steps,
			  nsteps);
}

void
er_taskwait (void)
{
  er_init ();
  er_taskwait_1 ();
}
