/* SPDX-License-Identifier: MIT */
/* Erbium runtime: blocking (spin, yield, sleep) and wake-up.

   Waiting is generic: a waiter polls its try function, and sleeps on a
   wake queue (er_wakeq) or the global word.  What it needs of the layers
   above (a fiber's sleep in its worker, deadlock detection, placement's
   view of shared cores and waiting CPU time, the parking of views during
   a reallocation, the task runtime's hand-on before a wait) it reaches
   through er_hooks, installed by er_init (init.c).  It knows nothing of
   records: a waiter carries its wake queue (er_waiter.wq, a record's
   for a primitive's wait) and the wake threshold of what it waits on
   (er_waiter.lag_wake, a view's), which the record side fills (stream.c,
   realloc.c); a record's wake (er_wake, record.c) is a wake of its
   queue.

   A process that is a fiber (fiber.c) sleeps the same way, only in user
   space, and at once, without spinning or yielding first, when there are
   more fibers than workers (otherwise it yields first, as a thread does
   after its spin): its worker skips it until a wake of its queue bumps
   the queue's sequence.

   A waiter on a core of its own first spins briefly (the other side is
   usually one burst away on another core); a waiter whose core runs other
   processes of the program skips that and yields at once, since spinning
   would only delay the thread it waits for, or one with work to do.  Then
   it yields for a short while (more processes than cores: give the core
   to whoever will unblock us), and then sleeps on its queue's futex word
   with a timeout that grows to a few milliseconds.  A thread's yielding
   lasts ER_YIELD_PHASE_NS at most, however many yields that is: on a
   core that another program's thread keeps busy, each yield moves the
   yielder's turn back (Linux's EEVDF scheduler pushes its deadline one
   slice further) until that thread gets the core for a whole tick, and
   a wait that polls by yielding has no wake-up to take the core back
   with; a sleeper is woken by the commit or release it waits for and,
   with the short time slice the runtime's threads ask for
   (placement.c), takes the core at once (docs/performance.md, "Under
   load").  A process alone on its core, though, that has lately been
   preempted there (another program's thread shares the core) polls for
   ER_SPIN_CONTENDED_NS before it yields: asleep, it would leave the core
   to that thread, and, having had its share of the core, get it back
   only at the end of that thread's tick, however soon it is woken.

   Wake-ups are targeted.  A waiter for update or stall knows which view
   holds the minimum it waits on (the laggard) and which index that view
   must publish; while it polls it reads only that view's index, and
   before sleeping it lowers the view's wake threshold (er_view.wake,
   which the try hands it as er_waiter.lag_wake) to that index.  Commit and release compare their new index with their own
   view's threshold, on the line they just wrote, and call er_wake_view
   only when they reach it: no syscall and no shared write per commit
   while somebody sleeps for a later index or on another view.  Since the
   hot path does not fence, the owner may read the threshold before its
   new index is visible to the sleeper arming it; the owner's next
   publication, or the first (short) sleep timeout, covers that window.
   While it sleeps, a thread counts as blocked for deadlock detection and
   its views count as parked for any reallocation.  */

#define _GNU_SOURCE
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "internal.h"

#define ER_SPINS 20		/* polls with a growing pause in between */
#define ER_BACKOFF_MAX 64	/* pauses between two polls, at most */
#define ER_YIELDS 16		/* polls with sched_yield in between */
#ifndef ER_YIELDS_SHARED	/* -D to experiment (docs/performance.md) */
#define ER_YIELDS_SHARED 64	/* the same on a core shared with others
				   (threads; fibers do not yield) */
#endif
/* How long a thread polls by yielding, at most (head of this file): a
   few polls, enough for a process of the program that shares the core
   to publish a burst it is finishing.  Measured on the FM receiver with
   threads (docs/performance.md, "Under load"): from 5 to 50 us the
   same on a quiet machine, and beside a busy program 5 to 20 us were
   best; 100 us and more let that program's ticks back in.  */
#define ER_YIELD_PHASE_NS 10000L
/* How long a process alone on a core that another program shares polls
   before it yields (head of this file), and for how long after an
   involuntary context switch its core counts as shared so.  Measured on
   exploration 4p1c (docs/performance.md, "Under load"): beside one busy
   loop 150 to 600 us of polling did as well as each other, and better
   than 20 polls (2.3 ns per index) by 1.7 to 2.7 times.  */
