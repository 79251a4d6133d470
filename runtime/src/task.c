/* SPDX-License-Identifier: MIT */
/* Erbium runtime: task sites on persistent processes, instances,
   taskwait and the end of the program (erbium/task.h).

   er_task_create copies an instance into an *activation*: its
   firstprivate bytes and its accesses, whose positions ostream.c assigns
   there and then, in the creating control program's order.  The
   activation goes to its site's process through an unbounded
   multi-producer queue (Vyukov's intrusive one: a producer exchanges the
   tail and links; the control program never waits on it).  The process,
   started with er_run at the site's first instance, takes activations in
   creation order; for each it waits until every access may proceed (data
   for inputs and peeks, room for outputs: ostream.c), computes the
   windows, runs the body, marks the ranges done and drops the stream
   references.  A site flagged ER_SITE_PER_INSTANCE has a process per
   instance instead; an undeferred instance runs in its creator.  A site
   split into W workers (ER_SITE_SPLIT) has W processes, each with a
   queue of its own: instance K goes to worker K mod W, which runs its
   instances in creation order; the frontiers of ostream.c pass an
   instance only when every earlier one is done, whichever worker ran
   it, so readers see what W = 1 would give them.

   taskwait.  Each creating task (the main thread, any thread, or an
   instance whose body creates tasks) has a children count: the number
   created, which only its owner writes, and the number finished, which
   the processes increment.  taskwait waits until they are equal.  When
   an instance's body returns, its count is ended (er_task_end): its
   children then free it, the last one to finish.

   The end of the program (er_wait_all, at exit) first waits until every
   instance created has finished (er_tasks_quiesce: per site, the number
   created and the number finished agree, read so that no instance can be
   running or appear), then stops the site processes, which return, and
   er_wait_all waits for them as for every process.

   Blocking is wait.c's (spin, yield, sleep; fibers sleep in their
   worker) with targeted wake-ups: an idle site process, a taskwait and
   the exit wait arm a threshold word that the producer, the last child
   or the last instance reads after publishing, so that no wake costs a
   system call while nobody sleeps.  Every wait is known to the deadlock
   detector, which names the instance, its site, the stream and the
   positions in its report, and which grows a stream's full buffer rather
   than report a deadlock that unbounded buffers would not have
   (ostream.c).  */

#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

/* A link of a site's queue.  */
typedef struct er_qnode
{
  struct er_qnode *_Atomic next;
} er_qnode;

/* A site's runtime state (er_site.rt).  A site split into W workers
   has W of them: the site's, which is its worker 0 and keeps the
   site's counts, and one per other worker, which only use the queue,
   the process and the windows' streams (and SITE_RT, INDEX).  */
typedef struct er_site_rt
{
  /* The creators' line.  */
  _Alignas (ER_CACHE_LINE) er_qnode *_Atomic tail;
  _Atomic int64_t created;	/* deferred instances created */
  _Atomic int running;		/* its process was started, not stopped */
  /* 0 while its process sleeps, idle: read by every creation, written by
     the process only when it sleeps (a line of its own, so that the
     process's look at it does not take the creators' line away).  */
  _Alignas (ER_CACHE_LINE) _Atomic int64_t wake;
  /* The process's line.  */
  _Alignas (ER_CACHE_LINE) er_qnode *_Atomic head;	/* the dummy node */
  _Atomic int64_t finished;	/* deferred instances finished */
  _Atomic int stop;		/* the end of the program: return */
  er_seen seen[2];		/* its windows' streams (internal.h) */
  /* Cold.  */
  _Alignas (ER_CACHE_LINE) er_qnode stub;
  er_wakeq wq;
  er_site *site;
  struct er_site_rt *next;	/* every site's, newest first */
  pthread_mutex_t start_lock;
  struct er_site_rt *site_rt;	/* the site's (itself for worker 0) */
  int index;			/* its worker's number, from 0 */
  char *label;			/* "f.c:12, worker 1 of 2" (ERBIUM_STATS) */
  /* The site's only: its workers, WORKERS[0] itself.  */
  int nworkers;
  struct er_site_rt **workers;
} er_site_rt;

/* A creating task's children (head of this file).  */
typedef struct er_task
{
  _Atomic int64_t created;	/* written by its owner only */
  struct er_act *owner;		/* the instance whose body it is, or NULL */
  struct er_task *pool_next;
  /* Children finished; once its owner ended it, minus what it created
     and one more (er_task_end).  */
  _Alignas (ER_CACHE_LINE) _Atomic int64_t fin;
  _Atomic int64_t wake;		/* CREATED while its owner waits */
  er_wakeq wq;
} er_task;

struct er_actcache;

/* An instance (head of this file).  */
typedef struct er_act
{
  er_qnode q;			/* first: er_qnode * <-> er_act * */
  struct er_actcache *home;	/* the cache it returns to, or NULL */
  struct er_act *free_next;	/* next in its chain, in a cache */
  struct er_act *chain_next;	/* next chain, at a chain's head */
  int cls;			/* its size class in the cache */
  er_site *site;
  er_site_rt *rt;
  er_task *parent;		/* NULL for an undeferred instance */
  int64_t serial;		/* instance number in its site, from 0;
				   -1 undeferred */
  int nacc;
  int deferred;
  void **windows;
  void *args;
  er_acc acc[];
} er_act;

/* Activations are recycled: malloc and free of an activation, a thread
   creating it and another freeing it, cost more than the rest of an
   instance (glibc's arena lock, pages faulted in as the heap moves).
   Each creating thread has a cache of activations by size class
   (ER_ACT_MIN << class bytes); the process that finishes some pushes
   them, as a chain, on its creator's cache's return stack of their
   class, and the creator takes the whole stack back at once when its
   chain of the class runs out, then the chains one by one (walking what
   came back to sort it took half of the creation's time: a miss per
   activation, one after the other).  Caches are never freed: a thread's
   goes, when it ends, to the next thread that needs one (a finisher may
   still push on it).  */
#define ER_ACT_MIN 128
#define ER_ACT_CLASSES 8

typedef struct er_actcache
{
  /* Chains given back, by chain_next.  */
  _Alignas (ER_CACHE_LINE) er_act *_Atomic returned[ER_ACT_CLASSES];
  /* The owner's: the chain it takes from, the chains after it.  */
  _Alignas (ER_CACHE_LINE) er_act *free[ER_ACT_CLASSES];
  er_act *more[ER_ACT_CLASSES];
  struct er_actcache *next_orphan;
} er_actcache;

/* A process hands on what its finished instances leave (the parent's
   count, the stream references, the activations, its site's count) in
   batches: each of these is a line every process and the control
   program write, where one transfer per instance cost more than the rest
   of the instance.  A batch holds instances of one parent, site and
   creator, on at most ER_BATCH_STREAMS streams, at most ER_BATCH_MAX of
   them, and activations to give back to one cache; it is handed on when
   that changes, and before the thread waits
   for anything (er_wait calls er_tasks_flush: whoever waits may be
   waited for), so that a taskwait, the end of the program or a stream's
   death is delayed by at most what the process does before its next
   wait or batch.  */
#define ER_BATCH_MAX 32
#define ER_BATCH_STREAMS 8

typedef struct er_batch
{
  int n;			/* instances */
  er_task *parent;
  er_site_rt *rt;
  /* Activations to give back, by free_next, all of HOME and CLS.  */
  int nret;
  int cls;
  struct er_actcache *home;
  er_act *ret, *ret_last;
  int nstreams;
  er_stream *s[ER_BATCH_STREAMS];
  int64_t nrel[ER_BATCH_STREAMS];	/* references to drop */
} er_batch;

static pthread_mutex_t er_cache_lock = PTHREAD_MUTEX_INITIALIZER;
static er_actcache *er_cache_orphans;

static pthread_mutex_t er_sites_lock = PTHREAD_MUTEX_INITIALIZER;
static er_site_rt *_Atomic er_sites;

/* The exit wait (er_tasks_quiesce): its threshold (0 while it sleeps)
   and what it sleeps on.  */
static _Atomic int64_t er_exit_wake = ER_INF;
static er_wakeq er_exit_wq;

/* Ended task counts, for reuse: a child may look at its parent's wake
   threshold just after the parent's last child freed it (er_child_done),
   which must read a count, even a reused one (a wrong wake is harmless),
   rather than memory given back.  */
