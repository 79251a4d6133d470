/* SPDX-License-Identifier: MIT */
/* Erbium runtime: processes run as fibers of one worker thread per core
   (er_use_fibers).

   With more processes than cores, one thread per process costs a kernel
   context switch each time a process waits for another: the FM receiver
   of examples/fmradio makes 10 000 to 20 000 of them per run on two
   cores.  The paper fuses processes at compile time into statically
   scheduled tasks (section 4); this is a run-time counterpart.  Every
   process is a fiber (own stack, own er_thread), and one worker thread
   per core of the program's affinity mask runs them: a worker takes a
   fiber from the run queue, which all workers share, runs it until it
   waits (wait.c: where a thread would sched_yield or sleep on a futex, a
   fiber returns to its worker), and takes the next.  A switch saves and
   restores the callee-saved registers and the floating point control
   words: some 20 ns instead of microseconds.  Since the queue is shared,
   a fiber runs on whichever core is free when it can go on, so no core
   idles while a process elsewhere could run (the static placement of
   threads, placement.c, cannot do that): on the FM receiver this is
   worth about 6 % (docs/performance.md).

   The queue is a ring under a mutex (two workers on these machines: no
   contention worth a lock-free queue).  Each worker scans it round-robin
   from the fiber it ran last, the fibers it ran before first: the ring
   is in start order, which for a pipeline is the order of its stages, so
   a consumer tends to run right after its producer on the producer's
   core, while the data is in that core's caches.  A fiber that cannot go
   on sleeps at once when there are more fibers than workers
   (er_fibers_crowded; wait.c's long wait; it does not poll by yielding;
   with no more fibers than workers it polls by yielding first, without
   spinning):
   the workers skip it until its record is woken, a global wake comes or
   its timeout passes.  Wake-ups are as targeted as a thread's: the
   sleeper arms the view it waits on, and the commit or release that
   reaches the armed index bumps the record's sequence (er_wake), which
   is what the workers compare with the value the fiber noted before its
   last look.  A record with sleeping fibers also bumps the queue's word,
   which idle workers watch, spinning for a while and then asleep in the
   kernel.  The Dekker-style order of those steps is in
   er_fiber_sleep_begin and er_fibers_wake.  On the FM receiver, 145 000
   picks per run (fibers that polled by yielding 64 times before they
   slept) became 11 000, one per sleep.

   Fibers are a mode a program asks for (er_use_fibers, or
   ERBIUM_FIBERS=1 in the environment), not the default (but for task
   sites, er_fibers_default: their processes talk only through streams),
   because the scheduler is cooperative: a fiber gives its core away only inside the
   primitives.  A process that blocks in the kernel outside them (reading
   a pipe, a mutex held by another process), or that waits for another
   process by polling shared memory, holds up a worker, or waits forever
   for a process that cannot run; a process that computes for long
   without waiting keeps its worker for that long; and processes share
   the workers' thread-local variables (errno is safe: no switch happens
   between a system call and the read of errno outside the primitives).
   A program whose processes talk only through records and views, in
   bursts, loses nothing.  Processes started on a given core (er_run_on)
   stay threads bound there, and so do all processes when ERBIUM_CPUS
   lists CPUs for them (whatever ERBIUM_FIBERS says).  Otherwise
   ERBIUM_FIBERS=0 gives every process a thread of its own whatever the
   program asked, ERBIUM_FIBERS=1 fibers.  Fibers need a context switch
   written for the architecture: x86-64 only; elsewhere every process is
   a thread.

   Tools that follow stacks are told about the switches (er_tool_*):
   valgrind takes a switch for a frame of megabytes ("client switching
   stacks?") unless the fiber's stack is registered with it
   (VALGRIND_STACK_REGISTER, when valgrind's header is installed: the
   request costs a few instructions outside valgrind); AddressSanitizer
   must hear of each switch before and after it
   (__sanitizer_start_switch_fiber, __sanitizer_finish_switch_fiber), or
   it checks a fiber's accesses against its worker's stack and loses its
   fake stacks; ThreadSanitizer keeps a context per fiber
   (__tsan_create_fiber, __tsan_switch_to_fiber), so that a fiber's
   history, and the synchronisation it made, follows it from worker to
   worker.  The last two exist only in builds with those sanitizers.  */

#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "internal.h"

#if defined (__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#endif
#if defined (__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#endif
#if defined (__has_include)
#if __has_include (<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define ER_HAVE_VALGRIND 1
#endif
#endif

#if defined (__x86_64__)
#define ER_HAVE_FIBERS 1
#else
#define ER_HAVE_FIBERS 0
#endif

