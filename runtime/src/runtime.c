/* Erbium runtime: start-up, per-thread state and exit.

   Initialisation is lazy (first record or process) except for the
   checking flag, read by a constructor so that it is fixed before the
   first view copies it.  Each thread that touches the runtime
   gets an er_thread: the views it owns (freed with ER_TERMINATE when it
   ends, which is how an implicit return terminates a process's streams)
   and whether it counts as a live thread for deadlock detection.  */

#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include "internal.h"

int er_checking_flag;
static pthread_once_t er_once = PTHREAD_ONCE_INIT;
static pthread_key_t er_key;
static __thread er_thread *er_tls;

/* ERBIUM_CHECK=1 (or a -DERBIUM_CHECKED build of the library) turns on
   index checks in er_elem/er_burst.  */
__attribute__ ((constructor)) static void
er_read_check_env (void)
{
#ifdef ERBIUM_CHECKED
  er_checking_flag = 1;
#endif
  if (er_env_flag ("ERBIUM_CHECK", 0))
    er_checking_flag = 1;
}

int
er_checking (void)
{
  return er_checking_flag;
}

/* Thread-exit destructor for threads that were not started by er_run:
   the thread's end is its process's end.  */
static void
er_thread_exit (void *p)
{
  er_thread *t = p;
  er_free_owned_views (t);
  er_tasks_thread_end (t);
  if (t->counted)
    er_live_add (-1);
  free (t);
}

static void er_at_exit (void);

static void
er_init_once (void)
{
  pthread_key_create (&er_key, er_thread_exit);
  er_placement_init ();
  /* The main thread is live from the start; it stops counting as
     runnable only while it waits in er_wait_all.  */
  er_live_add (1);
  atexit (er_at_exit);
}

void
er_init (void)
{
  pthread_once (&er_once, er_init_once);
}

static int
er_is_main_thread (void)
{
  return (pid_t) syscall (SYS_gettid) == getpid ();
}

/* The calling thread's state, created on first use.  */
er_thread *
er_self (void)
{
  if (er_tls)
    return er_tls;
  er_init ();
  er_thread *t = er_zalloc_line (sizeof *t, "thread state");
  t->core = -1;
  er_tls = t;
  if (er_is_main_thread ())
    snprintf (t->name, sizeof t->name, "main thread");
  else
    {
      /* A foreign thread (plain pthread using the library) counts as live
	 from now until it exits.  */
      snprintf (t->name, sizeof t->name, "thread %ld",
		(long) syscall (SYS_gettid));
      t->counted = 1;
      er_live_add (1);
      pthread_setspecific (er_key, t);
    }
  return t;
}

/* Install T as the calling thread's state (processes started by er_run).  */
void
er_set_self (er_thread *t)
{
  er_tls = t;
}

/* At exit, the main thread terminates its own streams and waits for every
   process (paper section 3: the program ends when its processes do).  */
static void
er_at_exit (void)
{
  er_thread *t = er_tls;
  if (t && t->is_process)
    return;
  if (t)
    er_free_owned_views (t);
  er_wait_all ();
}