static pthread_mutex_t er_task_pool_lock = PTHREAD_MUTEX_INITIALIZER;
static er_task *er_task_pool;

/* ---- the site's queue -------------------------------------------- */

/* A site's queue is Vyukov's multi-producer single-consumer queue with a
   dummy node at its head: the stub at first, then the activation the
   process took last, which it gives back only when it takes the next one
   (er_q_pop).  So while instances flow the process never writes the tail,
   which the creators exchange, and when it runs out it watches only the
   dummy's link, which the next push writes.  */

static void
er_q_push (er_site_rt *rt, er_qnode *n)
{
  /* Relaxed: N is not reachable yet; the exchange below publishes it.  */
  atomic_store_explicit (&n->next, NULL, memory_order_relaxed);
  /* Seq_cst (an exchange on x86 either way): its acquire and release
     pair with the previous and next pushers' exchanges (and er_q_reset's
     release store of the tail): PREV's relaxed store of NULL to its link
     comes before ours below, and ours of N's link before the next
     pusher's; seq_cst, with er_site_give's load of WAKE, it pairs with
     the idle process's arming of WAKE and its look at the tail
     (er_site_idle_try).  */
  er_qnode *prev = atomic_exchange_explicit (&rt->tail, n,
					     memory_order_seq_cst);
  /* Release, pairs with the process's acquire load of the link
     (er_q_pop, er_q_nonempty): the activation's contents come first.  */
  atomic_store_explicit (&prev->next, n, memory_order_release);
}

/* Whether RT's queue holds an activation (linked).  */
static int
er_q_nonempty (er_site_rt *rt)
{
  /* Relaxed: only the site's process, the caller, writes the head.
     Acquire, pairs with er_q_push's release store of the link.  */
  er_qnode *head = atomic_load_explicit (&rt->head, memory_order_relaxed);
  return atomic_load_explicit (&head->next, memory_order_acquire) != NULL;
}

/* ---- activations ----------------------------------------------------- */

static er_actcache *
er_cache_of (er_thread *t)
{
  if (t->cache)
    return t->cache;
  pthread_mutex_lock (&er_cache_lock);
  er_actcache *c = er_cache_orphans;
  if (c)
    er_cache_orphans = c->next_orphan;
  pthread_mutex_unlock (&er_cache_lock);
  if (!c)
    c = er_zalloc_line (sizeof *c, "an activation cache");
  t->cache = c;
  return c;
}

/* T ends: its cache goes to the next thread that needs one.  */
void
er_tasks_thread_end (er_thread *t)
{
  er_tasks_flush (t);
  free (t->batch);
  t->batch = NULL;
  er_actcache *c = t->cache;
  if (!c)
    return;
  t->cache = NULL;
  pthread_mutex_lock (&er_cache_lock);
  c->next_orphan = er_cache_orphans;
  er_cache_orphans = c;
  pthread_mutex_unlock (&er_cache_lock);
}

/* An activation of at least SIZE bytes for thread T to fill.  */
static er_act *
er_act_alloc (er_thread *t, size_t size)
{
  int cls = 0;
  while (cls < ER_ACT_CLASSES && ((size_t) ER_ACT_MIN << cls) < size)
    cls++;
  er_act *a;
  if (cls == ER_ACT_CLASSES)
    {
      a = malloc (size);
      if (a)
	a->home = NULL;
      return a;
    }
  er_actcache *c = er_cache_of (t);
  a = c->free[cls];
  if (!a)
    {
      a = c->more[cls];
      /* Relaxed: a look that spares the locked exchange when nothing
	 came back.  The exchange's acquire pairs with er_act_return's
	 release compare-and-swap: the chain, and the last uses of the
	 activations by the process that ran them, come before their
	 reuse here.  */
      if (!a && atomic_load_explicit (&c->returned[cls],
				      memory_order_relaxed))
	a = atomic_exchange_explicit (&c->returned[cls], NULL,
				      memory_order_acquire);
      if (a)
	c->more[cls] = a->chain_next;
    }
  if (a)
    {
      er_act *n = a->free_next;
      c->free[cls] = n;
      /* The next creation fills it: its lines are on their way (they
	 come back from the process that ran it, and the creation's locked
	 instructions would wait for the stores that miss on them).  */
      if (n)
	for (size_t o = 0; o < (size_t) ER_ACT_MIN << cls; o += 64)
	  __builtin_prefetch ((char *) n + o, 1);
    }
  else if ((a = malloc ((size_t) ER_ACT_MIN << cls)))
    {
      a->home = c;
      a->cls = cls;
    }
  return a;
}

/* The instances of the activations FIRST .. LAST (linked by free_next,
   all of FIRST's size class) are over: back to their creator's cache
   C.  */
static void
er_act_return (er_actcache *c, er_act *first, er_act *last)
{
  last->free_next = NULL;
  _Atomic (er_act *) *top = &c->returned[first->cls];
  /* Relaxed: a first guess (a failed compare-and-swap reloads it).
     Release, pairs with er_act_alloc's acquire exchange: CHAIN_NEXT and
     the instances' last uses come before the creator reuses them.  */
  er_act *old = atomic_load_explicit (top, memory_order_relaxed);
  do
    first->chain_next = old;
  while (!atomic_compare_exchange_weak_explicit (top, &old, first,
						 memory_order_release,
						 memory_order_relaxed));
}

/* A's instance is over.  */
static void
er_act_free (er_act *a)
{
  if (a->home)
    er_act_return (a->home, a, a);
  else
    free (a);
}

/* ---- sites ----------------------------------------------------------- */

static const char *
er_where (const er_site *site)
{
  return site->where ? site->where : "?";
}


/* The most workers of a site (erbium/task.h, ER_SITE_SPLIT).  */
#define ER_SPLIT_MAX 1024

/* ERBIUM_SPLIT: the workers of every split site, or 0 when unset,
   "auto" or invalid (each site's flags decide; env.c warns); read
   once.  */
static int
er_split_env (void)
{
  static _Atomic int cached = -1;
  /* Relaxed: every thread computes the same value.  */
  int v = atomic_load_explicit (&cached, memory_order_relaxed);
  if (v >= 0)
    return v;
  v = (int) er_env_long ("ERBIUM_SPLIT", 1, ER_SPLIT_MAX, "auto", 0);
  atomic_store_explicit (&cached, v, memory_order_relaxed);
  return v;
}

/* The number of workers of SITE (erbium/task.h, ER_SITE_SPLIT): 1 for a
   site not split; ERBIUM_SPLIT's when set; the site's own; or under
   auto, its share of the work times the cores, rounded, within
   [1, cores].  *HOW says which, for the placement report.  */
static int
er_site_workers (const er_site *site, const char **how)
{
  int f = site->flags;
  *how = "not split";
  if (!(f & ER_SITE_SPLIT) || (f & ER_SITE_PER_INSTANCE))
    return 1;
  int share = ER_SITE_SHARE_OF (f);
  if (share > 100)
    er_fatal ("task site %s: flags give a share of the work of %d%% (rule: "
	      "ER_SITE_SHARE of 0 .. 100; erbium/task.h)", er_where (site),
	      share);
  if (ER_SITE_WORKERS_OF (f) > ER_SPLIT_MAX)
    er_fatal ("task site %s: flags ask for %d workers (rule: "
	      "ER_SITE_WORKERS of 1 .. %d; erbium/task.h)", er_where (site),
	      ER_SITE_WORKERS_OF (f), ER_SPLIT_MAX);
  int w = er_split_env ();
  *how = "ERBIUM_SPLIT";
  if (w)
    return w;
  *how = "the site's flags";
  if ((w = ER_SITE_WORKERS_OF (f)))
    return w;
  int cores = er_ncores ();
  *how = "auto";
  w = share ? (share * cores + 50) / 100 : cores;
  return w < 1 ? 1 : w > cores ? cores : w;
}

/* erbium/task.h.  Only the control program that creates the group's
   instances calls it (the plugin proves it), so *CHOICE is its own.  */