#define ER_SPIN_CONTENDED_NS 300000L
#define ER_CONTENDED_NS 100000000L
#define ER_MOVING_MAX 4096	/* polls that may see the laggard move */
#define ER_SLEEP_MIN_NS 20000L	/* first futex timeout */
/* A fiber's first timeout: its worker's scan sees its record's wake
   (fiber.c), so the timeout only covers a missed one (head of this
   file); at 20 us, 10 to 20 % of the FM receiver's fiber sleeps ended
   in a timeout and a vain look, at 1 ms almost none.  */
#define ER_FIBER_SLEEP_MIN_NS 1000000L
#define ER_SLEEP_MAX_NS 4000000L	/* timeout cap: bounds a missed wake */
/* The same for a patient waiter (er_patient: the main thread waiting for
   the processes, which every process's exit wakes): each of its timeouts
   takes a core from a process (the FM receiver's main thread preempted a
   worker some 60 times per run with the 4 ms cap).  */
#define ER_PATIENT_SLEEP_MAX_NS 100000000L

/* Whether nobody waits for W (the main thread's exit wait): it neither
   spins nor yields, and sleeps longer between looks, since each look
   takes a core from a process.  */
static inline int
er_patient (const struct er_waiter *w)
{
  return w->op == ER_WAIT_EXIT;
}

/* Global futex word for waits not tied to a record (exit).  */
static _Atomic uint32_t er_global_seq;

/* Wake every thread and fiber sleeping on Q.  The increment (a locked
   instruction) orders the waker's publication before its reads of the
   sleeper counts; sleepers count themselves before they read SEQ
   (er_wait_long) and fibers mark Q before their last look
   (er_fiber_sleep_begin), so one side sees the other.  */
void
er_wakeq_wake (er_wakeq *q)
{
  /* Seq_cst, pairs with a sleeper's increment of NSLEEPERS and its
     acquire load of SEQ (er_wait_long), or with a fiber's mark
     (fiber.c, er_fiber_sleep_begin): the futex or the worker's scan
     then sees the new SEQ.  */
  atomic_fetch_add (&q->seq, 1);
  if (er_stats_on)
    er_stats_wake ();
  /* Seq_cst, pairs with the sleepers' increments (same reason).  */
  if (atomic_load (&q->nsleepers))
    er_futex_wake (&q->seq);
  if (atomic_load (&q->fiber_sleepers))
    er_hooks.wake_fibers ();
}

/* Lower the wake threshold WORD to WANT (compare-and-swap: several
   sleepers may arm the same word; the locked instruction also orders the
   store before the sleeper's last look).  */
void
er_arm_word (_Atomic int64_t *word, int64_t want)
{
  /* Relaxed: a first guess for the compare-and-swap, which orders the
     store before the sleeper's last look and pairs with the owner's
     relaxed load of WAKE after its publication (erbium/sync.h,
     er_publish) or the stream's frontier (ostream.c).  */
  int64_t cur = atomic_load_explicit (word, memory_order_relaxed);
  while (want < cur
	 && !atomic_compare_exchange_weak_explicit (word, &cur, want,
						    memory_order_seq_cst,
						    memory_order_relaxed))
    ;
}

/* Wake every thread sleeping on the global word (exit waiters, and every
   record's sleepers are woken by their own records).  */
void
er_wake_all_global (void)
{
  /* Release, pairs with the acquire load of a sleeper on the global
     word (er_wait_long): what the waker did before is visible to it.  */
  atomic_fetch_add_explicit (&er_global_seq, 1, memory_order_release);
  er_futex_wake (&er_global_seq);
  er_hooks.wake_all_fibers ();
}

/* What a waiter last saw of its laggard (er_waiter.lag_wake names it),
   and how many polls it made.  */
struct er_progress
{
  const _Atomic int64_t *lag;
  int64_t pub;
  int polls;
};

/* Whether W's laggard moved (or another view became the laggard) since
   the previous poll; never after ER_MOVING_MAX polls.  */
static int
er_moved (struct er_waiter *w, struct er_progress *p)
{
  if (p->polls++ >= ER_MOVING_MAX || !w->lag_wake
      || (w->lag_wake == p->lag && w->lag_pub == p->pub))
    return 0;
  p->lag = w->lag_wake;
  p->pub = w->lag_pub;
  return 1;
}

