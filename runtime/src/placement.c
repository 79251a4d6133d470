/* SPDX-License-Identifier: MIT */
/* Erbium runtime: placing processes on cores (hwloc).

   Cores are those of the process's CPU affinity mask at start-up
   (er_restrict_to_allowed), so `taskset` and cpusets are obeyed.

   Policy: a new process goes to the least loaded core (so processes get
   distinct cores while cores remain); when a process connects its first
   view to a record, it moves to the least loaded core that shares the
   deepest cache with the record's other processes, if that is better than
   where it is.  The cache line size also comes from hwloc.

   With more automatically placed processes than cores, counting
   processes is not enough: a pipeline's stages differ in cost, and a
   core that got the heavy ones holds the whole pipeline back (the FM
   receiver of examples/fmradio ran 57 % of its work on one core of two).
   So every ER_BALANCE_PERIOD_NS, a thread that starts a long wait
   (er_wait) measures each process's work since the last look (its CPU
   time less the CPU time of its long waits) and, when moving processes
   from the busiest core to the idlest (one at a time, or two exchanged)
   would shorten the busiest core's work by more than ER_BALANCE_GAIN_PCT
   percent, makes those moves.
   Processes placed on a requested core (er_run_on) stay and count as
   load where they are.  The search starts from the current placement and
   stops when no move helps, so the processes stay put once balanced; the
   gain threshold keeps noise from moving anything.

   Every thread the runtime starts (a process's, a fiber worker) asks the
   kernel for the shortest time slice it gives (er_short_slice): a
   pipeline's threads run in short bursts between waits, and on a core
   that another program keeps busy, a thread woken by its peer's commit
   then takes the core at once instead of after the other program's
   slice (docs/performance.md, "Under load").

   Environment overrides: ERBIUM_BIND=0 (no binding), ERBIUM_CPUS=list of
   PU OS indices used cyclically in process creation order (no
   balancing), ERBIUM_BALANCE=0 (no balancing), ERBIUM_SLICE=0 (the
   kernel's default time slice), ERBIUM_PLACEMENT_REPORT=1 (print every
   decision on stderr).  */

#define _GNU_SOURCE
#include <errno.h>
#include <hwloc.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "internal.h"

#define ER_BALANCE_PERIOD_NS 10000000L	/* between two looks at the loads */
#define ER_BALANCE_MIN_NS 4000000L	/* CPU time a look needs to decide */
#define ER_BALANCE_GAIN_PCT 10	/* improvement that justifies moves */
#define ER_BALANCE_MAX 1024	/* processes considered, at most */
/* The time slice the runtime's threads ask for, ns: the shortest Linux
   grants (sched_setattr(2): a SCHED_OTHER thread's sched_runtime sets
   its slice since Linux 6.12, clamped to 0.1 .. 100 ms; earlier kernels
   ignore it).  */
#define ER_SLICE_NS 100000

static hwloc_topology_t er_topo;
static int er_topo_ok;
static int er_ncores_, er_npus_, er_line_ = 64;
static int er_bind = 1, er_report, er_balance, er_slice;
static int *er_core_load;
static int *er_cpus, er_ncpus;	/* ERBIUM_CPUS */
static int *er_cpu_load;	/* live processes per ERBIUM_CPUS entry */
static int er_next_cpu;
static pthread_mutex_t er_place_lock = PTHREAD_MUTEX_INITIALIZER;
static er_thread *er_placed;	/* bound processes, under the lock */
static int er_nplaced;		/* their number; read without the lock */
static _Atomic int64_t er_balance_next;	/* CLOCK_MONOTONIC ns */

/* Add D to the load counter *P (er_core_load, er_cpu_load), under
   er_place_lock.  Atomic all the same: er_core_shared reads the counters
   without the lock, in every long wait.  The cores of threads
   (er_thread.core) are likewise written with atomic stores under the
   lock, and read with atomic loads where the lock is not held.  */
