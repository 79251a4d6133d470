/* SPDX-License-Identifier: MIT */
/* Erbium runtime: what each process did while it waited (ERBIUM_STATS).

   With ERBIUM_STATS=1 in the environment, the runtime counts, per thread
   or fiber, its CPU time, the time of its long waits, its sleeps (futex
   or fiber sleeps) and how they ended (a wake, or the timeout), the wakes
   it issued, its yields, the times placement or the fiber scheduler moved
   it to another core and the times the CPU it found itself on at a long
   wait (sched_getcpu) was not the one of its previous long wait, and,
   for a thread, its involuntary context switches (getrusage); at exit it
   prints one line per process, per fiber worker and a total on stderr
   (the format: docs/environment.md).  So a slow run can be read without
   a profiler: a process whose wait is long was held back by another, one
   whose CPU time is far below the wall time and whose involuntary
   switches are many shared its core with something else.

   The counters are fields of er_thread (internal.h, er_stats), written
   by the thread itself in the slow paths that already run outside the
   hot path (wait.c's long wait, er_wakeq_wake), by placement.c under its
   lock and by a fiber's worker (fiber.c); each of those tests er_stats_on
   first, so that they cost a load of a read-mostly word when it is off.
   A process's counters are copied here when it ends (er_stats_end), since
   its er_thread goes with it; the lines are printed once, by the main
   thread at exit (init.c), after every process has ended.  */

#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "internal.h"

/* Whether ERBIUM_STATS is on; set once by er_stats_init (er_init), before
   the first process exists, and read by every long wait and wake: a line
   of its own, away from the lines below, which ending processes write.  */
_Alignas (ER_CACHE_LINE) int er_stats_on;

/* One ended process (or worker), as printed.  */
struct er_stats_line
{
  struct er_stats_line *next;
  int order;			/* lines are printed by increasing ORDER */
  er_stats s;
  char kind[8];			/* thread, fiber, worker */
  char name[96];
};

static _Alignas (ER_CACHE_LINE) pthread_mutex_t er_stats_lock =
  PTHREAD_MUTEX_INITIALIZER;
static struct er_stats_line *er_stats_lines;	/* by ORDER, under the lock */
static int64_t er_stats_t0;	/* CLOCK_MONOTONIC ns at er_stats_init */

/* The mirrored buffers' counts, kept whether ERBIUM_STATS is on or not
   (mirror.c updates them under its own lock, at most once per buffer
   made or given back).  */
er_stats_mem er_stats_buffers;

/* Read ERBIUM_STATS (er_init, once).  */
void
er_stats_init (void)
{
  er_stats_on = er_env_flag ("ERBIUM_STATS", 0);
  er_stats_t0 = er_now_ns ();
}

/* T starts a long wait (wait.c): note the CPU it is on, and count a
   change from the one of its previous long wait (the kernel moved it, or
   placement or the fiber scheduler did).  Returns the time (ns) for
   er_stats_wait_end.  */
int64_t
er_stats_wait_begin (er_thread *t)
{
  int cpu = sched_getcpu ();
  if (cpu >= 0)
    {
      if (t->st.cpu_seen && t->st.cpu_seen != cpu + 1)
	t->st.cpu_changes++;
      t->st.cpu_seen = cpu + 1;
    }
  return er_now_ns ();
}

/* T's long wait, begun at BEGIN (er_stats_wait_begin), ends.  */
void
er_stats_wait_end (er_thread *t, int64_t begin)
{
  t->st.wait_ns += er_now_ns () - begin;
}

/* The calling thread issued a wake (er_wakeq_wake).  */
void
er_stats_wake (void)
{
  er_thread *t = er_self_if_any ();
  if (t)
    t->st.wakes++;
}

/* The involuntary context switches of thread TID of this process so
   far (proc(5), /proc/PID/task/TID/status, "nonvoluntary_ctxt_switches"),
   or -1.  */
int64_t
er_stats_inv_cs (pid_t tid)
{
  char path[64], line[128];
  snprintf (path, sizeof path, "/proc/self/task/%ld/status", (long) tid);
  FILE *f = tid > 0 ? fopen (path, "r") : NULL;
  if (!f)
    return -1;
  int64_t n = -1;
  static const char key[] = "nonvoluntary_ctxt_switches:";
  while (fgets (line, sizeof line, f))
    if (strncmp (line, key, sizeof key - 1) == 0)
      n = strtoll (line + sizeof key - 1, NULL, 10);
  fclose (f);
  return n;
}

/* Keep a line for S, of KIND, named NAME (and SITE, when not NULL),
   printed at the place ORDER gives it among the others (processes by
   their number, workers after them).  Out of memory, the line is lost.  */