#define ER_WORKERS_MAX 1024	/* workers, at most */
#define ER_IDLE_NS 100000000L	/* an idle worker's futex timeout */
#define ER_IDLE_SPIN_NS 50000L	/* an idle worker polls this long first */

enum er_fstate
{
  ER_F_RUN,			/* runnable */
  ER_F_SLEEP,			/* in a long wait: skip until woken */
  ER_F_DONE			/* returned: free it */
};

struct er_worker;

struct er_fiber
{
  void *sp;			/* saved stack pointer while switched out */
  char *stack;			/* mapping (er_fiber_map_bytes), guard page
				   first */
  void (*fn) (void *);
  void *arg;
  er_thread *t;
  struct er_worker *w;		/* the worker running it, while it runs */
  struct er_worker *home;	/* the worker that ran it last */
  struct er_fiber *next;	/* the run queue's ring */
  enum er_fstate state;
  int running;			/* a worker runs it (under er_rq_lock) */
  /* Sleeping: it may run again once SLEEP_Q's wake sequence differs
     from SLEEP_SEQ (its record, or what else it sleeps on, was woken),
     the global epoch from SLEEP_EPOCH, or DEADLINE (ns) has passed.  */
  er_wakeq *sleep_q;
  uint32_t sleep_seq, sleep_epoch;
  int64_t deadline;
  /* For the tools (er_tool_*): valgrind's stack id, ASan's fake stack
     while switched out, TSan's context.  */
  unsigned vg_stack;
  void *asan_fake;
  void *tsan;
};

typedef struct er_worker
{
  int core;			/* logical core index (placement.c) */
  void *sched_sp;		/* the scheduler's saved stack pointer */
  struct er_fiber *last;	/* its scan starts after this fiber */
  char name[48];
  /* For the tools (er_tool_*): its own stack, ASan's fake stack while
     a fiber runs, TSan's context.  */
  void *stack_lo;
  size_t stack_size;
  void *asan_fake;
  void *tsan;
  /* ERBIUM_STATS (stats.c): its thread, and what it did while idle
     (WAIT_NS, SLEEPS, WOKEN, TIMEOUTS), stored by the worker alone with
     relaxed atomic stores and read at exit by er_fibers_stats.  */
  pthread_t thread;
  pid_t tid;
  er_stats st;
} er_worker;

static pthread_mutex_t er_rq_lock = PTHREAD_MUTEX_INITIALIZER;
/* The ring, at the fiber started last: new fibers go after it, so the
   ring is in start order.  */
static struct er_fiber *er_rq;
/* Bumped when a record with sleeping fibers is woken, a fiber starts or
   a global wake comes: what idle workers watch (er_fibers_wake).  */
static _Atomic uint32_t er_rq_word;
static _Atomic int er_rq_sleepers;	/* workers asleep on the word */
/* Bumped by global wakes (a process ended, exit): every sleeping fiber
   looks again.  */
static _Atomic uint32_t er_rq_epoch;
static pthread_mutex_t er_workers_lock = PTHREAD_MUTEX_INITIALIZER;
/* The workers started; changed under both locks, read under either.  */
static er_worker *er_workers[ER_WORKERS_MAX];
static int er_nworkers;
static int er_fibers_on = -1;	/* -1: not decided yet */
/* What er_use_fibers asked, or else er_fibers_default: -1 neither.  */
static int er_fibers_asked = -1;
static int er_fibers_by_default;	/* what er_fibers_default set */
/* Fibers started and not yet freed (er_fibers_crowded).  */
static _Atomic int er_nfibers;
static size_t er_stack_bytes, er_page;	/* a fiber's stack, a page */

#if ER_HAVE_FIBERS
/* er_ctx_switch (void **save, void *to): push the callee-saved registers
   and the MXCSR and x87 control words on the current stack, store the
   stack pointer in *SAVE, switch to TO and pop the same from there.  A new
   fiber's stack starts as if switched out just before er_ctx_entry, which
   calls the function in r13 with the argument in r12.  */