int
er_task_fuse_choice (const er_site *fused, int processes, int *choice)
{
  if (*choice)
    return *choice == 1;
  /* -1: auto, the default, also after the warning on another value.  */
  long forced = er_env_long ("ERBIUM_FUSE", 0, 1, "auto", -1);
  const char *how = forced < 0 ? "auto" : "ERBIUM_FUSE";
  int cores = er_ncores ();
  int fuse = forced < 0 ? processes > cores : (int) forced;
  *choice = fuse ? 1 : 2;
  if (er_env_flag ("ERBIUM_PLACEMENT_REPORT", 0))
    fprintf (stderr, "erbium: task site %s: %s (%s; %d processes unfused, "
	     "%d cores)\n", er_where (fused), fuse ? "fused" : "not fused",
	     how, processes, cores);
  return fuse;
}

/* A new worker state of SITE (its queue empty, its process not
   started), the site's own when SITE_RT is NULL.  */
static er_site_rt *
er_worker_new (er_site *site, er_site_rt *site_rt, int index)
{
  er_site_rt *rt = er_zalloc_line (sizeof *rt, "a task site's state");
  /* Relaxed: RT is published by er_site_rt_of's release stores.  */
  atomic_store_explicit (&rt->head, &rt->stub, memory_order_relaxed);
  atomic_store_explicit (&rt->tail, &rt->stub, memory_order_relaxed);
  atomic_store_explicit (&rt->wake, ER_INF, memory_order_relaxed);
  pthread_mutex_init (&rt->start_lock, NULL);
  rt->site = site;
  rt->site_rt = site_rt ? site_rt : rt;
  rt->index = index;
  return rt;
}

/* Make SITE's state and its workers'.  */
static er_site_rt *
er_site_rt_make (er_site *site)
{
  const char *how;
  int n = er_site_workers (site, &how);
  er_site_rt *rt = er_worker_new (site, NULL, 0);
  rt->nworkers = n;
  rt->workers = malloc ((size_t) n * sizeof *rt->workers);
  if (!rt->workers)
    er_fatal ("out of memory starting task site %s", er_where (site));
  rt->workers[0] = rt;
  for (int k = 1; k < n; k++)
    rt->workers[k] = er_worker_new (site, rt, k);
  for (int k = 0; k < n && n > 1; k++)
    if (asprintf (&rt->workers[k]->label, "%s, worker %d of %d",
		  er_where (site), k, n) < 0)
      rt->workers[k]->label = NULL;
  if ((site->flags & ER_SITE_SPLIT)
      && er_env_flag ("ERBIUM_PLACEMENT_REPORT", 0))
    fprintf (stderr, "erbium: task site %s: %d worker%s (%s; share %d%%, "
	     "%d cores)\n", er_where (site), n, n == 1 ? "" : "s", how,
	     ER_SITE_SHARE_OF (site->flags), er_ncores ());
  return rt;
}

/* SITE's runtime state, made at its first instance.  */
static er_site_rt *
er_site_rt_of (er_site *site)
{
  /* Acquire, pairs with the release store of SITE->rt below (checked
     again under er_sites_lock): the state's fields come first.  */
  er_site_rt *rt = __atomic_load_n ((er_site_rt **) &site->rt,
				    __ATOMIC_ACQUIRE);
  if (rt)
    return rt;
  /* Site processes are fibers unless the program or ERBIUM_FIBERS says
     otherwise (fiber.c, er_fibers_default).  */
  er_fibers_default (1);
  pthread_mutex_lock (&er_sites_lock);
  rt = site->rt;
  if (!rt)
    {
      rt = er_site_rt_make (site);
      /* Relaxed: the list's writers hold er_sites_lock.  Release,
	 pairs with the acquire loads of the list (er_tasks_idle_try,
	 er_tasks_quiesce) and of SITE->rt (above): RT's fields, NEXT
	 included, come first.  */
      rt->next = atomic_load_explicit (&er_sites, memory_order_relaxed);
      atomic_store_explicit (&er_sites, rt, memory_order_release);
      __atomic_store_n ((er_site_rt **) &site->rt, rt, __ATOMIC_RELEASE);
    }
  pthread_mutex_unlock (&er_sites_lock);
  return rt;
}

/* The worker of the site whose state is RT that runs the site's
   instance SERIAL (erbium/task.h, ER_SITE_SPLIT: instance K on worker
   K mod W); RT itself for a site not split.  */
static inline er_site_rt *
er_worker_of (er_site_rt *rt, int64_t serial)
{
  return rt->nworkers > 1 ? rt->workers[serial % rt->nworkers] : rt;
}

/* ---- children counts and taskwait ------------------------------------ */

static er_task *
er_task_new (er_act *owner)
{
  pthread_mutex_lock (&er_task_pool_lock);
  er_task *c = er_task_pool;
  if (c)
    er_task_pool = c->pool_next;
  pthread_mutex_unlock (&er_task_pool_lock);
  if (!c)
    {
      c = er_zalloc_line (sizeof *c, "a task's children count");
      /* Relaxed: C is not shared yet.  A count from the pool keeps the
	 threshold its last taskwait left: at worst a vain wake.  */
      atomic_store_explicit (&c->wake, ER_INF, memory_order_relaxed);
    }
  /* Relaxed: C goes to its children through their activations, which
     er_q_push publishes (release).  */
  atomic_store_explicit (&c->created, 0, memory_order_relaxed);
  atomic_store_explicit (&c->fin, 0, memory_order_relaxed);
  c->owner = owner;
  return c;
}

static void
er_task_free (er_task *c)
{
  pthread_mutex_lock (&er_task_pool_lock);
  c->pool_next = er_task_pool;
  er_task_pool = c;
  pthread_mutex_unlock (&er_task_pool_lock);
}

/* The calling thread's current task, made at its first child.  */
static er_task *
er_task_current (er_thread *t)
{
  if (!t->task)
    t->task = er_task_new (t->act);
  return t->task;
}

/* C's owner ended: its children free C, the last one to finish (or C
   goes now if none is left).  */
static void
er_task_end (er_task *c)
{
  /* Relaxed: only the owner, the caller, writes CREATED.  Acq_rel on
     FIN, pairs with the children's (er_child_done): whoever frees C
     comes after every other use of it (a reference count).  */
  int64_t n = atomic_load_explicit (&c->created, memory_order_relaxed) + 1;
  if (atomic_fetch_sub_explicit (&c->fin, n, memory_order_acq_rel) - n == -1)
    er_task_free (c);
}

/* N children of C finished.  */
static void
er_child_done (er_task *c, int64_t n)
{
  /* Seq_cst: its release pairs with er_taskwait_try's acquire load of
     FIN (the children's work comes before the taskwait's end), and with
     er_task_end as a reference count; with the seq_cst load of WAKE it
     pairs with the owner's compare-and-swap of WAKE (er_arm_word) and
     its last look at FIN (a Dekker pair: one sees the other).  */
  int64_t v = atomic_fetch_add_explicit (&c->fin, n, memory_order_seq_cst)
	      + n;
  if (v == -1)
    er_task_free (c);
  else if (v > 0 && v >= atomic_load_explicit (&c->wake,
					       memory_order_seq_cst))
    {
      /* Relaxed: a sleeper arming a lower threshold meanwhile is woken
	 all the same by the wake that follows, and arms again.  */
      atomic_store_explicit (&c->wake, ER_INF, memory_order_relaxed);
      er_wakeq_wake (&c->wq);
    }
}

static int
er_taskwait_try (struct er_waiter *w)
{
  er_task *c = w->ctx;
  /* Relaxed: the waiter is the owner, the only writer of CREATED.
     Acquire, pairs with er_child_done's increment: the children's work
     comes before what follows the taskwait.  */
  int64_t n = atomic_load_explicit (&c->created, memory_order_relaxed);
  int64_t f = atomic_load_explicit (&c->fin, memory_order_acquire);
  if (f >= n)
    return 1;
  w->seen = f;
  w->want = n;
  w->arm[0] = &c->wake;
  return 0;
}

/* The name of the task an instance ACT is, for reports ("the main
   thread" when NULL).  */
static void
er_report_task (FILE *f, er_act *a)
{
  if (!a)
    return;
  fprintf (f, "(task site %s, ", er_where (a->site));
  if (a->serial < 0)
    fputs ("undeferred instance) ", f);
  else if (a->rt && a->rt->nworkers > 1)
    fprintf (f, "instance %lld, on worker %lld of %d) ",
	     (long long) a->serial,
	     (long long) (a->serial % a->rt->nworkers), a->rt->nworkers);
  else
    fprintf (f, "instance %lld) ", (long long) a->serial);
}