static void
er_count (int *p, int d)
{
  /* Relaxed: the lock orders the writers; er_core_shared's relaxed
     loads want a recent value, not an order (a stale load makes one
     wait spin or yield when it should not).  */
  __atomic_fetch_add (p, d, __ATOMIC_RELAXED);
}

/* Parse ERBIUM_CPUS, "0,2,5-7" (hwloc's list syntax,
   hwloc_bitmap_list_sscanf), into er_cpus, after the topology is
   restricted to the process's CPUs.  A list that does not read, is
   empty, or names a processing unit the process may not run on leaves
   automatic placement, after a warning (env.c).  */
static void
er_parse_cpus (void)
{
  char *s = er_env_string ("ERBIUM_CPUS");
  if (!s)
    return;
  hwloc_bitmap_t b = hwloc_bitmap_alloc ();
  if (!b)
    er_fatal ("out of memory parsing ERBIUM_CPUS");
  int bad = hwloc_bitmap_list_sscanf (b, s) != 0 || hwloc_bitmap_iszero (b);
  if (!bad && er_topo_ok
      && !hwloc_bitmap_isincluded (b, hwloc_topology_get_topology_cpuset
					(er_topo)))
    bad = 2;
  free (s);
  if (bad)
    {
      /* EXPECTED holds ALL and the sentence around it: no truncation.  */
      char all[256], expected[sizeof all + 96];
      if (er_topo_ok)
	hwloc_bitmap_list_snprintf (all, sizeof all,
				    hwloc_topology_get_topology_cpuset
				      (er_topo));
      snprintf (expected, sizeof expected, "a list of processing units "
		"this process may run on (such as 0,1 or 0-3; here %s)",
		er_topo_ok ? all : "unknown");
      er_env_invalid ("ERBIUM_CPUS", expected, "automatic placement");
      hwloc_bitmap_free (b);
      return;
    }
  er_ncpus = hwloc_bitmap_weight (b);
  er_cpus = calloc (er_ncpus, sizeof *er_cpus);
  er_cpu_load = calloc (er_ncpus, sizeof *er_cpu_load);
  if (!er_cpus || !er_cpu_load)
    er_fatal ("out of memory parsing ERBIUM_CPUS");
  int k = 0, id;
  hwloc_bitmap_foreach_begin (id, b)
    er_cpus[k++] = id;
  hwloc_bitmap_foreach_end ();
  hwloc_bitmap_free (b);
}

/* Keep to the CPUs the program may run on: hwloc's topology lists every
   PU the operating system allows (cgroups, cpusets), but not the
   process's own affinity mask, so without this a program started under
   `taskset -c 0` or `numactl --physcpubind` would spread its processes
   over cores it was told to leave alone.  The mask is read once, at
   initialisation (first use of the runtime), from the process's threads
   (HWLOC_CPUBIND_PROCESS: on Linux, the union of their masks); the
   topology is then restricted to it (hwloc_topology_restrict, hwloc's
   "Restricting the topology"), so that every core count and core index
   below counts allowed cores only.  A mask that cannot be read or that
   hwloc rejects (EINVAL: the topology is left as it was) keeps the whole
   topology, said with ERBIUM_PLACEMENT_REPORT; running out of memory
   there is fatal (er_fatal), since hwloc then leaves the topology
   empty.  */
static void
er_restrict_to_allowed (void)
{
  hwloc_bitmap_t set = hwloc_bitmap_alloc ();
  if (!set)
    er_fatal ("out of memory reading the CPU affinity mask");
  hwloc_const_cpuset_t all = hwloc_topology_get_topology_cpuset (er_topo);
  char buf[256];
  if (hwloc_get_cpubind (er_topo, set, HWLOC_CPUBIND_PROCESS) != 0)
    {
      if (er_report)
	fprintf (stderr, "erbium: placement: could not read the process's "
		 "CPU affinity; using every CPU\n");
    }
  else if (hwloc_bitmap_intersects (set, all)
	   && !hwloc_bitmap_isincluded (all, set))
    {
      hwloc_bitmap_list_snprintf (buf, sizeof buf, set);
      if (hwloc_topology_restrict (er_topo, set, 0) == 0)
	{
	  if (er_report)
	    fprintf (stderr, "erbium: placement: affinity mask: PU %s\n",
		     buf);
	}
      else if (errno != EINVAL)
	er_fatal ("out of memory restricting the topology to the CPU "
		  "affinity mask (PU %s)", buf);
      else if (er_report)
	fprintf (stderr, "erbium: placement: hwloc rejects the affinity "
		 "mask (PU %s); using every CPU\n", buf);
    }
  hwloc_bitmap_free (set);
}