__asm__ (".text\n"
	 ".p2align 4\n"
	 ".globl er_ctx_switch\n"
	 ".hidden er_ctx_switch\n"
	 ".type er_ctx_switch, @function\n"
	 "er_ctx_switch:\n"
	 "\tpushq %rbp\n"
	 "\tpushq %rbx\n"
	 "\tpushq %r12\n"
	 "\tpushq %r13\n"
	 "\tpushq %r14\n"
	 "\tpushq %r15\n"
	 "\tsubq $8, %rsp\n"
	 "\tstmxcsr (%rsp)\n"
	 "\tfnstcw 4(%rsp)\n"
	 "\tmovq %rsp, (%rdi)\n"
	 "\tmovq %rsi, %rsp\n"
	 "\tldmxcsr (%rsp)\n"
	 "\tfldcw 4(%rsp)\n"
	 "\taddq $8, %rsp\n"
	 "\tpopq %r15\n"
	 "\tpopq %r14\n"
	 "\tpopq %r13\n"
	 "\tpopq %r12\n"
	 "\tpopq %rbx\n"
	 "\tpopq %rbp\n"
	 "\tret\n"
	 ".size er_ctx_switch, .-er_ctx_switch\n"
	 ".p2align 4\n"
	 ".globl er_ctx_entry\n"
	 ".hidden er_ctx_entry\n"
	 ".type er_ctx_entry, @function\n"
	 "er_ctx_entry:\n"
	 "\tmovq %r12, %rdi\n"
	 "\tcallq *%r13\n"
	 "\tud2\n"
	 ".size er_ctx_entry, .-er_ctx_entry\n");
void er_ctx_switch (void **save, void *to);
extern char er_ctx_entry[];
#endif

int
er_use_fibers (int on)
{
  int r = 0;
  pthread_mutex_lock (&er_workers_lock);
  if (er_fibers_on >= 0 || (on && !ER_HAVE_FIBERS))
    r = -1;
  else
    er_fibers_asked = on != 0;
  pthread_mutex_unlock (&er_workers_lock);
  return r;
}

/* The mode the program gets if it asks for none (er_use_fibers) before
   the first process settles it: ON != 0 fibers.  The task runtime asks
   for fibers at its first task site (task.c): OpenMP stream tasks talk
   only through their streams' windows, and the sites' processes wait
   for each other at every instance, which costs threads a trip through
   the kernel each time.  */
void
er_fibers_default (int on)
{
  pthread_mutex_lock (&er_workers_lock);
  er_fibers_by_default = on != 0 && ER_HAVE_FIBERS;
  pthread_mutex_unlock (&er_workers_lock);
}

/* Whether there are more fibers than workers: then a fiber that waits
   gives its worker back at once, since another fiber may have work to
   do; otherwise it polls by yielding first, like a thread with a core of
   its own after its spin (wait.c, placement.c's er_core_shared).  */
int
er_fibers_crowded (void)
{
  /* Relaxed: a hint for how to wait, ordering nothing (er_fiber_start's
     and er_worker_main's relaxed counts, er_start_workers' count under
     its locks); a stale answer costs a yield or a sleep, never a wake.  */
  return atomic_load_explicit (&er_nfibers, memory_order_relaxed)
	 > __atomic_load_n (&er_nworkers, __ATOMIC_RELAXED);
}

/* Whether a waiter T must give its core away rather than spin (wait.c,
   through er_hooks.core_shared): placement.c's er_core_shared for a
   thread.  A fiber's worker runs the other fibers: a waiting fiber gives
   its worker back at once when there are more fibers than workers.  */
int
er_fiber_core_shared (er_thread *t)
{
  if (t && t->fiber)
    return er_fibers_crowded ();
  return er_core_shared (t);
}

/* Whether automatically placed processes run as fibers: decided once, at
   the first process, from ERBIUM_FIBERS if set, else er_use_fibers.  */
int
er_fibers_enabled (void)
{
  /* Acquire, pairs with the release store below: a thread that sees
     the decision also sees er_stack_bytes and er_page, set before it
     (double-checked under er_workers_lock).  */
  int on = __atomic_load_n (&er_fibers_on, __ATOMIC_ACQUIRE);
  if (on >= 0)
    return on;
  pthread_mutex_lock (&er_workers_lock);
  if (er_fibers_on < 0)
    {
      /* ERBIUM_CPUS places each process on a listed CPU: threads, even
	 with ERBIUM_FIBERS=1.  The variable is read in any case, so that
	 a bad value always warns.  */
      on = er_env_flag ("ERBIUM_FIBERS", er_fibers_asked >= 0
			? er_fibers_asked : er_fibers_by_default);
      on = on && ER_HAVE_FIBERS && !er_cpus_listed ();
      if (on)
	{
	  /* A fiber's stack is as large as a thread's would be.  */
	  pthread_attr_t a;
	  size_t bytes = 0;
	  if (pthread_attr_init (&a) == 0)
	    {
	      pthread_attr_getstacksize (&a, &bytes);
	      pthread_attr_destroy (&a);
	    }
	  er_page = (size_t) sysconf (_SC_PAGESIZE);
	  if (bytes < (size_t) 1 << 20)
	    bytes = (size_t) 8 << 20;
	  er_stack_bytes = (bytes + er_page - 1) / er_page * er_page;
	}
      /* Release, pairs with the acquire loads above and in
	 er_fibers_wake_all: the stack's size comes first.  */
      __atomic_store_n (&er_fibers_on, on, __ATOMIC_RELEASE);
    }
  on = er_fibers_on;
  pthread_mutex_unlock (&er_workers_lock);
  return on;
}