static void
er_taskwait_report (struct er_waiter *w, FILE *f)
{
  er_task *c = w->ctx;
  /* Relaxed: numbers for a report.  */
  int64_t n = atomic_load_explicit (&c->created, memory_order_relaxed);
  int64_t fin = atomic_load_explicit (&c->fin, memory_order_relaxed);
  er_report_task (f, c->owner);
  fprintf (f, "waits in taskwait for %lld of the %lld task instances it "
	   "created", (long long) (n - fin), (long long) n);
}

void
er_taskwait_1 (void)
{
  er_thread *t = er_self ();
  er_task *c = t->task;
  if (!c)
    return;
  struct er_waiter w = { .try_fn = er_taskwait_try, .ctx = c,
    .op = ER_WAIT_TASK, .wq = &c->wq, .report_fn = er_taskwait_report };
  if (!er_taskwait_try (&w))
    er_wait (&w);
}

/* ---- instances ------------------------------------------------------- */

static int
er_acc_try (struct er_waiter *w)
{
  er_act *a = w->ctx;
  return er_ostream_ready (&a->acc[w->idx], w);
}

static void
er_acc_report (struct er_waiter *w, FILE *f)
{
  er_act *a = w->ctx;
  er_report_task (f, a);
  er_ostream_describe (f, &a->acc[w->idx]);
}

static int
er_acc_grow (struct er_waiter *w)
{
  er_act *a = w->ctx;
  return er_ostream_grow_for (&a->acc[w->idx]);
}

/* Run instance A in the calling thread T: wait until each access may
   proceed, in order, then compute the windows (all of them only now:
   ostream.c), then run the body as T's current task.  SEEN: what T last
   saw of its streams (er_ostream_ready_seen).  */
static void
er_act_run (er_act *a, er_thread *t, er_seen *seen)
{
  for (int k = 0; k < a->nacc; k++)
    if (!er_ostream_ready_seen (&a->acc[k], seen))
      {
	struct er_waiter w = { .try_fn = er_acc_try, .ctx = a, .idx = k,
	  .op = ER_WAIT_TASK, .wq = &a->acc[k].s->wq,
	  .report_fn = er_acc_report,
	  .grow_fn = a->acc[k].kind == ER_ACCESS_OUTPUT ? er_acc_grow
			: NULL };
	if (!er_acc_try (&w))
	  er_wait (&w);
      }
  for (int k = 0; k < a->nacc; k++)
    a->windows[k] = er_ostream_window (&a->acc[k]);
  er_task *saved_task = t->task;
  er_act *saved_act = t->act;
  t->task = NULL;
  t->act = a;
  a->site->body (a->args, (void *const *) a->windows);
  if (t->task)
    er_task_end (t->task);
  t->task = saved_task;
  t->act = saved_act;
}

/* Hand on T's batch (er_batch).  */
void
er_tasks_flush (er_thread *t)
{
  er_batch *b = t->batch;
  t->batched = 0;
  if (!b)
    return;
  if (b->ret)
    er_act_return (b->home, b->ret, b->ret_last);
  b->ret = NULL;
  b->nret = 0;
  if (!b->n)
    return;
  for (int k = 0; k < b->nstreams; k++)
    er_stream_release_n (b->s[k], b->nrel[k]);
  er_child_done (b->parent, b->n);
  /* A locked instruction: the count is visible before the exit threshold
     is read (er_tasks_quiesce arms it, then looks).  Seq_cst, pairs with
     er_tasks_idle_try's loads of FINISHED: the instances' work, and the
     instances they created (CREATED), come before.  */
  atomic_fetch_add_explicit (&b->rt->finished, b->n, memory_order_seq_cst);
  /* Seq_cst load, relaxed store of the threshold: as er_child_done's.  */
  if (atomic_load_explicit (&er_exit_wake, memory_order_seq_cst) != ER_INF)
    {
      atomic_store_explicit (&er_exit_wake, ER_INF, memory_order_relaxed);
      er_wakeq_wake (&er_exit_wq);
    }
  b->n = 0;
  b->nstreams = 0;
}

static er_batch *
er_batch_of (er_thread *t)
{
  if (!t->batch)
    t->batch = er_zalloc_line (sizeof *t->batch, "a batch of instances");
  return t->batch;
}

/* Thread T is done with activation A: back to its creator, in T's
   batch.  */
static void
er_act_recycle (er_thread *t, er_act *a)
{
  if (!a->home)
    {
      free (a);
      return;
    }
  er_batch *b = er_batch_of (t);
  if (b->ret && (b->home != a->home || b->cls != a->cls))
    er_tasks_flush (t);
  if (!b->ret)
    {
      b->ret_last = a;
      b->home = a->home;
      b->cls = a->cls;
    }
  a->free_next = b->ret;
  b->ret = a;
  t->batched = 1;
  if (++b->nret == ER_BATCH_MAX)
    er_tasks_flush (t);
}

/* Instance A has run in thread T: its ranges are done; its references,
   its parent's count and its site's count go into T's batch (an
   undeferred instance's are handed on at once).  The activation goes back
   too, unless QUEUED: its site's queue holds it as its dummy (er_q_pop
   gives it back).  */
static void
er_act_finish (er_act *a, er_thread *t, int queued)
{
  for (int k = 0; k < a->nacc; k++)
    er_ostream_done (&a->acc[k]);
  if (!a->deferred)
    {
      for (int k = 0; k < a->nacc; k++)
	er_stream_release (a->acc[k].s);
      er_act_free (a);
      return;
    }
  er_batch *b = er_batch_of (t);
  if (b->n && (b->parent != a->parent || b->rt != a->rt))
    er_tasks_flush (t);
  for (int k = 0; k < a->nacc; k++)
    {
      er_stream *s = a->acc[k].s;
      int j = 0;
      while (j < b->nstreams && b->s[j] != s)
	j++;
      if (j == ER_BATCH_STREAMS)
	{
	  er_tasks_flush (t);
	  j = 0;
	}
      if (j == b->nstreams)
	{
	  b->s[j] = s;
	  b->nrel[j] = 0;
	  b->nstreams++;
	}
      b->nrel[j]++;
    }
  b->parent = a->parent;
  b->rt = a->rt;
  t->batched = 1;
  int full = ++b->n == ER_BATCH_MAX;
  if (!queued)
    er_act_recycle (t, a);
  if (full)
    er_tasks_flush (t);
}

/* The next activation of RT's queue for its process T, or NULL when the
   queue is empty (or a creator is between its exchange and its link).
   The dummy it replaces goes back to its creator (head of the queue's
   section).  */
static er_act *
er_q_pop (er_site_rt *rt, er_thread *t)
{
  /* Relaxed load and store of the head: only this process uses it.
     Acquire, pairs with er_q_push's release store of the link: the
     activation's contents come first.  */
  er_qnode *head = atomic_load_explicit (&rt->head, memory_order_relaxed);
  er_qnode *next = atomic_load_explicit (&head->next, memory_order_acquire);
  if (!next)
    return NULL;
  atomic_store_explicit (&rt->head, next, memory_order_relaxed);
  /* Relaxed: only for a prefetch; er_q_pop's next call loads it again
     with acquire.  */
  er_qnode *after = atomic_load_explicit (&next->next, memory_order_relaxed);
  if (after)
    {
      /* The next activation's lines travel while this one runs.  */
      __builtin_prefetch (after);
      __builtin_prefetch ((char *) after + 64);
      __builtin_prefetch ((char *) after + 128);
    }
  if (head != &rt->stub)
    er_act_recycle (t, (er_act *) head);
  return (er_act *) next;
}

/* RT's process T stops: the queue is empty and nobody creates; it goes
   back to the stub, and the dummy to its creator.  */
static void
er_q_reset (er_site_rt *rt, er_thread *t)
{
  /* Relaxed: the head and the stub are this process's while nobody
     pushes.  Release, pairs with the next push's exchange of the tail
     (er_q_push, acq_rel): the stub's NULL link comes before the
     pusher's store to it.  */
  er_qnode *head = atomic_load_explicit (&rt->head, memory_order_relaxed);
  atomic_store_explicit (&rt->stub.next, NULL, memory_order_relaxed);
  atomic_store_explicit (&rt->head, &rt->stub, memory_order_relaxed);
  atomic_store_explicit (&rt->tail, &rt->stub, memory_order_release);
  if (head != &rt->stub)
    er_act_recycle (t, (er_act *) head);
}