/* Spare the parts of topology discovery placement does not use: the load
   is timed by every program (it happens at the first primitive), and on
   these machines it took 0.95 ms, 0.59 ms without them (a program timing
   hwloc_topology_load with and without these settings, best of
   7).  Placement reads cores, PUs, caches and their sharing, which Linux's
   sysfs gives; the x86 backend only repeats them from cpuid, and
   distances, memory attributes and CPU kinds go unused.  hwloc.h: "Topology
   Detection Configuration and Query", hwloc_topology_set_components.  */
static void
er_topology_discover_less (void)
{
#if HWLOC_API_VERSION >= 0x00020500
  hwloc_topology_set_flags (er_topo, HWLOC_TOPOLOGY_FLAG_NO_DISTANCES
			    | HWLOC_TOPOLOGY_FLAG_NO_MEMATTRS
			    | HWLOC_TOPOLOGY_FLAG_NO_CPUKINDS);
#endif
#if defined (__linux__) && HWLOC_API_VERSION >= 0x00020100
  hwloc_topology_set_components (er_topo,
				 HWLOC_TOPOLOGY_COMPONENTS_FLAG_BLACKLIST,
				 "x86");
#endif
}

/* The placement report's first line (ERBIUM_PLACEMENT_REPORT): the
   cores and processing units found, and the switches as read (ERBIUM_BIND,
   ERBIUM_BALANCE, ERBIUM_SLICE, ERBIUM_CPUS).  */
static void
er_report_settings (void)
{
  char pus[256] = "?", cpus[256] = "";
  if (er_topo_ok)
    hwloc_bitmap_list_snprintf (pus, sizeof pus,
				hwloc_topology_get_topology_cpuset (er_topo));
  for (int k = 0, n = 0; k < er_ncpus && n < (int) sizeof cpus - 16; k++)
    n += snprintf (cpus + n, sizeof cpus - n, "%s%d", k ? "," : "",
		   er_cpus[k]);
  fprintf (stderr, "erbium: placement: %d cores, %d processing units (%s); "
	   "binding %s, balancing %s, short time slices %s; processes %s%s"
	   "%s\n", er_ncores_, er_npus_, pus, er_bind ? "on" : "off",
	   er_balance ? "on" : "off", er_slice ? "on" : "off",
	   !er_bind ? "where the kernel puts them" : er_ncpus
	   ? "on the processing units " : "on the least loaded core",
	   er_bind && er_ncpus ? cpus : "",
	   er_bind && er_ncpus ? " in turn (ERBIUM_CPUS)" : "");
}