/* Whether another program's thread has lately taken the core of T, a
   thread bound alone to its core (head of this file): an involuntary
   context switch since T's previous look, ER_CONTENDED_NS ago at most.
   Only such a thread (its core runs no other process of the program,
   its yields are its own): getrusage (RUSAGE_THREAD) counts them.  */
static int
er_core_contended (er_thread *t)
{
  struct rusage ru;
  if (getrusage (RUSAGE_THREAD, &ru) != 0)
    return 0;
  int64_t now = er_now_ns ();
  if (ru.ru_nivcsw != t->nivcsw_seen)
    {
      t->nivcsw_seen = ru.ru_nivcsw;
      t->contended_until = now + ER_CONTENDED_NS;
    }
  return now < t->contended_until;
}

/* Poll W's try with a growing pause in between until it succeeds (1)
   or the time reaches END (0).  */
static int
er_spin_until (struct er_waiter *w, int64_t end)
{
  for (int pauses = 1; er_now_ns () < end;)
    {
      for (int j = 0; j < pauses; j++)
	er_cpu_relax ();
      if (w->try_fn (w))
	return 1;
      if (pauses < ER_BACKOFF_MAX)
	pauses *= 2;
    }
  return 0;
}

/* The rest of er_wait once spinning is over: poll longer on a core
   another program shares, yield, then sleep.  SHARED: er_core_shared
   (T).  */
static void
er_wait_long (struct er_waiter *w, er_thread *t, int shared,
	      struct er_progress *pr)
{
  int patient = er_patient (w);
  long cap = patient ? ER_PATIENT_SLEEP_MAX_NS : ER_SLEEP_MAX_NS;
  /* Relaxed: T's own core, which placement stores under its lock (a
     hint: -1 is a thread no placement binds).  */
  if (!shared && !patient && !t->fiber
      && __atomic_load_n (&t->core, __ATOMIC_RELAXED) != -1
      && er_core_contended (t)
      && er_spin_until (w, er_now_ns () + ER_SPIN_CONTENDED_NS))
    return;
  /* A fiber among more fibers than workers sleeps at once: its wake-up
     is as targeted as a thread's, and costs a look at a sequence number
     in its worker's scan, where each poll by yielding cost a trip through
     the run queue (fiber.c).  One with a worker of its own (SHARED is 0)
     polls by yielding, as a thread with a core of its own after its
     spin: its worker has nothing else to run, and the yields give the
     core to the program's threads (a task program's control program).  */
  int64_t end = t->fiber ? INT64_MAX : er_now_ns () + ER_YIELD_PHASE_NS;
  for (int k = 0, n = patient || (t->fiber && shared) ? 0
		      : shared ? ER_YIELDS_SHARED : ER_YIELDS;
       k < n; k++)
    {
      sched_yield ();
      if (er_stats_on)
	t->st.yields++;
      if (w->try_fn (w))
	return;
      /* A thread's yielding is bounded in time as well (head of this
	 file); a fiber's yields give its worker to the program's threads
	 (above), and are left as they were.  */
      if (end != INT64_MAX && er_now_ns () > end)
	break;
      if (er_moved (w, pr))
	k = 0;
    }