/* ---- ranges of instances (er_task_create_range) ---------------------- */

/* An activation of a range of instances has er_act.deferred ==
   ER_ACT_RANGE, and after its windows this header, then the working
   copy of the firstprivate bytes (er_act.args), their value for the
   range's first instance, and the steps.  Its accesses (er_act.acc)
   hold each instance's positions in turn.  */
#define ER_ACT_RANGE 2

typedef struct er_range_hdr
{
  int64_t n;			/* instances */
  int64_t serial0;		/* the first one's number in its site */
  size_t args_size;
  int nsteps;
  const void *first;		/* the first instance's firstprivate bytes */
  const struct er_task_step *steps;
  /* A split site's range: the instances K0, K0 + STRIDE, ... of the
     range are this activation's, and SPLIT what its workers share;
     else K0 0, STRIDE 1, SPLIT NULL.  */
  int64_t k0, stride;
  struct er_split_range *split;
  int64_t base[];		/* each access's start for the first */
} er_range_hdr;

/* What the W activations of a range of a split site share (one per
   worker that has instances of it, activation J running instances
   J, J + W, ...): each one's next instance not done, on a line of its
   own, so that the first N of the range's instances all done is the
   least of them (each worker runs its instances in order); per access,
   whether its range was passed (er_ostream_done_prefix); and how many
   activations have not finished, the last of which drops the streams'
   references and frees this.  */
typedef struct er_split_range
{
  _Atomic int left;
  int na;			/* the activations, min (W, N): PROG's */
  int *passed;			/* per access, after PROG */
  struct
  {
    _Alignas (ER_CACHE_LINE) _Atomic int64_t next;
  } prog[];
} er_split_range;

/* The largest span of one access of a range, in elements: what
   er_range.part holds.  */
#define ER_RANGE_SPAN (((int64_t) 1 << 31) - 1)
/* Accesses whose state er_range_run keeps on the stack.  */
#define ER_RANGE_ACC_LOCAL 8

static er_range_hdr *
er_range_of (er_act *a)
{
  size_t off = ((size_t) ((char *) (a->windows + a->nacc) - (char *) a)
		+ 15) & ~(size_t) 15;
  return (er_range_hdr *) ((char *) a + off);
}

/* DST := the firstprivate bytes of the instance K after the one whose
   bytes are SRC (SIZE bytes): the STEPS fields advanced K times.  */
static void
er_args_advance (void *dst, const void *src, size_t size,
		 const struct er_task_step *steps, int nsteps, int64_t k)
{
  if (size)
    memcpy (dst, src, size);
  for (int j = 0; j < nsteps; j++)
    {
      char *p = (char *) dst + steps[j].offset;
      uint64_t d = (uint64_t) k * (uint64_t) steps[j].step;
      switch (steps[j].width)
	{
	case 1: { uint8_t v; memcpy (&v, p, 1); v += (uint8_t) d;
		  memcpy (p, &v, 1); break; }
	case 2: { uint16_t v; memcpy (&v, p, 2); v += (uint16_t) d;
		  memcpy (p, &v, 2); break; }
	case 4: { uint32_t v; memcpy (&v, p, 4); v += (uint32_t) d;
		  memcpy (p, &v, 4); break; }
	default: { uint64_t v; memcpy (&v, p, 8); v += d;
		   memcpy (p, &v, 8); break; }
	}
    }
}

/* Run instance K of the range activation A, whose header is H, in the
   calling thread T as er_act_run runs one: its serial, its firstprivate
   bytes and its accesses' starts are those K calls of er_task_create
   after the range's first would give it.  */
static inline void
er_range_instance_run (er_act *a, er_range_hdr *h, int64_t k, er_thread *t,
		       er_seen *seen)
{
  a->serial = h->serial0 + k;
  er_args_advance (a->args, h->first, h->args_size, h->steps, h->nsteps, k);
  for (int j = 0; j < a->nacc; j++)
    a->acc[j].start = h->base[j] + k * a->acc[j].burst;
  er_act_run (a, t, seen);
}

/* Run the instances of the range activation A in order in the calling
   thread T (a site's process), each as er_act_run runs one, its ranges
   done in part after it (er_ostream_done_part) so that its readers and
   the writers after it go on while the next runs.  */
static void
er_range_instances (er_act *a, er_thread *t, er_seen *seen)
{
  er_range_hdr *h = er_range_of (a);
  int at_head_local[ER_RANGE_ACC_LOCAL] = { 0 }, *at_head = at_head_local;
  if (a->nacc > ER_RANGE_ACC_LOCAL
      && !(at_head = calloc ((size_t) a->nacc, sizeof *at_head)))
    er_fatal ("out of memory running instances of task site %s",
	      er_where (a->site));
  for (int64_t k = 0; k < h->n; k++)
    {
      er_range_instance_run (a, h, k, t, seen);
      for (int j = 0; j < a->nacc; j++)
	er_ostream_done_part (&a->acc[j], h->base[j], k == h->n - 1,
			      &at_head[j]);
    }
  if (at_head != at_head_local)
    free (at_head);
}

/* The same for the activation A of a split site's range that one
   worker runs (er_range_split): its instances K0, K0 + W, ... in order;
   after each, its next instance is published, and every access's
   frontier moves over the first instances of the range that all
   workers have done (er_ostream_done_prefix).  Returns how many
   instances it ran.  */
static int64_t
er_range_instances_split (er_act *a, er_thread *t, er_seen *seen)
{
  er_range_hdr *h = er_range_of (a);
  er_split_range *sp = h->split;
  int64_t ran = 0;
  for (int64_t k = h->k0; k < h->n; k += h->stride, ran++)
    {
      er_range_instance_run (a, h, k, t, seen);
      for (int j = 0; j < a->nacc; j++)
	er_ostream_output_fixup (&a->acc[j]);
      /* Seq_cst store and loads (a locked store on x86, once per
	 instance): with two workers finishing their last instances at
	 once, each must see the other's progress or be seen by it (a
	 Dekker pair), else neither would pass the range.  Their release
	 and acquire also order this instance's outputs, and its reads,
	 before the frontier that passes it, whoever moves it.  */
      atomic_store_explicit (&sp->prog[h->k0].next, k + h->stride,
			     memory_order_seq_cst);
      int64_t done = h->n;
      for (int j = 0; j < sp->na; j++)
	{
	  int64_t v = atomic_load_explicit (&sp->prog[j].next,
					    memory_order_seq_cst);
	  if (v < done)
	    done = v;
	}
      for (int j = 0; j < a->nacc; j++)
	er_ostream_done_prefix (&a->acc[j], h->base[j], done, h->n,
				&sp->passed[j]);
    }
  return ran;
}

/* Run the range activation A in the calling thread T (a site's process
   or worker: er_range_instances, er_range_instances_split), then hand
   on its references (the last worker of a split range), its parent's
   count and its site's count (as er_tasks_flush does for a batch).  The
   activation stays: its site's queue holds it as its dummy, and
   er_q_pop gives it back.  */
static void
er_range_run (er_act *a, er_thread *t, er_seen *seen)
{
  er_range_hdr *h = er_range_of (a);
  er_split_range *sp = h->split;
  int64_t n = h->n;
  if (sp)
    n = er_range_instances_split (a, t, seen);
  else
    er_range_instances (a, t, seen);
  er_tasks_flush (t);
  er_site_rt *rt = a->rt;
  er_task *parent = a->parent;
  /* Acq_rel: the other workers' uses of SP and of the streams come
     before the last one's release of them (a reference count).  */
  if (!sp || atomic_fetch_sub_explicit (&sp->left, 1,
					memory_order_acq_rel) == 1)
    {
      for (int j = 0; j < a->nacc; j++)
	er_stream_release (a->acc[j].s);
      free (sp);
    }
  er_child_done (parent, n);
  /* Seq_cst, then the threshold: as er_tasks_flush's.  */
  atomic_fetch_add_explicit (&rt->finished, n, memory_order_seq_cst);
  if (atomic_load_explicit (&er_exit_wake, memory_order_seq_cst) != ER_INF)
    {
      atomic_store_explicit (&er_exit_wake, ER_INF, memory_order_relaxed);
      er_wakeq_wake (&er_exit_wq);
    }
}

