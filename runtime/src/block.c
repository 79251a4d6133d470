/* Erbium runtime: blocking (spin, yield, sleep) and wake-up.

   A waiter first spins briefly (the other side is usually one burst away
   on another core), then yields (more processes than cores: give the core
   to whoever will unblock us), then sleeps on its record's futex word with
   a timeout that grows to a few milliseconds.  commit and release wake
   sleepers only when the record's sleeper count is nonzero; since they do
   not fence, a wake-up can be missed in a narrow window, which the timeout
   bounds.  While it sleeps, a thread counts as blocked for deadlock
   detection and its views count as parked for any reallocation.  */

#define _GNU_SOURCE
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "internal.h"

#define ER_SPINS 20		/* polls with a growing pause in between */
#define ER_BACKOFF_MAX 64	/* pauses between two polls, at most */
#define ER_YIELDS 16		/* polls with sched_yield in between */
#define ER_SLEEP_MIN_NS 20000L	/* first futex timeout */
#define ER_SLEEP_MAX_NS 4000000L	/* timeout cap: bounds a missed wake */

/* Global futex word for waits not tied to a record (exit).  */
static _Atomic uint32_t er_global_seq;

static inline void
er_cpu_relax (void)
{
#if defined (__x86_64__) || defined (__i386__)
  __builtin_ia32_pause ();
#elif defined (__aarch64__)
  __asm__ __volatile__ ("yield");
#endif
}

static void
er_futex_wait (_Atomic uint32_t *addr, uint32_t val, long ns)
{
  struct timespec ts = { ns / 1000000000L, ns % 1000000000L };
  syscall (SYS_futex, (uint32_t *) addr, FUTEX_WAIT_PRIVATE, val, &ts,
	   NULL, 0);
}

static void
er_futex_wake (_Atomic uint32_t *addr)
{
  syscall (SYS_futex, (uint32_t *) addr, FUTEX_WAKE_PRIVATE, INT_MAX, NULL,
	   NULL, 0);
}

/* Wake every thread sleeping on R.  Called by commit and release (inline)
   when R's sleeper count is nonzero, and by every shape change.  */
void
er_wake (er_record *rr)
{
  er_rec *r = er_rec_of (rr);
  atomic_fetch_add_explicit (&r->seq, 1, memory_order_release);
  er_futex_wake (&r->seq);
}

/* Wake every thread sleeping on the global word (exit waiters, and every
   record's sleepers are woken by their own records).  */
void
er_wake_all_global (void)
{
  atomic_fetch_add_explicit (&er_global_seq, 1, memory_order_release);
  er_futex_wake (&er_global_seq);
}

/* Park the calling thread's views whose record is being reallocated:
   while the thread sleeps it touches none of its windows.  */
static void
er_park_owned (er_thread *t)
{
  for (er_vimpl *o = t->owned; o; o = o->next_owned)
    {
      er_rec *r = er_rec_of (o->v.rec);
      uint32_t s = atomic_load_explicit (&r->realloc_pending,
					 memory_order_acquire);
      if (s && o->park_for != s && o->v.horizon > 0)
	{
	  o->park_for = s;
	  atomic_store_explicit (&o->parked, s, memory_order_release);
	  er_wake (&r->pub);
	}
    }
}

/* Before the thread touches its windows again, let the reallocations its
   views were parked for finish, and pick up the new windows.  */
static void
er_unpark_owned (er_thread *t)
{
  for (er_vimpl *o = t->owned; o; o = o->next_owned)
    if (o->park_for)
      {
	o->park_for = 0;
	er_resync (o);		/* waits while a reallocation is pending */
      }
}

void
er_wait (struct er_waiter *w)
{
  /* Poll with exponential back-off: each poll of the other side's line
     steals it from its writer, so polling less often lets the writer
     publish several indices per transfer (the consumer then sees a batch).  */
  for (int k = 0, pauses = 1; k < ER_SPINS; k++)
    {
      for (int j = 0; j < pauses; j++)
	er_cpu_relax ();
      if (w->try_fn (w))
	return;
      if (pauses < ER_BACKOFF_MAX)
	pauses *= 2;
    }
  for (int k = 0; k < ER_YIELDS; k++)
    {
      sched_yield ();
      if (w->try_fn (w))
	return;
    }

  er_thread *t = er_self ();
  w->thread = t;
  _Atomic uint32_t *seq = w->rec ? &w->rec->seq : &er_global_seq;
  _Atomic uint32_t *sleepers = w->rec ? &w->rec->pub.sleepers : NULL;
  er_deadlock_enter (w);
  long ns = ER_SLEEP_MIN_NS;
  for (;;)
    {
      /* A reallocation waiter must not park its own views: it is the
	 thread doing the reallocation.  */
      if (w->op != ER_WAIT_REALLOC && w->op != ER_WAIT_PARKED)
	er_park_owned (t);
      uint32_t s = atomic_load_explicit (seq, memory_order_acquire);
      if (sleepers)
	atomic_fetch_add_explicit (sleepers, 1, memory_order_seq_cst);
      int ok = w->try_fn (w);
      if (!ok)
	er_futex_wait (seq, s, ns);
      if (sleepers)
	atomic_fetch_sub_explicit (sleepers, 1, memory_order_relaxed);
      if (ok || w->try_fn (w))
	break;
      if (ns < ER_SLEEP_MAX_NS)
	ns *= 2;
      er_deadlock_check ();
    }
  er_deadlock_leave (w);
  if (w->op != ER_WAIT_REALLOC && w->op != ER_WAIT_PARKED)
    er_unpark_owned (t);
}