static void
er_placement_init_once (void)
{
  er_bind = er_env_flag ("ERBIUM_BIND", 1);
  er_slice = er_env_flag ("ERBIUM_SLICE", 1);
  er_report = er_env_flag ("ERBIUM_PLACEMENT_REPORT", 0);
  if (hwloc_topology_init (&er_topo) == 0)
    {
      er_topology_discover_less ();
      if (hwloc_topology_load (er_topo) == 0)
	er_topo_ok = 1;
    }
  if (er_topo_ok)
    {
      er_restrict_to_allowed ();
      er_ncores_ = hwloc_get_nbobjs_by_type (er_topo, HWLOC_OBJ_CORE);
      er_npus_ = hwloc_get_nbobjs_by_type (er_topo, HWLOC_OBJ_PU);
      hwloc_obj_t l1 = hwloc_get_obj_by_type (er_topo, HWLOC_OBJ_L1CACHE, 0);
      if (l1 && l1->attr && l1->attr->cache.linesize)
	er_line_ = (int) l1->attr->cache.linesize;
    }
  if (er_ncores_ <= 0)
    er_ncores_ = 1;
  if (er_npus_ <= 0)
    er_npus_ = 1;
  if (ER_CACHE_LINE % er_line_ != 0)
    fprintf (stderr, "erbium: warning: this machine's %d-byte cache lines "
	     "do not divide the runtime's %d-byte padding; rebuild with a "
	     "larger ER_CACHE_LINE\n", er_line_, ER_CACHE_LINE);
  er_core_load = calloc (er_ncores_, sizeof *er_core_load);
  er_parse_cpus ();
  if (!er_topo_ok)
    er_bind = 0;
  /* Read whatever the rest says, so that a bad value always warns.  */
  int balance = er_env_flag ("ERBIUM_BALANCE", 1);
  er_balance = balance && er_bind && !er_ncpus && er_ncores_ > 1;
  if (er_report)
    er_report_settings ();
}

/* Discover the machine and read the placement switches, once (er_init,
   init.c, and every query below: a query may come before it).  */
void
er_placement_init (void)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once (&once, er_placement_init_once);
}

/* Whether ERBIUM_CPUS lists the CPUs of the processes (fiber.c then
   keeps them threads).  */
int
er_cpus_listed (void)
{
  er_placement_init ();
  return er_ncpus > 0;
}

int
er_ncores (void)
{
  er_placement_init ();
  return er_ncores_;
}

int
er_npus (void)
{
  er_placement_init ();
  return er_npus_;
}

int
er_cache_line (void)
{
  er_placement_init ();
  return er_line_;
}

/* Least loaded core, lowest index first.  Caller holds the lock.  */
static int
er_least_loaded (void)
{
  int best = 0;
  for (int c = 1; c < er_ncores_; c++)
    if (er_core_load[c] < er_core_load[best])
      best = c;
  return best;
}

/* Core for a new process: REQUESTED if >= 0, else automatic.  Returns a
   logical core index, -1 when not binding, or -2 - K for the K-th
   ERBIUM_CPUS entry.  */
int
er_place_new_process (int requested)
{
  if (!er_bind)
    return -1;
  pthread_mutex_lock (&er_place_lock);
  int c;
  if (requested >= 0)
    c = requested % er_ncores_;
  else if (er_ncpus)
    {
      int k = er_next_cpu++ % er_ncpus;
      er_count (&er_cpu_load[k], 1);
      c = -2 - k;
      pthread_mutex_unlock (&er_place_lock);
      return c;
    }
  else
    c = er_least_loaded ();
  er_count (&er_core_load[c], 1);
  pthread_mutex_unlock (&er_place_lock);
  return c;
}

/* Bind thread TID (named NAME in reports) to CORE as returned by
   er_place_new_process.  */
static void
er_bind_thread (pthread_t tid, const char *name, int core)
{
  if (!er_bind || core == -1)
    return;
  hwloc_bitmap_t set;
  if (core <= -2)
    {
      set = hwloc_bitmap_alloc ();
      hwloc_bitmap_only (set, (unsigned) er_cpus[-2 - core]);
    }
  else
    {
      hwloc_obj_t o = hwloc_get_obj_by_type (er_topo, HWLOC_OBJ_CORE, core);
      if (!o)
	return;
      set = hwloc_bitmap_dup (o->cpuset);
      hwloc_bitmap_singlify (set);
    }
  if (hwloc_set_thread_cpubind (er_topo, tid, set, HWLOC_CPUBIND_THREAD)
      != 0 && er_report)
    fprintf (stderr, "erbium: placement: could not bind %s\n", name);
  else if (er_report)
    {
      char buf[64];
      hwloc_bitmap_list_snprintf (buf, sizeof buf, set);
      fprintf (stderr, "erbium: placement: %s on PU %s\n", name, buf);
    }
  hwloc_bitmap_free (set);
}