/* Bump the queue's word, and wake the workers that sleep on it: the
   increment (a locked instruction) precedes the read of the sleeper
   count, as a worker's count precedes its futex wait on the word; one of
   the two sees the other.  Called when a record with sleeping fibers is
   woken (er_wake), and when a fiber becomes runnable.  */
void
er_fibers_wake (void)
{
  /* Seq_cst, pairs with an idle worker's increment of er_rq_sleepers
     and its load of the word (er_worker_main): one of the two sees the
     other, so a worker never sleeps through this bump; the bump also
     follows the waker's bump of the fiber's sequence (er_wakeq_wake)
     or epoch (er_fibers_wake_all), which the worker's scan reads.  */
  atomic_fetch_add (&er_rq_word, 1);
  /* Seq_cst, the other half of the pairing above.  */
  if (atomic_load (&er_rq_sleepers))
    er_futex_wake (&er_rq_word);
}

/* Wake every sleeping fiber (global wakes: a process ended, exit).  */
void
er_fibers_wake_all (void)
{
  /* Acquire, pairs with er_fibers_enabled's release store: with no
     fibers, nobody sleeps in a worker.  */
  if (__atomic_load_n (&er_fibers_on, __ATOMIC_ACQUIRE) > 0)
    {
      /* Seq_cst, pairs with er_fiber_sleep_begin's load of the epoch
	 (after its count, before its last look) and er_fiber_ready's
	 acquire load: a fiber that missed what the waker did before
	 sees the new epoch.  */
      atomic_fetch_add (&er_rq_epoch, 1);
      er_fibers_wake ();
    }
}

#if ER_HAVE_FIBERS
/* Bytes of a fiber's stack mapping: the stack and its guard page.  */
static size_t
er_fiber_map_bytes (void)
{
  return er_stack_bytes + er_page;
}

/* The tools hear of F's stack, new (head of this file).  */
static void
er_tool_fiber_new (struct er_fiber *f)
{
#ifdef ER_HAVE_VALGRIND
  f->vg_stack = VALGRIND_STACK_REGISTER (f->stack + er_page,
					 f->stack + er_fiber_map_bytes ());
#endif
#if defined (__SANITIZE_THREAD__)
  f->tsan = __tsan_create_fiber (0);
  __tsan_set_fiber_name (f->tsan, f->t->name);
#endif
  (void) f;
}

/* ... and of its end, before it is unmapped.  */
static void
er_tool_fiber_free (struct er_fiber *f)
{
#ifdef ER_HAVE_VALGRIND
  VALGRIND_STACK_DEREGISTER (f->vg_stack);
#endif
#if defined (__SANITIZE_THREAD__)
  __tsan_destroy_fiber (f->tsan);
#endif
  (void) f;
}

/* Worker W starts: the tools' view of its own stack.  */
static void
er_tool_worker_start (er_worker *w)
{
#if defined (__SANITIZE_ADDRESS__)
  pthread_attr_t a;
  if (pthread_getattr_np (pthread_self (), &a) == 0)
    {
      pthread_attr_getstack (&a, &w->stack_lo, &w->stack_size);
      pthread_attr_destroy (&a);
    }
#endif
#if defined (__SANITIZE_THREAD__)
  w->tsan = __tsan_get_current_fiber ();
#endif
  (void) w;
}

/* Worker W is about to switch to fiber F.  */
static void
er_tool_to_fiber (er_worker *w, struct er_fiber *f)
{
#if defined (__SANITIZE_ADDRESS__)
  __sanitizer_start_switch_fiber (&w->asan_fake, f->stack + er_page,
				  er_stack_bytes);
#endif
#if defined (__SANITIZE_THREAD__)
  __tsan_switch_to_fiber (f->tsan, 0);
#endif
  (void) w, (void) f;
}

/* Worker W is back from a fiber.  */
static void
er_tool_in_worker (er_worker *w)
{
#if defined (__SANITIZE_ADDRESS__)
  __sanitizer_finish_switch_fiber (w->asan_fake, NULL, NULL);
#endif
  (void) w;
}

/* Fiber F is about to switch back to its worker (for good when F is
   done: ASan frees its fake stack).  */
static void
er_tool_to_worker (struct er_fiber *f)
{
#if defined (__SANITIZE_ADDRESS__)
  __sanitizer_start_switch_fiber (f->state == ER_F_DONE ? NULL
				  : &f->asan_fake, f->w->stack_lo,
				  f->w->stack_size);
#endif
#if defined (__SANITIZE_THREAD__)
  __tsan_switch_to_fiber (f->w->tsan, 0);
#endif
  (void) f;
}