/* CLOCK's time in ns, or -1 when it cannot be read.  */
int64_t
er_clock_ns (clockid_t clock)
{
  struct timespec ts;
  if (clock_gettime (clock, &ts) != 0)
    return -1;
  return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* CLOCK_MONOTONIC now, in nanoseconds.  */
int64_t
er_now_ns (void)
{
  return er_clock_ns (CLOCK_MONOTONIC);
}

/* The on/off environment variable NAME: DFLT when it is unset or empty,
   0 when it is "0", 1 otherwise.  Every ERBIUM_* switch reads this way.  */
int
er_env_flag (const char *name, int dflt)
{
  const char *s = getenv (name);
  if (!s || !*s)
    return dflt;
  return strcmp (s, "0") != 0;
}

/* SIZE zeroed bytes starting on a cache line (ER_CACHE_LINE) and
   rounded up to whole lines, so that they share no line with another
   object (runtime objects written by one thread and read by others: a
   shared line turns every write into a miss for the readers).  Aborts
   with a message naming WHAT when memory runs out.  Free with free.  */
void *
er_zalloc_line (size_t size, const char *what)
{
  size_t a = ER_CACHE_LINE;
  void *p = aligned_alloc (a, (size + a - 1) / a * a);
  if (!p)
    er_fatal ("out of memory allocating %s (%zu bytes)", what, size);
  memset (p, 0, size);
  return p;
}

/* The number after KEY at the start of a line of the file PATH (KEY
   NULL: the first line), or -1.  */
static long long
er_read_number (const char *path, const char *key)
{
  FILE *f = fopen (path, "r");
  if (!f)
    return -1;
  long long v = -1;
  char line[256];
  size_t klen = key ? strlen (key) : 0;
  while (fgets (line, sizeof line, f))
    if (!key || strncmp (line, key, klen) == 0)
      {
	v = strtoll (line + klen, NULL, 10);
	break;
      }
  fclose (f);
  return v;
}

/* The calling process's memory mappings (lines of /proc/self/maps), or
   -1.  */
static long long
er_count_mappings (void)
{
  FILE *f = fopen ("/proc/self/maps", "r");
  if (!f)
    return -1;
  long long n = 0;
  char buf[65536];
  size_t got;
  while ((got = fread (buf, 1, sizeof buf, f)) > 0)
    for (size_t k = 0; k < got; k++)
      n += buf[k] == '\n';
  fclose (f);
  return n;
}

/* Why a request failed with error ERR (an errno value) while it asked
   for ASKED more bytes of address space (0: none): a sentence in BUF
   (SIZE bytes), returned, that names the limit reached and the setting
   that raises it.  ENOMEM and EAGAIN (what mmap, mremap, mprotect and
   pthread_create return) are checked against the process's mappings and
   vm.max_map_count (proc(5): "max_map_count"), then its address space
   and RLIMIT_AS (ulimit -v); EFBIG is the file size limit, RLIMIT_FSIZE
   (ulimit -f).  Anything else, or no limit reached, is strerror (ERR).
   For error messages only: it reads /proc.  */
const char *
er_limit_hint (int err, size_t asked, char *buf, size_t size)
{
  struct rlimit rl;
  if (err == EFBIG && getrlimit (RLIMIT_FSIZE, &rl) == 0
      && rl.rlim_cur != RLIM_INFINITY)
    {
      snprintf (buf, size, "it would exceed the file size limit, %llu "
		"bytes (ulimit -f); raise it",
		(unsigned long long) rl.rlim_cur);
      return buf;
    }
  if (err == ENOMEM || err == EAGAIN)
    {
      long long max = er_read_number ("/proc/sys/vm/max_map_count", NULL);
      long long maps = er_count_mappings ();
      /* Near the limit rather than at it: the failed call may have
	 needed more than one new mapping (splitting a reservation).  */
      if (max > 0 && maps >= 0 && maps + 16 >= max)
	{
	  snprintf (buf, size, "the process has %lld memory mappings, the "
		    "most vm.max_map_count (%lld) allows; raise it (as root: "
		    "sysctl -w vm.max_map_count=%lld) or use fewer records "
		    "or processes", maps, max, 4 * max);
	  return buf;
	}
      long long vm_kib = er_read_number ("/proc/self/status", "VmSize:");
      if (getrlimit (RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY
	  && vm_kib >= 0
	  && (unsigned long long) vm_kib * 1024 + asked + (1 << 20)
	     > (unsigned long long) rl.rlim_cur)
	{
	  snprintf (buf, size, "the process uses %lld KiB of address space "
		    "and needs %zu bytes more, beyond its limit of %llu KiB "
		    "(ulimit -v); raise it", vm_kib, asked,
		    (unsigned long long) rl.rlim_cur / 1024);
	  return buf;
	}
      if (err == ENOMEM)
	{
	  snprintf (buf, size, "out of memory (%s)", strerror (err));
	  return buf;
	}
    }
  snprintf (buf, size, "%s", strerror (err));
  return buf;
}