/* The first version (48 bytes) of sched_setattr(2)'s struct sched_attr,
   which every kernel with the call accepts (glibc declares neither).  */
struct er_sched_attr
{
  uint32_t size, policy;
  uint64_t flags;
  int32_t nice;
  uint32_t priority;
  uint64_t runtime, deadline, period;
};

/* Ask the kernel for a time slice of ER_SLICE_NS for the calling thread,
   named NAME in reports (head of this file; docs/performance.md, "Under
   load": EEVDF lets a woken thread with a shorter slice than the
   running one's preempt it, Linux's sched-eevdf.rst).  Only a
   SCHED_OTHER thread's: its nice value and policy are kept
   (sched_getattr first), and so is a program's choice of another
   policy.  A kernel that refuses leaves the slice as it was, said with
   ERBIUM_PLACEMENT_REPORT; ERBIUM_SLICE=0 skips the request.  */
static void
er_short_slice (const char *name)
{
  /* Zeroed: valgrind does not know that sched_getattr fills it.  */
  struct er_sched_attr a = { 0 };
  if (!er_slice
      || syscall (SYS_sched_getattr, 0, &a, sizeof a, 0) != 0
      || a.policy != SCHED_OTHER)
    return;
  a.size = sizeof a;
  /* Keep SCHED_FLAG_RESET_ON_FORK; the others need the larger versions
     of the structure (utilisation clamps) or other policies.  */
  a.flags &= 1;
  a.runtime = ER_SLICE_NS;
  if (syscall (SYS_sched_setattr, 0, &a, 0) != 0 && er_report)
    fprintf (stderr, "erbium: placement: %s keeps the kernel's time slice "
	     "(sched_setattr: %s)\n", name, strerror (errno));
}

/* Bind the calling thread, named NAME in reports, to logical core CORE
   (fiber.c's workers), and ask for a short time slice.  */
void
er_bind_core (const char *name, int core)
{
  er_short_slice (name);
  er_bind_thread (pthread_self (), name, core);
}

/* Bind the calling thread (state T) to CORE as returned by
   er_place_new_process, and ask for a short time slice; a process bound
   to a core joins the processes load balancing looks at.  */
void
er_bind_self (er_thread *t, int core)
{
  er_short_slice (t->name);
  pthread_mutex_lock (&er_place_lock);
  /* Relaxed, read by er_core_shared and er_place_wanted without the
     lock (hints), by everyone else under it.  */
  __atomic_store_n (&t->core, core, __ATOMIC_RELAXED);
  t->tid = pthread_self ();
  er_bind_thread (t->tid, t->name, core);
  if (er_bind && core >= 0 && t->is_process
      && pthread_getcpuclockid (t->tid, &t->cpu_clock) == 0)
    {
      t->cpu_ns = er_clock_ns (t->cpu_clock);
      t->wait_seen = t->wait_ns = 0;
      t->balanced = 1;
      t->prev_placed = NULL;
      t->next_placed = er_placed;
      if (er_placed)
	er_placed->prev_placed = t;
      er_placed = t;
      /* Relaxed, under the lock: er_oversubscribed's unlocked load is
	 a hint (balancing runs under the lock).  */
      __atomic_store_n (&er_nplaced, er_nplaced + 1, __ATOMIC_RELAXED);
    }
  pthread_mutex_unlock (&er_place_lock);
}

/* Depth of the deepest cache shared by cores A and B (0 if none).  */
static int
er_shared_cache_depth (int a, int b)
{
  hwloc_obj_t oa = hwloc_get_obj_by_type (er_topo, HWLOC_OBJ_CORE, a);
  hwloc_obj_t ob = hwloc_get_obj_by_type (er_topo, HWLOC_OBJ_CORE, b);
  if (!oa || !ob)
    return 0;
  if (a == b)
    return 1000;
  for (hwloc_obj_t o = hwloc_get_common_ancestor_obj (er_topo, oa, ob); o;
       o = o->parent)
    if (hwloc_obj_type_is_cache (o->type))
      return o->depth + 1;
  return 0;
}