/* ---- the processes --------------------------------------------------- */

static int
er_site_idle_try (struct er_waiter *w)
{
  er_site_rt *rt = w->ctx;
  /* Acquire on STOP, pairs with er_tasks_quiesce's store: every
     instance finished before it.  */
  if (er_q_nonempty (rt)
      || atomic_load_explicit (&rt->stop, memory_order_acquire))
    return 1;
  /* About to sleep (armed): a creator that has exchanged the tail but not
     linked yet may have read WAKE before the process armed it, since its
     link may become visible after that read; its exchange, a locked
     instruction, is seen.  Relaxed on WAKE and the head (this
     process's own words); acquire on the tail, pairs with er_q_push's
     exchange (the caller polls again, through er_q_pop's acquire).  */
  if (atomic_load_explicit (&rt->wake, memory_order_relaxed) != ER_INF
      && atomic_load_explicit (&rt->tail, memory_order_acquire)
	 != atomic_load_explicit (&rt->head, memory_order_relaxed))
    return 1;
  w->want = 0;
  w->arm[0] = &rt->wake;
  return 0;
}

static void
er_site_idle_report (struct er_waiter *w, FILE *f)
{
  er_site_rt *rt = w->ctx;
  if (rt->site_rt->nworkers > 1)
    fprintf (f, "(worker %d of %d of task site %s) waits for instances: "
	     "none queued", rt->index, rt->site_rt->nworkers,
	     er_where (rt->site));
  else
    fprintf (f, "(the process of task site %s) waits for instances: "
	     "none queued", er_where (rt->site));
}

/* A site's process, or one of its workers (head of this file).  P: its
   er_site_rt *.  */
static void
er_site_main (void *p)
{
  er_site_rt *rt = *(er_site_rt **) p;
  er_thread *t = er_self ();
  /* For ERBIUM_STATS (stats.c).  */
  t->site = rt->label ? rt->label : er_where (rt->site);
  for (;;)
    {
      er_act *a = er_q_pop (rt, t);
      if (a)
	{
	  if (a->deferred == ER_ACT_RANGE)
	    er_range_run (a, t, rt->seen);
	  else
	    {
	      er_act_run (a, t, rt->seen);
	      er_act_finish (a, t, 1);
	    }
	  continue;
	}
      struct er_waiter w = { .try_fn = er_site_idle_try, .ctx = rt,
	.op = ER_WAIT_TASK, .wq = &rt->wq,
	.report_fn = er_site_idle_report };
      if (!er_site_idle_try (&w))
	er_wait (&w);
      /* Acquire, as in er_site_idle_try.  */
      if (!er_q_nonempty (rt)
	  && atomic_load_explicit (&rt->stop, memory_order_acquire))
	{
	  er_q_reset (rt, t);
	  return;
	}
    }
}

/* The process of an ER_SITE_PER_INSTANCE instance.  P: its er_act *.  */
static void
er_instance_main (void *p)
{
  er_act *a = *(er_act **) p;
  er_thread *t = er_self ();
  t->site = er_where (a->site);	/* for ERBIUM_STATS (stats.c) */
  er_seen seen[2] = { { 0, 0 }, { 0, 0 } };
  er_act_run (a, t, seen);
  er_act_finish (a, t, 0);
  er_tasks_flush (t);
}

/* Give A to its site's process, starting it if needed, and wake it if it
   sleeps.  */
static void
er_site_give (er_site_rt *rt, er_act *a)
{
  er_q_push (rt, &a->q);
  /* Acquire, pairs with the release store below and er_tasks_stopped's
     store (double-checked under START_LOCK, which orders the start).  */
  if (!atomic_load_explicit (&rt->running, memory_order_acquire))
    {
      pthread_mutex_lock (&rt->start_lock);
      if (!atomic_load_explicit (&rt->running, memory_order_relaxed))
	{
	  atomic_store_explicit (&rt->running, 1, memory_order_release);
	  er_process_start (-1, er_site_main, &rt, sizeof rt);
	}
      pthread_mutex_unlock (&rt->start_lock);
    }
  /* The exchange of the push ordered it before this read; the process
     arms WAKE before its last look at the queue (er_site_idle_try).
     Seq_cst load, relaxed store: as er_child_done's.  */
  if (atomic_load_explicit (&rt->wake, memory_order_seq_cst) != ER_INF)
    {
      atomic_store_explicit (&rt->wake, ER_INF, memory_order_relaxed);
      er_wakeq_wake (&rt->wq);
    }
}

/* ---- creation -------------------------------------------------------- */

/* A control program that creates instances faster than a site's process
   runs them never waits (erbium/task.h), but the activations pile up:
   memory, and page faults for the creator.  Every ER_BACKLOG_CHECK
   instances of a site, a creator that finds more than ER_BACKLOG of them
   not finished gives its core away once (sched_yield: no wait, so no
   deadlock), which on a machine with fewer cores than threads lets the
   processes catch up.  */
#define ER_BACKLOG_CHECK 256
#define ER_ACC_LOCAL 8		/* accesses reserved on the stack */
#define ER_BACKLOG 4096

static void
er_backlog_check (er_site_rt *rt, int64_t serial)
{
  /* Relaxed: a hint whether to yield (er_tasks_flush's increment).  */
  if (serial - atomic_load_explicit (&rt->finished, memory_order_relaxed)
      > ER_BACKLOG)
    sched_yield ();
}

static const char *const er_kind_names[] = { "?", "input", "output",
  "peek" };

/* Check ACC[K] of an instance of SITE (erbium/task.h, er_task_access).  */
static void
er_task_check_access (er_site *site, const struct er_task_access *acc, int k)
{
  const struct er_task_access *x = &acc[k];
  er_stream_check (x->stream, "task_create", er_where (site));
  const char *name = er_stream_name (x->stream);
  long long b = (long long) x->burst, h = (long long) x->horizon;
  const char *rule = NULL;
  switch (x->kind)
    {
    case ER_ACCESS_OUTPUT:
      if (b < 1 || h != b)
	rule = "an output has burst >= 1 and horizon equal to its burst";
      break;
    case ER_ACCESS_INPUT:
      if (b < 1 || h < b)
	rule = "an input has 1 <= burst <= horizon";
      break;
    case ER_ACCESS_PEEK:
      if (b != 0 || h < 1)
	rule = "a peek has burst 0 and horizon >= 1";
      break;
    default:
      er_fatal ("task_create at task site %s: access %d (stream %s) has "
		"kind %d, not ER_ACCESS_INPUT, ER_ACCESS_OUTPUT or "
		"ER_ACCESS_PEEK (erbium/task.h)", er_where (site), k, name,
		x->kind);
    }
  if (rule)
    er_fatal ("task_create at task site %s: access %d, %s of stream %s "
	      "with burst %lld and horizon %lld (rule: %s; erbium/task.h)",
	      er_where (site), k, er_kind_names[x->kind], name, b, h, rule);
  /* A stream's buffer holds four windows, of at most 2^31 elements and
     2^40 bytes (ostream.c): a window past a quarter of either could
     never be mapped.  */
  size_t esize = er_stream_esize (x->stream);
  if (h > ((int64_t) 1 << 29) || (uint64_t) h * esize > ((uint64_t) 1 << 38))
    er_fatal ("task_create at task site %s: access %d, %s of stream %s: "
	      "a window of %lld elements of %zu bytes is more than a stream "
	      "buffer holds (2^29 elements and 2^38 bytes at most)",
	      er_where (site), k, er_kind_names[x->kind], name, h, esize);
}

/* task_create (erbium/task.h gives the arguments and errors); the entry
   point er_task_create (init.c) initialises the runtime first, and so
   do er_task_create_range and er_taskwait for the two below.  */