void
er_stats_add (const char *kind, const char *name, const char *site,
	      int order, const er_stats *s)
{
  struct er_stats_line *l = calloc (1, sizeof *l);
  if (!l)
    return;
  l->s = *s;
  l->order = order;
  snprintf (l->kind, sizeof l->kind, "%s", kind);
  if (site)
    snprintf (l->name, sizeof l->name, "%s (task site %s)", name, site);
  else
    snprintf (l->name, sizeof l->name, "%s", name);
  pthread_mutex_lock (&er_stats_lock);
  struct er_stats_line **p = &er_stats_lines;
  while (*p && (*p)->order <= order)
    p = &(*p)->next;
  l->next = *p;
  *p = l;
  pthread_mutex_unlock (&er_stats_lock);
}

/* The calling thread T (a thread, or the fiber running on it) ends: its
   CPU time and involuntary switches are read, and its line kept.  A
   fiber's CPU time is what its workers added up to its last switch to it
   (fiber.c), plus the time since.  */
void
er_stats_end (er_thread *t)
{
  if (!er_stats_on)
    return;
  int64_t now = er_clock_ns (CLOCK_THREAD_CPUTIME_ID);
  struct rusage ru;
  if (t->fiber)
    {
      t->st.cpu_ns += now - t->st.run_mark;
      t->st.inv_cs = -1;
    }
  else
    {
      t->st.cpu_ns = now;
      t->st.inv_cs = getrusage (RUSAGE_THREAD, &ru) == 0
			? ru.ru_nivcsw : -1;
    }
  er_stats_add (t->fiber ? "fiber" : "thread", t->name, t->site,
		t->serial, &t->st);
}

/* Print the "inv-cs" column's value V (-1: not known).  */
static void
er_stats_print_count (FILE *f, int64_t v)
{
  if (v < 0)
    fprintf (f, " %7s", "-");
  else
    fprintf (f, " %7lld", (long long) v);
}

static void
er_stats_print_line (FILE *f, const er_stats *s, const char *kind,
		     const char *name)
{
  fprintf (f, "erbium: stats: %10.3f %10.3f %7lld %7lld %8lld %7lld %7lld "
	   "%5lld %11lld", s->cpu_ns / 1e6, s->wait_ns / 1e6,
	   (long long) s->sleeps, (long long) s->woken,
	   (long long) s->timeouts, (long long) s->wakes,
	   (long long) s->yields, (long long) s->moves,
	   (long long) s->cpu_changes);
  er_stats_print_count (f, s->inv_cs);
  fprintf (f, " %-6s %s\n", kind, name);
}

/* Print the mirrored buffers' line (er_stats_buffers) on F.  */
static void
er_stats_print_buffers (FILE *f)
{
  er_stats_mem *m = &er_stats_buffers;
  /* Relaxed: every process has ended (er_stats_print).  */
#define ER_LD(x) ((long long) atomic_load_explicit (&m->x, memory_order_relaxed))
  fprintf (f, "erbium: stats: buffers: %lld mapped, %lld reused (%lld "
	   "larger than asked), %lld given back to the system; at most "
	   "%lld bytes kept for reuse, bound %lld bytes\n", ER_LD (made),
	   ER_LD (reused), ER_LD (larger), ER_LD (released),
	   ER_LD (kept_peak), ER_LD (bound));
#undef ER_LD
}

/* Add S to the total *T.  */
static void
er_stats_sum (er_stats *t, const er_stats *s)
{
  t->cpu_ns += s->cpu_ns;
  t->wait_ns += s->wait_ns;
  t->sleeps += s->sleeps;
  t->woken += s->woken;
  t->timeouts += s->timeouts;
  t->wakes += s->wakes;
  t->yields += s->yields;
  t->moves += s->moves;
  t->cpu_changes += s->cpu_changes;
  if (s->inv_cs > 0)
    t->inv_cs += s->inv_cs;
}

/* Print every line kept, then the total of the threads and fibers (the
   workers' CPU time holds their fibers': they are left out of it), on
   F; at exit (init.c), once every process has ended.  */
void
er_stats_print (FILE *f)
{
  pthread_mutex_lock (&er_stats_lock);
  struct er_stats_line *lines = er_stats_lines;
  er_stats_lines = NULL;
  pthread_mutex_unlock (&er_stats_lock);
  int n = 0;
  er_stats total = { 0 };
  for (struct er_stats_line *l = lines; l; l = l->next)
    if (strcmp (l->kind, "worker") != 0)
      {
	er_stats_sum (&total, &l->s);
	n++;
      }
  fprintf (f, "erbium: stats: %d threads and fibers, %.3f ms since the "
	   "runtime started\n", n, (er_now_ns () - er_stats_t0) / 1e6);
  fprintf (f, "erbium: stats: %10s %10s %7s %7s %8s %7s %7s %5s %11s %7s "
	   "%-6s %s\n", "cpu-ms", "wait-ms", "sleeps", "woken", "timeouts",
	   "wakes", "yields", "moves", "cpu-changes", "inv-cs", "kind", "name");
  while (lines)
    {
      struct er_stats_line *l = lines;
      er_stats_print_line (f, &l->s, l->kind, l->name);
      lines = l->next;
      free (l);
    }
  char name[32];
  snprintf (name, sizeof name, "%d threads and fibers", n);
  er_stats_print_line (f, &total, "total", name);
  er_stats_print_buffers (f);
  fflush (f);
}