/* Whether process T may still be moved next to the processes it talks
   to (er_place_near): an unlocked look, tested again under the lock.  */
int
er_place_wanted (er_thread *t)
{
  /* Relaxed: er_place_near tests both again under the lock
     (er_place_near's, er_balance_locked's and er_bind_self's stores).  */
  return er_bind && t->is_process && t->auto_placed
	 && !__atomic_load_n (&t->placed_by_record, __ATOMIC_RELAXED)
	 && __atomic_load_n (&t->core, __ATOMIC_RELAXED) >= 0;
}

/* Process T connected a view to a record whose other processes run on
   the NP cores PEERS: move T next to them if the topology offers a
   closer core that is not more loaded (record.c er_place_on_connect).  */
void
er_place_near (er_thread *t, const int *peers, int np)
{
  pthread_mutex_lock (&er_place_lock);
  int moved = t->placed_by_record;
  /* Relaxed, under the lock: pairs with er_place_wanted's unlocked
     look only as a hint.  */
  __atomic_store_n (&t->placed_by_record, 1, __ATOMIC_RELAXED);
  if (moved || np == 0)
    {
      pthread_mutex_unlock (&er_place_lock);
      return;
    }
  int cur = t->core, best = cur, best_depth = -1, best_load = 0;
  for (int c = 0; c < er_ncores_; c++)
    {
      int load = er_core_load[c] - (c == cur);
      int depth = 0;
      for (int k = 0; k < np; k++)
	if (peers[k] != c)
	  {
	    int d = er_shared_cache_depth (c, peers[k]);
	    if (d > depth)
	      depth = d;
	  }
      /* Prefer a core of its own, then the closest cache.  */
      if (best_depth < 0 || load < best_load
	  || (load == best_load && depth > best_depth)
	  || (load == best_load && depth == best_depth && c == cur))
	best = c, best_depth = depth, best_load = load;
    }
  /* Under the lock, so that balancing never sees T bound elsewhere than
     T->core.  */
  if (best != cur)
    {
      er_count (&er_core_load[cur], -1);
      er_count (&er_core_load[best], 1);
      /* Relaxed, under the lock (er_bind_self's store says why).  */
      __atomic_store_n (&t->core, best, __ATOMIC_RELAXED);
      er_bind_thread (t->tid, t->name, best);
      if (er_stats_on)
	/* Under the lock; T reads it after er_unplace's (stats.c).  */
	t->st.moves++;
    }
  pthread_mutex_unlock (&er_place_lock);
}

/* Whether T's core also runs another process of this program (bound
   there by placement): then a waiter must give the core away rather than
   spin, since the thread it waits for, or one with work to do, may be
   waiting for that core.  Unbound threads (the main thread, foreign
   threads, ERBIUM_BIND=0) count as having a core of their own.  A
   fiber's answer is fiber.c's (er_fiber_core_shared).  */
int
er_core_shared (er_thread *t)
{
  /* Relaxed loads without the lock, of T's core (stored under the lock
     by er_bind_self, er_place_near, er_balance_locked, er_unplace) and
     of the load counters (er_count): how to wait is a hint, and a stale
     answer costs some spinning or a yield, never a wake.  */
  int c = t ? __atomic_load_n (&t->core, __ATOMIC_RELAXED) : -1;
  if (c >= 0)
    return __atomic_load_n (&er_core_load[c], __ATOMIC_RELAXED) > 1;
  if (c <= -2)
    return __atomic_load_n (&er_cpu_load[-2 - c], __ATOMIC_RELAXED) > 1;
  return 0;
}