  /* Asleep, it takes whatever lets it proceed.  */
  w->eager = 1;
  er_wakeq *q = w->wq;
  _Atomic uint32_t *seq = q ? &q->seq : &er_global_seq;
  er_hooks.blocked (w);
  long ns = t->fiber ? ER_FIBER_SLEEP_MIN_NS : ER_SLEEP_MIN_NS;
  for (;;)
    {
      /* Every sleeper parks, whatever it waits for, a reallocation
	 included: otherwise two reallocations whose threads each hold a
	 view of the other's record wait for each other (seen when a
	 pipeline's processes all alloc at once), and so do a reallocation
	 and a thread that waits for it to end while it holds another
	 allocated view of that record (er_park parks only the view of its
	 primitive, and alloc's wait for another reallocation none).  */
      er_hooks.park (t);
      /* A fiber sleeps in its worker (fiber.c), a thread on the futex;
	 either counts itself before its last look (er_wake).  */
      uint32_t s = 0;
      if (t->fiber)
	er_hooks.sleep_begin (t, q);
      else
	{
	  /* The count pairs with the waker's load of it, the load of SEQ
	     (acquire) with the waker's increment (er_wakeq_wake): one of
	     the two sees the other.  */
	  if (q)
	    atomic_fetch_add (&q->nsleepers, 1);
	  s = atomic_load_explicit (seq, memory_order_acquire);
	}
      /* Ask the laggard's owner to wake us when it gets there, then look
	 again (the locked compare-and-swap orders the two); a try that
	 finds another laggard arms that one too.  */
      int ok;
      for (int k = 0; k < 8; k++)
	{
	  _Atomic int64_t *lag = w->lag_wake;
	  if (lag)
	    er_arm_word (lag, w->want);
	  for (int j = 0; j < 2; j++)
	    if (w->arm[j])
	      er_arm_word (w->arm[j], w->want);
	  ok = w->try_fn (w);
	  if (ok || w->lag_wake == lag)
	    break;
	}
      int timed_out = 0;
      if (!ok && t->fiber)
	timed_out = er_hooks.sleep (t, ns);
      else if (!ok)
	timed_out = er_futex_wait (seq, s, ns);
      if (!ok && er_stats_on)
	{
	  t->st.sleeps++;
	  if (timed_out)
	    t->st.timeouts++;
	  else
	    t->st.woken++;
	}
      if (t->fiber)
	er_hooks.sleep_end (t);
      else if (q)
	/* Read by the wakers only to skip the futex call.  */
	atomic_fetch_sub (&q->nsleepers, 1);
      if (ok || w->try_fn (w))
	break;
      if (ns < cap)
	ns *= 2;
      er_hooks.deadlock_check ();
    }
  er_hooks.unblocked (w);
  er_hooks.unpark (t);
}

/* Name of primitive or wait OP (ER_OP_*, ER_WAIT_*), for reports.  */
const char *
er_op_name (int op)
{
  switch (op)
    {
    case ER_OP_COMMIT: return "commit";
    case ER_OP_UPDATE: return "update";
    case ER_OP_STALL: return "stall";
    case ER_OP_RELEASE: return "release";
    case ER_OP_RECEIVE: return "receive";
    case ER_OP_ELEM: return "element access";
    case ER_WAIT_EXIT: return "exit (waiting for processes)";
    case ER_WAIT_REALLOC: return "alloc (reallocating the window)";
    case ER_WAIT_PARKED: return "a primitive (parked for a reallocation)";
    default: return "?";
    }
}

void
er_wait (struct er_waiter *w)
{
  er_thread *t = er_self ();
  /* Whoever waits may be waited for: a process hands on what it holds
     back of its finished task instances first (task.c).  */
  if (t->batched)
    er_hooks.wait_begin (t);
  int shared = er_hooks.core_shared (t);
  w->thread = t;
  w->lag_wake = NULL;
  /* Batching (stream.c) is for a waiter with a core of its own: one that
     shares its core already lets the others run between two polls, and
     holding out there would leave the core idle when they wait too.  */
  w->eager = shared;
  /* Poll with exponential back-off: each poll of the other side's line
     steals it from its writer, so polling less often lets the writer
     publish several indices per transfer (the consumer then sees a batch).
     Each phase ends after a number of polls that saw the laggard stand
     still: while it moves, the wait is about to end, and sleeping would
     cost the laggard's owner a wake-up.  The phases are bounded all the
     same (ER_MOVING_MAX), so that a slow trickle does not keep a waiter
     busy forever.  */
  struct er_progress pr = { NULL, INT64_MIN, 0 };
  /* A fiber does not spin even with a worker of its own: the core may
     be the program's other threads' too (a task program's control
     program, which placement does not count), and its yields give it
     to them at once (on the task-creation benchmark, spinning fibers
     took 30 % more time per instance).  */
  for (int k = 0, pauses = 1;
       !shared && !t->fiber && !er_patient (w) && k < ER_SPINS; k++)
    {
      for (int j = 0; j < pauses; j++)
	er_cpu_relax ();
      if (w->try_fn (w))
	return;
      if (er_moved (w, &pr))
	k = 0;
      if (pauses < ER_BACKOFF_MAX)
	pauses *= 2;
    }
  /* Spinning did not do: this wait will take a while, time enough to see
     whether the processes' loads call for other cores; and the CPU time
     it burns from here on is not the process's work (placement.c).  */
  er_hooks.balance ();
  int64_t cpu0 = er_hooks.cpu_begin (t);
  int64_t stats0 = er_stats_on ? er_stats_wait_begin (t) : 0;
  er_wait_long (w, t, shared, &pr);
  if (er_stats_on)
    er_stats_wait_end (t, stats0);
  er_hooks.cpu_end (t, cpu0);
}