/* Fiber F runs again (FIRST: for the first time).  */
static void
er_tool_in_fiber (struct er_fiber *f, int first)
{
#if defined (__SANITIZE_ADDRESS__)
  __sanitizer_finish_switch_fiber (first ? NULL : f->asan_fake, NULL, NULL);
#endif
  (void) f, (void) first;
}

/* Switch from the running fiber F back to its worker.  */
static void
er_fiber_out (struct er_fiber *f)
{
  er_tool_to_worker (f);
  er_ctx_switch (&f->sp, f->w->sched_sp);
  er_tool_in_fiber (f, 0);
}

/* First code of a fiber: run the process, then let the worker free
   it.  */
static void
er_fiber_main (void *p)
{
  struct er_fiber *f = p;
  er_tool_in_fiber (f, 1);
  f->fn (f->arg);
  f->state = ER_F_DONE;
  er_fiber_out (f);
  __builtin_unreachable ();
}

/* Whether F, not running, may run: it is not asleep, or its record was
   woken or a global wake came since it looked last, or its timeout
   passed.  *NOW is the time in ns, read at the first need (0: not read
   yet): a clock read per pick was the scheduler's largest cost.  */
static inline int
er_fiber_ready (struct er_fiber *f, int64_t *now)
{
  /* Acquire loads, pair with the wakers' increments (er_wakeq_wake's
     of SEQ, er_fibers_wake_all's of the epoch): the fiber, run again,
     sees what its waker published before (its next look also goes
     through er_rq_lock and the switch).  */
  if (f->state != ER_F_SLEEP
      || (f->sleep_q
	  && atomic_load_explicit (&f->sleep_q->seq, memory_order_acquire)
	     != f->sleep_seq)
      || atomic_load_explicit (&er_rq_epoch, memory_order_acquire)
	 != f->sleep_epoch)
    return 1;
  if (!*now)
    *now = er_now_ns ();
  return *now >= f->deadline;
}

/* The next fiber that may run, marked running, or NULL; *WAKE_AT: the
   earliest timeout of the sleeping ones.  W looks first at the fibers it
   ran last (and those nobody ran yet), then takes another worker's:
   a consumer woken by its producer tends to go on where the producer's
   output sits in the caches, as a task graph's successor does on its
   worker's own deque, while a worker with nothing of its own still takes
   whatever may run.  Caller holds er_rq_lock.  */
static struct er_fiber *
er_rq_pick (er_worker *w, int64_t *now, int64_t *wake_at)
{
  if (!er_rq)
    return NULL;
  struct er_fiber *start = (w->last ? w->last : er_rq)->next;
  for (int pass = 0; pass < 2; pass++)
    {
      struct er_fiber *f = start;
      do
	{
	  int mine = !f->home || f->home == w;
	  if (!f->running && (pass ? !mine : mine))
	    {
	      if (er_fiber_ready (f, now))
		{
		  f->running = 1;
		  if (er_stats_on && f->home && f->home != w)
		    /* Read by the fiber at its end, after this lock.  */
		    f->t->st.moves++;
		  f->home = w;
		  w->last = f;	/* the scan goes on after it next time */
		  return f;
		}
	      if (f->deadline < *wake_at)
		*wake_at = f->deadline;
	    }
	  f = f->next;
	}
      while (f != start);
    }
  return NULL;
}

/* Take F, which has returned, out of the ring.  Caller holds
   er_rq_lock.  */
static void
er_rq_remove (struct er_fiber *f)
{
  struct er_fiber *p = f;
  while (p->next != f)
    p = p->next;
  if (p == f)
    p = NULL;
  else
    p->next = f->next;
  if (er_rq == f)
    er_rq = p;
  for (int i = 0; i < er_nworkers; i++)
    if (er_workers[i]->last == f)
      er_workers[i]->last = p;
}

/* An idle worker polls the queue's word for ER_IDLE_SPIN_NS at most:
   the next wake is usually a burst away, and a worker asleep in the
   kernel costs its waker a system call and itself the latency of a
   wake-up (a virtual CPU that halts, tens of microseconds).  Returns 1 as
   soon as the word differs from WORD (a wake came) or the time reaches
   WAKE_AT (a sleeping fiber's timeout), 0 when it gives up.  *NOW: the
   time (ns) when it starts, 0 if not read yet; on return, the time it
   read last.  */
