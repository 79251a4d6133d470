/* SPDX-License-Identifier: MIT */
/* Erbium runtime: global deadlock detection.

   Kahn networks with bounded buffers can deadlock (paper section 3,
   "Resource management").  The runtime knows every live thread that uses
   it (the main thread, processes, foreign threads that touched a view) and
   every thread that sleeps in a primitive.  When all of them sleep, each
   sleeper's wait condition is re-evaluated; if none can proceed and nothing
   moved for ER_DEADLOCK_CONFIRM_NS, every blocked view and every record is
   reported on stderr and the program exits with ER_EXIT_DEADLOCK instead
   of hanging.  Sleepers wake at least every few milliseconds, so the check
   runs well within a second of the deadlock.

   The check evaluates other threads' wait conditions, but never on their
   waiters themselves: a waiter's try records what it saw (its laggard,
   the minimum, batching state) in the waiter, which its owner keeps
   writing, without a lock, while it polls between two sleeps.  The check
   runs the try on a copy of the fields that stay fixed during the wait
   (er_probe), which the owner wrote before it listed the waiter under
   er_dl_lock.  */

#define _GNU_SOURCE
#include <stdlib.h>
#include <unistd.h>
#include "internal.h"

#define ER_DEADLOCK_CONFIRM_NS 250000000L

static pthread_mutex_t er_dl_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic int er_live;
static _Atomic int er_blocked;
static _Atomic uint64_t er_progress;
static struct er_waiter *er_waiters;
/* First time all threads were seen blocked with no progress, and the
   progress count then.  */
static int64_t er_suspect_since;
static uint64_t er_suspect_progress;

/* N threads start (N > 0) or stop (N < 0) counting as live.  */
void
er_live_add (int n)
{
  /* Seq_cst, pairs with er_deadlock_check's loads of the counts.  */
  atomic_fetch_add (&er_live, n);
  if (n < 0)
    /* One fewer runnable thread: sleepers should re-check.  */
    er_wake_all_global ();
}

void
er_deadlock_enter (struct er_waiter *w)
{
  pthread_mutex_lock (&er_dl_lock);
  w->prev = NULL;
  w->next = er_waiters;
  if (er_waiters)
    er_waiters->prev = w;
  er_waiters = w;
  pthread_mutex_unlock (&er_dl_lock);
  /* After the waiter is listed: a check that counts it finds it
     (er_deadlock_check's loads, then er_dl_lock).  */
  atomic_fetch_add (&er_blocked, 1);
}

void
er_deadlock_leave (struct er_waiter *w)
{
  /* Pair with er_deadlock_check's loads: one fewer blocked thread, and
     a change of PROGRESS that restarts its confirmation delay.  */
  atomic_fetch_sub (&er_blocked, 1);
  atomic_fetch_add (&er_progress, 1);
  pthread_mutex_lock (&er_dl_lock);
  if (w->prev)
    w->prev->next = w->next;
  else
    er_waiters = w->next;
  if (w->next)
    w->next->prev = w->prev;
  pthread_mutex_unlock (&er_dl_lock);
}

/* A copy of W's fields that stay fixed during the wait (head of this
   file), eager, with no laggard known.  A task runtime's wait (one with
   a REPORT_FN) computes WANT in its try: not copied.  */
static struct er_waiter
er_copy (const struct er_waiter *w)
{
  struct er_waiter c = { .try_fn = w->try_fn, .rec = w->rec,
    .view = w->view, .op = w->op, .idx = w->idx,
    .want = w->report_fn ? 0 : w->want, .hi = w->hi, .last = INT64_MIN,
    .eager = 1, .thread = w->thread, .wq = w->wq, .ctx = w->ctx,
    .report_fn = w->report_fn, .grow_fn = w->grow_fn };
  return c;
}

/* Whether the thread waiting with W may proceed now, evaluated on a copy
   of W's fixed fields (er_copy): what it waits for, with no laggard known
   (the try looks at every peer) and eager (any progress up to W->want is
   enough).  *C: the copy, with what the try saw (C->seen, for reports).
   Caller holds er_dl_lock, under which W was listed.  */
static int
er_probe (const struct er_waiter *w, struct er_waiter *c)
{
  *c = er_copy (w);
  return c->try_fn (c);
}