/* T ends: give its core back.  */
void
er_unplace (er_thread *t)
{
  /* Relaxed: only T itself stores -1 (below), so an unbound T reads
     its own store.  */
  if (__atomic_load_n (&t->core, __ATOMIC_RELAXED) == -1)
    return;
  pthread_mutex_lock (&er_place_lock);
  if (t->core >= 0)
    er_count (&er_core_load[t->core], -1);
  else
    er_count (&er_cpu_load[-2 - t->core], -1);
  if (t->balanced)
    /* Relaxed, under the lock (er_bind_self's increment says why).  */
    __atomic_store_n (&er_nplaced, er_nplaced - 1, __ATOMIC_RELAXED);
  if (t->prev_placed)
    t->prev_placed->next_placed = t->next_placed;
  else if (er_placed == t)
    er_placed = t->next_placed;
  if (t->next_placed)
    t->next_placed->prev_placed = t->prev_placed;
  t->next_placed = t->prev_placed = NULL;
  t->balanced = 0;
  /* Relaxed, under the lock (er_bind_self's store says why).  */
  __atomic_store_n (&t->core, -1, __ATOMIC_RELAXED);
  pthread_mutex_unlock (&er_place_lock);
}

/* One look at the loads (see the head of this file).  Caller holds the
   lock.  */
static void
er_balance_locked (void)
{
  static er_thread *th[ER_BALANCE_MAX];
  static int64_t used[ER_BALANCE_MAX], ran[ER_BALANCE_MAX],
    waited[ER_BALANCE_MAX];
  static int to[ER_BALANCE_MAX];
  int64_t load[er_ncores_], total = 0;
  int n = 0;
  for (er_thread *t = er_placed; t && n < ER_BALANCE_MAX; t = t->next_placed)
    {
      /* The work: CPU time, less what the long waits burnt
	 (yielding).  */
      int64_t ns = er_clock_ns (t->cpu_clock);
      th[n] = t;
      ran[n] = ns >= t->cpu_ns ? ns - t->cpu_ns : 0;
      /* Relaxed, pairs with T's own additions (er_wait_cpu_end): a
	 measurement, read a little late at worst.  */
      waited[n] = __atomic_load_n (&t->wait_ns, __ATOMIC_RELAXED)
		  - t->wait_seen;
      used[n] = ran[n] > waited[n] ? ran[n] - waited[n] : 0;
      total += used[n++];
    }
  /* Too little CPU time: noise; it adds up until the next look.  */
  if (total < ER_BALANCE_MIN_NS)
    return;
  for (int k = 0; k < n; k++)
    {
      th[k]->cpu_ns += ran[k];
      th[k]->wait_seen += waited[k];
    }
  for (int c = 0; c < er_ncores_; c++)
    load[c] = 0;
  for (int k = 0; k < n; k++)
    {
      to[k] = th[k]->core;
      load[to[k]] += used[k];
    }
  int64_t cur_max = 0;
  for (int c = 0; c < er_ncores_; c++)
    cur_max = load[c] > cur_max ? load[c] : cur_max;
  /* Local search from where the processes are, so that a few moves do:
     repeatedly take the move of one process from the busiest core to the
     idlest, or the exchange of two processes between them, that lowers
     the busier of the two the most.  */
  for (int round = 0; round < n; round++)
    {
      int hi = 0, lo = 0;
      for (int c = 1; c < er_ncores_; c++)
	{
	  hi = load[c] > load[hi] ? c : hi;
	  lo = load[c] < load[lo] ? c : lo;
	}
      int64_t best = load[hi];
      int bk = -1, bj = -1;
      for (int k = 0; k < n; k++)
	{
	  if (to[k] != hi || !th[k]->auto_placed)
	    continue;
	  int64_t m = load[hi] - used[k] > load[lo] + used[k]
		      ? load[hi] - used[k] : load[lo] + used[k];
	  if (m < best)
	    best = m, bk = k, bj = -1;
	  for (int j = 0; j < n; j++)
	    {
	      if (to[j] != lo || !th[j]->auto_placed || used[j] >= used[k])
		continue;
	      int64_t d = used[k] - used[j];
	      m = load[hi] - d > load[lo] + d ? load[hi] - d : load[lo] + d;
	      if (m < best)
		best = m, bk = k, bj = j;
	    }
	}
      if (bk < 0)
	break;
      int64_t d = used[bk] - (bj >= 0 ? used[bj] : 0);
      load[hi] -= d;
      load[lo] += d;
      to[bk] = lo;
      if (bj >= 0)
	to[bj] = hi;
    }
  int64_t new_max = 0;
  for (int c = 0; c < er_ncores_; c++)
    new_max = load[c] > new_max ? load[c] : new_max;
  if (new_max * 100 >= cur_max * (100 - ER_BALANCE_GAIN_PCT))
    return;
  if (er_report)
    fprintf (stderr, "erbium: placement: balancing: busiest core %.1f ms "
	     "-> %.1f ms of CPU time in the last %.1f ms\n", cur_max / 1e6,
	     new_max / 1e6, ER_BALANCE_PERIOD_NS / 1e6);
  for (int k = 0; k < n; k++)
    if (to[k] != th[k]->core)
      {
	if (er_report)
	  fprintf (stderr, "erbium: placement: balancing: %s (%.1f ms) "
		   "from core %d to core %d\n", th[k]->name, used[k] / 1e6,
		   th[k]->core, to[k]);
	er_count (&er_core_load[th[k]->core], -1);
	er_count (&er_core_load[to[k]], 1);
	/* Relaxed, under the lock (er_bind_self's store says why).  */
	__atomic_store_n (&th[k]->core, to[k], __ATOMIC_RELAXED);
	/* Its first connection must not undo this (er_place_on_connect).  */
	/* Relaxed, under the lock (er_place_near's store says why).  */
	__atomic_store_n (&th[k]->placed_by_record, 1, __ATOMIC_RELAXED);
	er_bind_thread (th[k]->tid, th[k]->name, to[k]);
	if (er_stats_on)
	  /* As in er_place_near.  */
	  th[k]->st.moves++;
      }
}

