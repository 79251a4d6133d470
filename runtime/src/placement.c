/* Erbium runtime: placing processes on cores (hwloc).

   Policy: a new process goes to the least loaded core (so processes get
   distinct cores while cores remain); when a process connects its first
   view to a record, it moves to the least loaded core that shares the
   deepest cache with the record's other processes, if that is better than
   where it is.  The cache line size also comes from hwloc.  Environment
   overrides: ERBIUM_BIND=0 (no binding), ERBIUM_CPUS=list of PU OS indices
   used cyclically in process creation order, ERBIUM_PLACEMENT_REPORT=1
   (print every decision on stderr).  */

#define _GNU_SOURCE
#include <hwloc.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

static hwloc_topology_t er_topo;
static int er_topo_ok;
static int er_ncores_, er_npus_, er_line_ = 64;
static int er_bind = 1, er_report;
static int *er_core_load;
static int *er_cpus, er_ncpus;	/* ERBIUM_CPUS */
static int *er_cpu_load;	/* live processes per ERBIUM_CPUS entry */
static int er_next_cpu;
static pthread_mutex_t er_place_lock = PTHREAD_MUTEX_INITIALIZER;

/* Parse "0,2,5-7" into er_cpus.  */
static void
er_parse_cpus (const char *s)
{
  hwloc_bitmap_t b = hwloc_bitmap_alloc ();
  if (hwloc_bitmap_list_sscanf (b, s) != 0 || hwloc_bitmap_iszero (b))
    er_fatal ("ERBIUM_CPUS=\"%s\": expected a list of processing unit "
	      "numbers such as 0,1 or 0-3", s);
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

void
er_placement_init (void)
{
  const char *s = getenv ("ERBIUM_BIND");
  if (s && strcmp (s, "0") == 0)
    er_bind = 0;
  s = getenv ("ERBIUM_PLACEMENT_REPORT");
  er_report = s && *s && strcmp (s, "0") != 0;
  if (hwloc_topology_init (&er_topo) == 0 && hwloc_topology_load (er_topo)
      == 0)
    er_topo_ok = 1;
  if (er_topo_ok)
    {
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
  s = getenv ("ERBIUM_CPUS");
  if (s && *s)
    er_parse_cpus (s);
  if (!er_topo_ok)
    er_bind = 0;
}

int
er_ncores (void)
{
  er_init ();
  return er_ncores_;
}

int
er_npus (void)
{
  er_init ();
  return er_npus_;
}

int
er_cache_line (void)
{
  er_init ();
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
      er_cpu_load[k]++;
      c = -2 - k;
      pthread_mutex_unlock (&er_place_lock);
      return c;
    }
  else
    c = er_least_loaded ();
  er_core_load[c]++;
  pthread_mutex_unlock (&er_place_lock);
  return c;
}

/* Bind the calling thread (state T) to CORE as returned by
   er_place_new_process.  */
void
er_bind_self (er_thread *t, int core)
{
  t->core = core;
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
  if (hwloc_set_cpubind (er_topo, set, HWLOC_CPUBIND_THREAD) != 0
      && er_report)
    fprintf (stderr, "erbium: placement: could not bind %s\n", t->name);
  else if (er_report)
    {
      char buf[64];
      hwloc_bitmap_list_snprintf (buf, sizeof buf, set);
      fprintf (stderr, "erbium: placement: %s on PU %s\n", t->name, buf);
    }
  hwloc_bitmap_free (set);
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

/* Process T connected a view to R: move T next to R's other processes if
   the topology offers a closer core that is not more loaded.  */
void
er_place_on_connect (er_thread *t, er_rec *r)
{
  if (!er_bind || !t->is_process || !t->auto_placed || t->placed_by_record
      || t->core < 0)
    return;
  t->placed_by_record = 1;
  int peers[64], np = 0;
  er_record_lock (r);
  for (er_vimpl *o = r->all; o && np < 64; o = o->next_all)
    if (o->owner && o->owner != t && o->owner->is_process
	&& o->owner->core >= 0)
      peers[np++] = o->owner->core;
  er_record_unlock (r);
  if (np == 0)
    return;
  pthread_mutex_lock (&er_place_lock);
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
  if (best != cur)
    {
      er_core_load[cur]--;
      er_core_load[best]++;
    }
  pthread_mutex_unlock (&er_place_lock);
  if (best != cur)
    er_bind_self (t, best);
}

/* Whether T's core also runs another process of this program (bound
   there by placement): then a waiter must give the core away rather than
   spin, since the thread it waits for, or one with work to do, may be
   waiting for that core.  Unbound threads (the main thread, foreign
   threads, ERBIUM_BIND=0) count as having a core of their own.  */
int
er_core_shared (er_thread *t)
{
  int c = t ? t->core : -1;
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
  if (t->core == -1)
    return;
  pthread_mutex_lock (&er_place_lock);
  if (t->core >= 0)
    er_core_load[t->core]--;
  else
    er_cpu_load[-2 - t->core]--;
  pthread_mutex_unlock (&er_place_lock);
  t->core = -1;
}