void
er_task_create_1 (er_site *site, const void *args, size_t args_size,
		const struct er_task_access *acc, int nacc, int flags)
{
  if (!site || !site->body)
    er_fatal ("task_create: %s (rule: every task site has a body; "
	      "erbium/task.h)", site ? "a task site with no body"
	      : "no task site (NULL)");
  if (nacc < 0 || (nacc > 0 && !acc) || (args_size && !args))
    er_fatal ("task_create at task site %s: %s (erbium/task.h)",
	      er_where (site), nacc < 0 ? "negative number of accesses"
	      : nacc > 0 && !acc ? "accesses given as NULL"
	      : "firstprivate bytes given as NULL");
  for (int k = 0; k < nacc; k++)
    er_task_check_access (site, acc, k);

  /* Positions first, then the activation: the locked instructions of
     the reservations would otherwise wait for the stores that fill it,
     which miss (it comes back from another core).  */
  er_acc local[ER_ACC_LOCAL], *xs = local;
  if (nacc > ER_ACC_LOCAL && !(xs = malloc ((size_t) nacc * sizeof *xs)))
    er_fatal ("out of memory creating an instance of task site %s",
	      er_where (site));
  for (int k = 0; k < nacc; k++)
    {
      er_acc *x = &xs[k];
      x->s = acc[k].stream;
      x->kind = acc[k].kind;
      x->burst = acc[k].burst;
      x->horizon = acc[k].horizon;
      x->win = NULL;
      er_ostream_reserve (x, site->where);
    }
  er_thread *t = er_self ();
  int deferred = !(flags & ER_TASK_UNDEFERRED);
  er_task *c = NULL;
  er_site_rt *rt = NULL;
  int64_t serial = -1;
  if (deferred)
    {
      c = er_task_current (t);
      /* Relaxed load and store: the owner is the only writer; the
	 children see C through their activations (er_q_push, release).  */
      atomic_store_explicit (&c->created,
			     atomic_load_explicit (&c->created,
						   memory_order_relaxed) + 1,
			     memory_order_relaxed);
      rt = er_site_rt_of (site);
      /* Relaxed: a serial number, and a count that er_tasks_idle_try
	 reads after FINISHED; an instance's creator counts it before
	 its own instance's FINISHED (seq_cst, a release), so the exit
	 sees it.  */
      serial = atomic_fetch_add_explicit (&rt->created, 1,
					  memory_order_relaxed);
    }

  size_t off_win = sizeof (er_act) + (size_t) nacc * sizeof (er_acc);
  size_t off_args = (off_win + (size_t) nacc * sizeof (void *) + 15)
		    & ~(size_t) 15;
  er_act *a = er_act_alloc (t, off_args + args_size);
  if (!a)
    er_fatal ("out of memory creating an instance of task site %s",
	      er_where (site));
  a->site = site;
  a->rt = rt;
  a->parent = c;
  a->serial = serial;
  a->deferred = deferred;
  a->nacc = nacc;
  a->windows = (void **) ((char *) a + off_win);
  a->args = (char *) a + off_args;
  if (args_size)
    memcpy (a->args, args, args_size);
  memcpy (a->acc, xs, (size_t) nacc * sizeof *xs);
  if (xs != local)
    free (xs);

  if (!deferred)
    {
      er_seen seen[2] = { { 0, 0 }, { 0, 0 } };
      er_act_run (a, t, seen);
      er_act_finish (a, t, 0);
    }
  else if (site->flags & ER_SITE_PER_INSTANCE)
    er_process_start (-1, er_instance_main, &a, sizeof a);
  else
    {
      /* Round robin over the workers (erbium/task.h, ER_SITE_SPLIT).  */
      er_site_give (er_worker_of (rt, serial), a);
      if (serial % ER_BACKLOG_CHECK == 0)
	er_backlog_check (rt, serial);
    }
}

/* The layout of a range activation (er_range_of) of NACC accesses,
   ARGS_SIZE firstprivate bytes and NSTEPS steps: where the working copy
   of the firstprivate bytes, the first instance's and the steps start,
   and its size, in bytes.  */
typedef struct er_range_layout
{
  size_t off_win, off_hdr, off_args, off_first, off_steps, size;
} er_range_layout;

static er_range_layout
er_range_layout_of (int nacc, size_t args_size, int nsteps)
{
  er_range_layout l;
  l.off_win = sizeof (er_act) + (size_t) nacc * sizeof (er_acc);
  l.off_hdr = (l.off_win + (size_t) nacc * sizeof (void *) + 15)
	      & ~(size_t) 15;
  l.off_args = (l.off_hdr + sizeof (er_range_hdr)
		+ (size_t) nacc * sizeof (int64_t) + 15) & ~(size_t) 15;
  l.off_first = (l.off_args + args_size + 15) & ~(size_t) 15;
  l.off_steps = (l.off_first + args_size + 15) & ~(size_t) 15;
  l.size = l.off_steps + (size_t) nsteps * sizeof (struct er_task_step);
  return l;
}

/* A range activation of N instances of SITE from serial SERIAL, its
   accesses the NACC reserved ones at XS, its first instance's
   firstprivate bytes at ARGS, its steps STEPS, for creator T (whose
   task C is its parent): the instances K0, K0 + STRIDE, ... of the
   range.  */
static er_act *
er_range_act_new (er_thread *t, er_site *site, er_site_rt *rt, er_task *c,
		  const er_acc *xs, int nacc, const void *args,
		  size_t args_size, int64_t n, int64_t serial,
		  const struct er_task_step *steps, int nsteps)
{
  er_range_layout l = er_range_layout_of (nacc, args_size, nsteps);
  er_act *a = er_act_alloc (t, l.size);
  if (!a)
    er_fatal ("out of memory creating %lld instances of task site %s",
	      (long long) n, er_where (site));
  a->nacc = nacc;
  a->windows = (void **) ((char *) a + l.off_win);
  memcpy (a->acc, xs, (size_t) nacc * sizeof *xs);
  er_range_hdr *h = er_range_of (a);
  for (int k = 0; k < nacc; k++)
    h->base[k] = xs[k].start;
  a->site = site;
  a->rt = rt;
  a->parent = c;
  a->serial = serial;
  a->deferred = ER_ACT_RANGE;
  a->args = (char *) a + l.off_args;
  h->n = n;
  h->serial0 = serial;
  h->args_size = args_size;
  h->nsteps = nsteps;
  h->first = (char *) a + l.off_first;
  h->steps = (const struct er_task_step *) ((char *) a + l.off_steps);
  h->k0 = 0;
  h->stride = 1;
  h->split = NULL;
  if (args_size)
    memcpy ((char *) a + l.off_first, args, args_size);
  if (nsteps)
    memcpy ((char *) a + l.off_steps, steps, (size_t) nsteps * sizeof *steps);
  return a;
}

/* Workers whose activations er_range_split keeps on the stack.  */
#define ER_SPLIT_LOCAL 16

/* Give the range activation A of the split site RT to its workers: to
   each of the first min (W, N) a copy running every W-th instance of
   the range (the site's instance K goes to worker K mod W).  */
static void
er_range_split (er_thread *t, er_site_rt *rt, er_act *a)
{
  er_range_hdr *h = er_range_of (a);
  int w = rt->nworkers;
  int na = h->n < w ? (int) h->n : w;
  /* The flags per access after the progress of each activation.  */
  size_t off_passed = sizeof (er_split_range)
		      + (size_t) na * sizeof ((er_split_range *) 0)->prog[0];
  er_split_range *sp = er_zalloc_line (off_passed + (size_t) a->nacc
				       * sizeof (int),
				       "a range of a split task site");
  sp->passed = (int *) ((char *) sp + off_passed);
  sp->na = na;
  for (int j = 0; j < na; j++)
    /* Relaxed: SP reaches the workers through the pushes (release).  */
    atomic_store_explicit (&sp->prog[j].next, j, memory_order_relaxed);
  atomic_store_explicit (&sp->left, na, memory_order_relaxed);
  /* Every copy made from A before A goes: its worker changes A's
     accesses as it runs.  */
  er_act *local[ER_SPLIT_LOCAL], **as = local;
  if (na > ER_SPLIT_LOCAL && !(as = malloc ((size_t) na * sizeof *as)))
    er_fatal ("out of memory creating instances of task site %s",
	      er_where (a->site));
  for (int j = 0; j < na; j++)
    {
      as[j] = j ? er_range_act_new (t, a->site, rt, a->parent, a->acc,
				    a->nacc, h->first, h->args_size, h->n,
				    h->serial0, h->steps, h->nsteps) : a;
      er_range_hdr *hj = er_range_of (as[j]);
      hj->k0 = j;
      hj->stride = w;
      hj->split = sp;
    }
  for (int j = 0; j < na; j++)
    er_site_give (er_worker_of (rt, h->serial0 + j), as[j]);
  if (as != local)
    free (as);
}