static int
er_idle_spin (uint32_t word, int64_t *now, int64_t wake_at)
{
  if (!*now)
    *now = er_now_ns ();
  int64_t end = *now + ER_IDLE_SPIN_NS;
  if (end > wake_at)
    end = wake_at;
  for (;;)
    {
      for (int k = 0; k < 64; k++)
	{
	  /* Relaxed: only a sign to scan again; the scan takes
	     er_rq_lock, and the fibers' wake sequences are read with
	     acquire there (er_fiber_ready).  */
	  if (atomic_load_explicit (&er_rq_word, memory_order_relaxed)
	      != word)
	    return 1;
	  er_cpu_relax ();
	}
      *now = er_now_ns ();
      if (*now >= end)
	return end == wake_at;
    }
}

/* Add D to worker W's counter *C (ERBIUM_STATS): W alone writes it, and
   er_fibers_stats reads it at exit.  */
static void
er_worker_count (int64_t *c, int64_t d)
{
  /* Relaxed, pairs with er_fibers_stats's relaxed loads: a report's
     figures, ordering nothing; W is the only writer.  */
  __atomic_store_n (c, *c + d, __ATOMIC_RELAXED);
}

/* Worker W found no fiber that may run (its scan began when the queue's
   word was WORD; NOW: the time then, 0 if not read; WAKE_AT: the
   earliest timeout of the sleeping fibers): watch the word for a while,
   then sleep until a wake bumps it or that timeout.  */
static void
er_worker_idle (er_worker *w, uint32_t word, int64_t now, int64_t wake_at)
{
  int64_t t0 = er_stats_on ? er_now_ns () : 0;
  if (!er_idle_spin (word, &now, wake_at))
    {
      /* Seq_cst, pairs with er_fibers_wake's increment of the word and
	 its load of the count: the worker counts itself before its last
	 look at the word, the waker bumps the word before it reads the
	 count; one of the two sees the other (Dekker).  */
      atomic_fetch_add (&er_rq_sleepers, 1);
      int timed_out = -1;
      if (atomic_load (&er_rq_word) == word)
	timed_out = er_futex_wait (&er_rq_word, word,
				   wake_at == INT64_MAX ? ER_IDLE_NS
				   : wake_at > now ? wake_at - now : 1);
      /* Read by wakers only to skip the futex call: a stale count
	 costs a vain wake.  */
      atomic_fetch_sub (&er_rq_sleepers, 1);
      if (er_stats_on && timed_out >= 0)
	{
	  er_worker_count (&w->st.sleeps, 1);
	  er_worker_count (timed_out ? &w->st.timeouts : &w->st.woken, 1);
	}
    }
  if (er_stats_on)
    er_worker_count (&w->st.wait_ns, er_now_ns () - t0);
}

/* A worker: bound to its core, it runs whichever fiber may run and
   sleeps when none may (head of this file).  */
static void *
er_worker_main (void *p)
{
  er_worker *w = p;
  er_bind_core (w->name, w->core);
  er_tool_worker_start (w);
  /* Relaxed: read by er_fibers_stats at exit, for its report only.  */
  __atomic_store_n (&w->tid, gettid (), __ATOMIC_RELAXED);
  struct er_fiber *prev = NULL;	/* ran last, not yet put back */
  for (;;)
    {
      /* Seq_cst, read before the scan: a wake (er_fibers_wake's
	 increment) after the scan changes the word, so the worker's
	 futex wait below returns at once instead of sleeping through it.  */
      uint32_t word = atomic_load (&er_rq_word);
      int64_t now = 0, wake_at = INT64_MAX;
      struct er_fiber *done = NULL;
      /* One trip through the lock puts the previous fiber back and picks
	 the next.  */
      pthread_mutex_lock (&er_rq_lock);
      if (prev)
	{
	  prev->running = 0;
	  if (prev->state == ER_F_DONE)
	    {
	      er_rq_remove (prev);
	      done = prev;
	    }
	}
      struct er_fiber *f = er_rq_pick (w, &now, &wake_at);
      pthread_mutex_unlock (&er_rq_lock);
      prev = NULL;
      if (done)
	{
	  /* Relaxed: a count for er_fibers_crowded's hint only.  */
	  atomic_fetch_sub_explicit (&er_nfibers, 1, memory_order_relaxed);
	  er_tool_fiber_free (done);
	  munmap (done->stack, er_fiber_map_bytes ());
	  free (done->t);
	  free (done);
	}
      if (f)
	{
	  f->state = ER_F_RUN;
	  f->w = w;
	  er_set_self (f->t);
	  if (er_stats_on)
	    f->t->st.run_mark = er_clock_ns (CLOCK_THREAD_CPUTIME_ID);
	  er_tool_to_fiber (w, f);
	  er_ctx_switch (&w->sched_sp, f->sp);
	  er_tool_in_worker (w);
	  er_set_self (NULL);
	  if (er_stats_on)
	    f->t->st.cpu_ns += er_clock_ns (CLOCK_THREAD_CPUTIME_ID)
			       - f->t->st.run_mark;
	  prev = f;
	  continue;
	}
      /* No fiber may run: watch the word for a while, then sleep until
	 a wake bumps it or the earliest timeout.  */
      er_worker_idle (w, word, now, wake_at);
    }
  return NULL;
}

