/* SPDX-License-Identifier: MIT */
/* Erbium runtime: processes (paper section 3, "Creation", "Termination").

   run p(args) becomes er_run: a persistent process running FN on a
   private copy of its arguments: a thread of its own, bound to a core by
   placement.c, or, when the program asked for fibers (er_use_fibers), a
   fiber that the per-core workers of fiber.c run.  When FN returns, the
   process's remaining views are freed with ER_TERMINATE ("an explicit or
   implicit return terminates a process").  er_wait_all (init.c), called
   at exit by the main thread, waits for every task instance and stops the
   task sites' processes (task.c), then waits for every process here and
   joins its thread.  */

#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include "internal.h"

struct er_start
{
  void (*fn) (void *);
  er_thread *t;
  size_t size;
  _Alignas (16) char args[];
};

static pthread_mutex_t er_procs_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_t *er_tids;
static size_t er_ntids, er_captids;
static _Atomic int er_running;
static _Atomic int er_nprocs_started;

/* The process's life, in its thread or its fiber: run FN, terminate its
   streams, give its core back, stop counting.  P: its struct er_start.
   A fiber's worker frees the er_thread when the fiber returns.  */
static void
er_process_run (void *p)
{
  struct er_start *st = p;
  er_thread *t = st->t;
  /* A fiber is not placed: its worker is bound (fiber.c).  */
  if (!t->fiber)
    er_bind_self (t, t->core);
  st->fn (st->args);
  /* Its views and tasks (init.c er_thread_end).  */
  er_hooks.thread_end (t);
  er_unplace (t);
  /* Its figures (ERBIUM_STATS), before the count below lets the main
     thread print them.  */
  er_stats_end (t);
  free (st);
  /* Seq_cst, pairs with er_no_process_running's load: the process's
     work (its streams terminated just above) comes before.  */
  atomic_fetch_sub (&er_running, 1);
  er_live_add (-1);
}

static void *
er_process_main (void *p)
{
  struct er_start *st = p;
  er_thread *t = st->t;
  er_set_self (t);
  er_process_run (st);
  er_set_self (NULL);
  free (t);
  return NULL;
}

/* run p(args) on core CORE (< 0: automatic placement; erbium/process.h
   gives the arguments and errors); er_run_on (init.c) initialises the
   runtime first.  */
int
er_process_start (int core, void (*fn) (void *), const void *args,
		  size_t size)
{
  struct er_start *st = malloc (sizeof *st + size);
  er_thread *t = er_zalloc_line (sizeof *t, "a process's state");
  if (!st)
    er_fatal ("out of memory starting a process");
  st->fn = fn;
  st->t = t;
  st->size = size;
  if (size)
    memcpy (st->args, args, size);
  /* A counter for names only: nothing pairs with it.  */
  int n = atomic_fetch_add (&er_nprocs_started, 1) + 1;
  snprintf (t->name, sizeof t->name, "process %d", n);
  t->serial = n;
  t->is_process = 1;
  t->counted = 1;
  /* Automatically placed processes are fibers when the program asked for
     them (fiber.c): they run on whichever core is free, so they are not
     placed.  */
  int fiber = core < 0 && er_fibers_enabled ();
  t->core = fiber ? -1 : er_place_new_process (core);
  t->auto_placed = core < 0;

  /* Count the process before it exists, so that nobody sees a moment
     where it is neither live nor done.  */
  /* Seq_cst, before the process can run: pairs with its decrement.  */
  atomic_fetch_add (&er_running, 1);
  er_live_add (1);
  if (fiber)
    {
      er_fiber_start (t, er_process_run, st);
      return 0;
    }
  pthread_mutex_lock (&er_procs_lock);
  if (er_ntids == er_captids)
    {
      er_captids = er_captids ? 2 * er_captids : 16;
      er_tids = realloc (er_tids, er_captids * sizeof *er_tids);
      if (!er_tids)
	er_fatal ("out of memory recording a process");
    }
  int rc = pthread_create (&er_tids[er_ntids], NULL, er_process_main, st);
  if (rc != 0)
    {
      char hint[320];
      pthread_mutex_unlock (&er_procs_lock);
      er_fatal ("cannot start %s: pthread_create failed: %s", t->name,
		er_limit_hint (rc, 0, hint, sizeof hint));
    }
  er_ntids++;
  pthread_mutex_unlock (&er_procs_lock);
  return 0;
}

static int
er_no_process_running (struct er_waiter *w)
{
  (void) w;
  /* Pairs with the processes' decrements (er_process_run).  */
  return atomic_load (&er_running) == 0;
}

/* Wait until every process has returned (er_wait_all, init.c, stops
   the task sites' processes around it).  */
void
er_processes_wait (void)
{
  struct er_waiter w = { .try_fn = er_no_process_running,
    .op = ER_WAIT_EXIT };
  er_wait (&w);
}

/* Every process has returned: reap the threads.  */
void
er_processes_join (void)
{
  pthread_mutex_lock (&er_procs_lock);
  pthread_t *tids = er_tids;
  size_t n = er_ntids;
  er_tids = NULL;
  er_ntids = er_captids = 0;
  pthread_mutex_unlock (&er_procs_lock);
  for (size_t k = 0; k < n; k++)
    pthread_join (tids[k], NULL);
  free (tids);
}