/* er_task_create_range with N >= 1 instances that one range may hold
   (ER_RANGE_SPAN), the first one's firstprivate bytes at ARGS: reserve
   every access's positions once, fill one activation, count the
   instances and give it to SITE's process (to each of its workers, a
   split site's: er_range_split).  */
static void
er_create_range (er_site *site, const void *args, size_t args_size,
		 const struct er_task_access *acc, int nacc, int64_t n,
		 const struct er_task_step *steps, int nsteps)
{
  er_thread *t = er_self ();
  er_acc local[ER_ACC_LOCAL], *xs = local;
  if (nacc > ER_ACC_LOCAL && !(xs = malloc ((size_t) nacc * sizeof *xs)))
    er_fatal ("out of memory creating instances of task site %s",
	      er_where (site));
  for (int k = 0; k < nacc; k++)
    {
      er_acc *x = &xs[k];
      x->s = acc[k].stream;
      x->kind = acc[k].kind;
      x->burst = acc[k].burst;
      x->horizon = acc[k].horizon;
      x->win = NULL;
      er_ostream_reserve_range (x, n, site->where);
    }
  er_task *c = er_task_current (t);
  /* Relaxed, as in er_task_create.  */
  atomic_store_explicit (&c->created,
			 atomic_load_explicit (&c->created,
					       memory_order_relaxed) + n,
			 memory_order_relaxed);
  er_site_rt *rt = er_site_rt_of (site);
  int64_t serial = atomic_fetch_add_explicit (&rt->created, n,
					      memory_order_relaxed);
  er_act *a = er_range_act_new (t, site, rt, c, xs, nacc, args, args_size,
				n, serial, steps, nsteps);
  if (xs != local)
    free (xs);
  /* One instance needs no split: its worker runs it as a whole.  */
  if (n > 1 && rt->nworkers > 1)
    er_range_split (t, rt, a);
  else
    er_site_give (er_worker_of (rt, serial), a);
  er_backlog_check (rt, serial);
}

void
er_task_create_range_1 (er_site *site, const void *args, size_t args_size,
		      const struct er_task_access *acc, int nacc, int flags,
		      int64_t n, const struct er_task_step *steps, int nsteps)
{
  if (!site || !site->body)
    er_fatal ("task_create_range: %s (rule: every task site has a body; "
	      "erbium/task.h)", site ? "a task site with no body"
	      : "no task site (NULL)");
  const char *where = er_where (site);
  if (n < 0)
    er_fatal ("task_create_range at task site %s: negative number of "
	      "instances %lld (rule: N >= 0; erbium/task.h)", where,
	      (long long) n);
  if (nacc < 0 || (nacc > 0 && !acc) || (args_size && !args) || nsteps < 0
      || (nsteps > 0 && !steps))
    er_fatal ("task_create_range at task site %s: %s (erbium/task.h)",
	      where, nacc < 0 ? "negative number of accesses"
	      : nacc > 0 && !acc ? "accesses given as NULL"
	      : args_size && !args ? "firstprivate bytes given as NULL"
	      : nsteps < 0 ? "negative number of steps"
	      : "steps given as NULL");
  for (int j = 0; j < nsteps; j++)
    {
      uint32_t w = steps[j].width;
      if ((w != 1 && w != 2 && w != 4 && w != 8)
	  || (uint64_t) steps[j].offset + w > args_size)
	er_fatal ("task_create_range at task site %s: step %d: %u bytes at "
		  "offset %u of %zu firstprivate bytes (rule: a step is a "
		  "field of 1, 2, 4 or 8 bytes inside the firstprivate "
		  "bytes; erbium/task.h, er_task_step)", where, j, w,
		  steps[j].offset, args_size);
    }
  if (n == 0)
    return;
  for (int k = 0; k < nacc; k++)
    er_task_check_access (site, acc, k);

  if ((flags & ER_TASK_UNDEFERRED) || (site->flags & ER_SITE_PER_INSTANCE))
    {
      /* Instance after instance: the same positions.  */
      void *buf = args_size ? malloc (args_size) : NULL;
      if (args_size && !buf)
	er_fatal ("out of memory creating an instance of task site %s",
		  where);
      for (int64_t k = 0; k < n; k++)
	{
	  er_args_advance (buf, args, args_size, steps, nsteps, k);
	  er_task_create_1 (site, buf, args_size, acc, nacc, flags);
	}
      free (buf);
      return;
    }

  /* Pieces whose every access spans at most ER_RANGE_SPAN elements.  */
  int64_t maxb = 1;
  for (int k = 0; k < nacc; k++)
    if (acc[k].burst > maxb)
      maxb = acc[k].burst;
  int64_t piece = ER_RANGE_SPAN / maxb;
  void *first = NULL;
  for (int64_t k0 = 0; k0 < n; k0 += piece)
    {
      int64_t m = n - k0 < piece ? n - k0 : piece;
      const void *from = args;
      if (k0)
	{
	  if (!first && args_size && !(first = malloc (args_size)))
	    er_fatal ("out of memory creating instances of task site %s",
		      where);
	  er_args_advance (first, args, args_size, steps, nsteps, k0);
	  from = first;
	}
      er_create_range (site, from, args_size, acc, nacc, m, steps, nsteps);
    }
  free (first);
}

/* ---- the end of the program ------------------------------------------ */

/* Whether every deferred instance created has finished, read so that
   this held at one moment (between the two passes) with no instance
   running: each site's count of finished is read before its count of
   created, which are equal only if no instance was outstanding between
   the two reads; a site made since the first pass shows in the list.  */
static int
er_tasks_idle_try (struct er_waiter *w)
{
  /* Acquire, pairs with er_site_rt_of's release store of the list.
     Seq_cst loads of the counts, pair with the seq_cst increments of
     FINISHED (er_tasks_flush, er_range_run): an instance seen finished
     brings the instances it created into CREATED's view.  */
  er_site_rt *first = atomic_load_explicit (&er_sites, memory_order_acquire);
  int64_t fin = 0, cre = 0;
  for (er_site_rt *rt = first; rt; rt = rt->next)
    fin += atomic_load_explicit (&rt->finished, memory_order_seq_cst);
  for (er_site_rt *rt = first; rt; rt = rt->next)
    cre += atomic_load_explicit (&rt->created, memory_order_seq_cst);
  if (fin == cre
      && atomic_load_explicit (&er_sites, memory_order_seq_cst) == first)
    return 1;
  w->seen = cre - fin;
  w->want = 0;
  w->arm[0] = &er_exit_wake;
  return 0;
}

static void
er_tasks_idle_report (struct er_waiter *w, FILE *f)
{
  fprintf (f, "waits at the end of the program for the task instances: "
	   "%lld not finished", (long long) w->seen);
}

void
er_tasks_quiesce (void)
{
  /* Acquire, as in er_tasks_idle_try.  */
  if (!atomic_load_explicit (&er_sites, memory_order_acquire))
    return;
  struct er_waiter w = { .try_fn = er_tasks_idle_try, .op = ER_WAIT_TASK,
    .wq = &er_exit_wq, .report_fn = er_tasks_idle_report };
  if (!er_tasks_idle_try (&w))
    er_wait (&w);
  /* Seq_cst, stronger than needed: the store of STOP pairs with the
     processes' acquire loads (er_site_idle_try, er_site_main), the
     loads with er_site_give's release store of RUNNING.  */
  for (er_site_rt *rt = atomic_load (&er_sites); rt; rt = rt->next)
    for (int k = 0; k < rt->nworkers; k++)
      {
	er_site_rt *wk = rt->workers[k];
	if (atomic_load (&wk->running))
	  {
	    atomic_store (&wk->stop, 1);
	    er_wakeq_wake (&wk->wq);
	  }
      }
}

void
er_tasks_stopped (void)
{
  /* Seq_cst, stronger than needed: after the processes ended (the
     exit's wait), RUNNING's store pairs with er_site_give's acquire
     load, so that a later instance starts the site's process again.  */
  for (er_site_rt *rt = atomic_load (&er_sites); rt; rt = rt->next)
    for (int k = 0; k < rt->nworkers; k++)
      {
	er_site_rt *wk = rt->workers[k];
	if (atomic_load (&wk->stop))
	  {
	    atomic_store (&wk->running, 0);
	    atomic_store (&wk->stop, 0);
	  }
      }
}