/* Start one worker per core of the program, once.  */
static void
er_start_workers (void)
{
  pthread_mutex_lock (&er_workers_lock);
  int n = er_ncores ();
  if (n > ER_WORKERS_MAX)
    n = ER_WORKERS_MAX;
  while (er_nworkers < n)
    {
      er_worker *w = er_zalloc_line (sizeof *w, "a worker");
      w->core = er_nworkers;
      snprintf (w->name, sizeof w->name, "worker of core %d", w->core);
      pthread_mutex_lock (&er_rq_lock);
      er_workers[er_nworkers++] = w;
      pthread_mutex_unlock (&er_rq_lock);
      pthread_t tid;
      int rc = pthread_create (&tid, NULL, er_worker_main, w);
      if (rc != 0)
	er_fatal ("cannot start the %s: pthread_create failed (%s)",
		  w->name, strerror (rc));
      w->thread = tid;
      pthread_detach (tid);
    }
  pthread_mutex_unlock (&er_workers_lock);
}

/* Start process T as a fiber running FN (ARG).  */
void
er_fiber_start (er_thread *t, void (*fn) (void *), void *arg)
{
  struct er_fiber *f = er_zalloc_line (sizeof *f, "a fiber");
  f->stack = mmap (NULL, er_fiber_map_bytes (), PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK,
		   -1, 0);
  char hint[320];
  if (f->stack == MAP_FAILED)
    er_fatal ("cannot start %s: no memory for its %zu-byte stack: %s",
	      t->name, er_stack_bytes,
	      er_limit_hint (errno, er_fiber_map_bytes (), hint, sizeof hint));
  /* The lowest page is the guard against overflow (a mapping of its
     own: the call fails when mappings run out).  */
  if (mprotect (f->stack, er_page, PROT_NONE) != 0)
    er_fatal ("cannot start %s: cannot protect its stack's guard page: %s",
	      t->name, er_limit_hint (errno, 0, hint, sizeof hint));
  f->fn = fn;
  f->arg = arg;
  f->t = t;
  t->fiber = f;
  /* Relaxed: a count for er_fibers_crowded's hint only.  */
  atomic_fetch_add_explicit (&er_nfibers, 1, memory_order_relaxed);
  er_tool_fiber_new (f);
  /* The initial frame er_ctx_switch pops: control words, r15..r12,
     rbx, rbp, return address (er_ctx_entry); after the return the
     stack pointer is 16-byte aligned, as a call expects.  */
  uintptr_t top = ((uintptr_t) f->stack + er_fiber_map_bytes ())
		  & ~(uintptr_t) 15;
  uint64_t *frame = (uint64_t *) (top - 64);
  uint32_t mxcsr;
  uint16_t fpucw;
  __asm__ __volatile__ ("stmxcsr %0" : "=m" (mxcsr));
  __asm__ __volatile__ ("fnstcw %0" : "=m" (fpucw));
  memset (frame, 0, 64);
  memcpy (frame, &mxcsr, 4);
  memcpy ((char *) frame + 4, &fpucw, 2);
  frame[3] = (uint64_t) (uintptr_t) er_fiber_main;	/* r13 */
  frame[4] = (uint64_t) (uintptr_t) f;			/* r12 */
  frame[7] = (uint64_t) (uintptr_t) er_ctx_entry;
  f->sp = frame;
  er_start_workers ();
  pthread_mutex_lock (&er_rq_lock);
  /* At the end of the ring (after er_rq, the fiber started last), so that
     the ring is in start order: a scan that starts after er_rq (a worker
     that has run nothing yet) runs the processes in the order they were
     started (the FM receiver's source used to start last, 1.3 ms late),
     and every worker's scan follows a pipeline's stage order.  */
  if (!er_rq)
    f->next = f;
  else
    {
      f->next = er_rq->next;
      er_rq->next = f;
    }
  er_rq = f;
  pthread_mutex_unlock (&er_rq_lock);
  er_fibers_wake ();
}