/* Whether balancing has anything to do: more bound processes than
   cores (with fewer, each has a core of its own from
   er_place_new_process).  */
static int
er_oversubscribed (void)
{
  /* Relaxed, of the count er_bind_self and er_unplace store under the
     lock: whether to read a clock, a hint.  */
  return er_balance
	 && __atomic_load_n (&er_nplaced, __ATOMIC_RELAXED) > er_ncores_;
}

/* CPU time of the calling thread T (ns) at the start of a long wait, or
   -1 when balancing does not look at T or has nothing to do (the clock
   is a system call: not paid then).  */
int64_t
er_wait_cpu_begin (er_thread *t)
{
  return t && t->balanced && er_oversubscribed ()
	 ? er_clock_ns (CLOCK_THREAD_CPUTIME_ID) : -1;
}

/* The long wait that began at CPU time BEGIN (er_wait_cpu_begin) ends:
   count its CPU time as T's waiting, not its work.  */
void
er_wait_cpu_end (er_thread *t, int64_t begin)
{
  /* Relaxed, pairs with er_balance_locked's load (a measurement).  T
     is the only writer: a load and a store would do, without the
     locked instruction, but this runs once per long wait.  */
  if (begin >= 0)
    __atomic_add_fetch (&t->wait_ns,
			er_clock_ns (CLOCK_THREAD_CPUTIME_ID) - begin,
			__ATOMIC_RELAXED);
}

/* Called by every waiter (er_wait): at most once every
   ER_BALANCE_PERIOD_NS, and by one thread at a time, look at the loads
   and move processes between cores when that pays (head of this file).
   Costs one clock read otherwise, nothing without oversubscription.  */
void
er_balance_maybe (void)
{
  if (!er_oversubscribed ())
    return;
  int64_t now = er_now_ns ();
  /* Relaxed: a first look; the compare-and-swap elects the one waiter
     that balances this period (the other waiters' CAS fail), and
     er_place_lock orders what balancing reads.  */
  int64_t next = atomic_load_explicit (&er_balance_next,
				       memory_order_relaxed);
  if (now < next
      || !atomic_compare_exchange_strong (&er_balance_next, &next,
					  now + ER_BALANCE_PERIOD_NS))
    return;
  if (pthread_mutex_trylock (&er_place_lock) != 0)
    return;
  er_balance_locked ();
  pthread_mutex_unlock (&er_place_lock);
}