/* Report the deadlock and exit.  Caller holds er_dl_lock.  */
static void __attribute__ ((noreturn))
er_deadlock_report (void)
{
  fflush (stdout);
  fprintf (stderr, "erbium: deadlock: all %d live threads are blocked and "
	   "none can proceed\n", atomic_load (&er_live));
  for (struct er_waiter *w = er_waiters; w; w = w->next)
    {
      struct er_waiter c;
      er_probe (w, &c);
      int64_t seen = c.seen;
      if (w->report_fn)
	{
	  /* A wait of the task runtime names its task, site, stream and
	     positions itself (task.c).  */
	  fprintf (stderr, "  %s ", w->thread ? w->thread->name : "?");
	  c.report_fn (&c, stderr);
	  fputc ('\n', stderr);
	  continue;
	}
      fprintf (stderr, "  %s blocked in %s", w->thread ? w->thread->name
	       : "?", er_op_name (w->op));
      if (w->view && (w->op == ER_OP_UPDATE || w->op == ER_OP_STALL))
	{
	  er_view *v = &w->view->v;
	  fputs (" on ", stderr);
	  er_hooks.describe_view (stderr, w->view);
	  fprintf (stderr, ": index %lld", (long long) w->idx);
	  if (w->op == ER_OP_UPDATE)
	    fprintf (stderr, ", update %lld, release %lld, horizon %lld; "
		     "minimum commit index of the write views is ",
		     (long long) v->gate, (long long) v->own,
		     (long long) v->horizon);
	  else
	    fprintf (stderr, ", commit %lld, stall %lld, horizon %lld; "
		     "needs every registered reader's release index >= "
		     "%lld, minimum is ", (long long) v->own,
		     (long long) v->gate, (long long) v->horizon,
		     (long long) (w->idx - v->horizon));
	  if (seen < 0)
	    fputs ("not available (views with ids up to wreg/rreg have not "
		   "all registered)", stderr);
	  else if (seen == ER_INF)
	    fputs ("unbounded", stderr);
	  else
	    fprintf (stderr, "%lld", (long long) seen);
	}
      else if (w->view)
	{
	  fputs (" on ", stderr);
	  er_hooks.describe_view (stderr, w->view);
	}
      fputc ('\n', stderr);
    }
  fprintf (stderr, "erbium: records at the time of the deadlock:\n");
  er_hooks.dump_records (stderr);
  fflush (stderr);
  _exit (ER_EXIT_DEADLOCK);
}

/* Every thread is blocked and none can proceed: let the waits that more
   memory ends (a task stream's full buffer) have it.  Whether any did.
   Caller holds er_dl_lock.  No thread runs a task body then but those
   blocked inside one, which hold no window of a buffer being replaced
   that the runtime does not handle (task.c, ostream.c).  */
static int
er_grow_stuck (void)
{
  int grew = 0;
  for (struct er_waiter *w = er_waiters; w; w = w->next)
    if (w->grow_fn)
      {
	struct er_waiter c = er_copy (w);
	grew |= c.grow_fn (&c);
      }
  return grew;
}

void
er_deadlock_check (void)
{
  /* An unlocked look first (pairs with er_live_add and the waiters'
     counts); confirmed under er_dl_lock below.  */
  if (atomic_load (&er_blocked) < atomic_load (&er_live))
    return;
  pthread_mutex_lock (&er_dl_lock);
  int stuck = atomic_load (&er_blocked) >= atomic_load (&er_live);
  struct er_waiter c;
  for (struct er_waiter *w = er_waiters; stuck && w; w = w->next)
    if (er_probe (w, &c))
      stuck = 0;
  /* Kahn networks with bounded buffers deadlock where unbounded ones
     would not (paper section 3, "Resource management"): grow before
     concluding.  */
  if (stuck && er_grow_stuck ())
    {
      stuck = 0;
      atomic_fetch_add (&er_progress, 1);
    }
  uint64_t progress = atomic_load (&er_progress);
  if (!stuck)
    er_suspect_since = 0;
  else if (!er_suspect_since || progress != er_suspect_progress)
    {
      er_suspect_since = er_now_ns ();
      er_suspect_progress = progress;
    }
  else if (er_now_ns () - er_suspect_since >= ER_DEADLOCK_CONFIRM_NS)
    er_deadlock_report ();
  pthread_mutex_unlock (&er_dl_lock);
}