/* First half of a fiber's sleep (wait.c): T's fiber counts itself
   among Q's fiber sleepers (Q NULL: it waits for global wakes only) and
   notes Q's wake sequence and the global epoch, before its last look
   (Q is a record's, or a task stream's or site's: task.c).
   The count (a locked instruction) precedes the reads, and er_wakeq_wake
   bumps Q's sequence before it reads the count: if the last look misses what
   a waker published, the fiber's note misses the waker's bump (the bump
   follows the publication), so the fiber is ready as soon as the bump
   lands, and the waker sees the count and wakes the workers (an idle
   one would not look at the ring otherwise).  The count stays until
   er_fiber_sleep_end: a wake for another sleeper of R cannot clear it
   under this one.  */
void
er_fiber_sleep_begin (er_thread *t, er_wakeq *q)
{
  struct er_fiber *f = t->fiber;
  f->sleep_q = q;
  if (q)
    {
      /* Seq_cst, pairs with er_wakeq_wake's increment of SEQ and its
	 load of FIBER_SLEEPERS (wait.c): count first, then note SEQ
	 (above).  */
      atomic_fetch_add (&q->fiber_sleepers, 1);
      /* Seq_cst, after the count (same pairing).  */
      f->sleep_seq = atomic_load (&q->seq);
    }
  /* Seq_cst, pairs with er_fibers_wake_all's increment: noted before
     the last look, so a global wake after it changes the epoch.  */
  f->sleep_epoch = atomic_load (&er_rq_epoch);
}

/* Second half: T's fiber sleeps until its record is woken, a global wake
   comes (er_fiber_sleep_begin) or NS nanoseconds pass.  Returns 1 when
   the timeout ended the sleep, 0 when a wake did (ERBIUM_STATS).  */
int
er_fiber_sleep (er_thread *t, long ns)
{
  struct er_fiber *f = t->fiber;
  f->deadline = er_now_ns () + ns;
  f->state = ER_F_SLEEP;
  er_fiber_out (f);
  /* Relaxed: which of the two it was, for a report; er_fiber_ready's
     acquire loads ordered what the fiber reads next.  */
  return (!f->sleep_q
	  || atomic_load_explicit (&f->sleep_q->seq, memory_order_relaxed)
	     == f->sleep_seq)
	 && atomic_load_explicit (&er_rq_epoch, memory_order_relaxed)
	    == f->sleep_epoch;
}

/* After its last look, whether it slept or not: T's fiber no longer
   counts among its record's fiber sleepers.  */
void
er_fiber_sleep_end (er_thread *t)
{
  struct er_fiber *f = t->fiber;
  if (f->sleep_q)
    /* Relaxed: read by er_wakeq_wake only to skip waking the workers;
       a stale count costs a vain er_fibers_wake.  */
    atomic_fetch_sub_explicit (&f->sleep_q->fiber_sleepers, 1,
			       memory_order_relaxed);
  f->sleep_q = NULL;
}

#else /* !ER_HAVE_FIBERS */

void
er_fiber_start (er_thread *t, void (*fn) (void *), void *arg)
{
  (void) t, (void) fn, (void) arg;
  er_fatal ("fibers are not available on this architecture");
}

void
er_fiber_sleep_begin (er_thread *t, er_wakeq *q)
{
  (void) t, (void) q;
}

int
er_fiber_sleep (er_thread *t, long ns)
{
  (void) t, (void) ns;
  return 0;
}

void
er_fiber_sleep_end (er_thread *t)
{
  (void) t;
}
#endif

/* ERBIUM_STATS at exit (init.c): a line per worker (stats.c), with its
   thread's CPU time and involuntary context switches, and what it did
   while idle.  */
void
er_fibers_stats (void)
{
  pthread_mutex_lock (&er_workers_lock);
  for (int i = 0; i < er_nworkers; i++)
    {
      er_worker *w = er_workers[i];
      er_stats s = { 0 };
      clockid_t c;
      /* Relaxed, pair with the worker's relaxed stores
	 (er_worker_count, er_worker_main): figures for a report.  */
      s.wait_ns = __atomic_load_n (&w->st.wait_ns, __ATOMIC_RELAXED);
      s.sleeps = __atomic_load_n (&w->st.sleeps, __ATOMIC_RELAXED);
      s.woken = __atomic_load_n (&w->st.woken, __ATOMIC_RELAXED);
      s.timeouts = __atomic_load_n (&w->st.timeouts, __ATOMIC_RELAXED);
      s.cpu_ns = pthread_getcpuclockid (w->thread, &c) == 0
		 ? er_clock_ns (c) : 0;
      s.inv_cs = er_stats_inv_cs (__atomic_load_n (&w->tid,
							  __ATOMIC_RELAXED));
      er_stats_add ("worker", w->name, NULL, INT32_MAX - ER_WORKERS_MAX + i,
		    &s);
    }
  pthread_mutex_unlock (&er_workers_lock);
}
