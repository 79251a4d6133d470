/* SPDX-License-Identifier: MIT */
/* Erbium runtime: the operating system layer, under everything else.

   What the rest of the runtime asks of the system: each thread's state
   (er_thread, in thread-local storage, created on first use), the futex
   words sleepers sleep on, clocks, cache-line allocation, fatal errors and the hints that name an
   exhausted limit.  It calls no other file of the runtime; what a thread's
   start and end mean to the layers above (deadlock detection's count of
   live threads, its views, its tasks) it reaches through er_hooks, which
   er_init (init.c) installs.  The checking flag is read by a constructor
   so that it is fixed before the first view copies it.  */

#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include "internal.h"

int er_checking_flag;
static pthread_once_t er_key_done = PTHREAD_ONCE_INIT;
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

/* What the layers above this one do at a thread's start and end, and
   what waiting (wait.c) and deadlock reports (deadlock.c) call in them:
   installed once by er_init (init.c) before the first record, stream or
   process exists.  */
/* Read-mostly (written once, by er_init): a line of its own, away from
   written data.  */
_Alignas (ER_CACHE_LINE) struct er_hooks er_hooks;

/* Thread-exit destructor for threads that were not started by er_run:
   the thread's end is its process's end (er_hooks.thread_exit).  */
static void
er_thread_exit (void *p)
{
  er_thread *t = p;
  if (er_hooks.thread_exit)
    er_hooks.thread_exit (t);
  free (t);
}

static void
er_key_once (void)
{
  pthread_key_create (&er_key, er_thread_exit);
}

static int
er_is_main_thread (void)
{
  return (pid_t) syscall (SYS_gettid) == getpid ();
}

/* The calling thread's state, created on first use.  A thread that is
   not the main thread and was not started by er_run (a foreign thread)
   counts as a process of its own: er_hooks.thread_start at its first
   use, er_hooks.thread_end when it exits.  */
er_thread *
er_self (void)
{
  if (er_tls)
    return er_tls;
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
      if (er_hooks.thread_start)
	er_hooks.thread_start (t);
      pthread_once (&er_key_done, er_key_once);
      pthread_setspecific (er_key, t);
    }
  return t;
}

/* The calling thread's state if it has one, else NULL.  */
er_thread *
er_self_if_any (void)
{
  return er_tls;
}

/* Install T as the calling thread's state (processes started by er_run).  */
void
er_set_self (er_thread *t)
{
  er_tls = t;
}

/* Sleep on the futex word ADDR while it holds VAL, NS nanoseconds at
   most (wait.c's sleepers, fiber.c's idle workers).  Returns 1 when the
   timeout ended the sleep (ETIMEDOUT), 0 otherwise (a wake, the word
   changed, a signal): ERBIUM_STATS tells the two apart (stats.c).  */
int
er_futex_wait (_Atomic uint32_t *addr, uint32_t val, long ns)
{
  struct timespec ts = { ns / 1000000000L, ns % 1000000000L };
  return syscall (SYS_futex, (uint32_t *) addr, FUTEX_WAIT_PRIVATE, val,
		  &ts, NULL, 0) != 0 && errno == ETIMEDOUT;
}

/* Wake every thread sleeping on the futex word ADDR.  */
void
er_futex_wake (_Atomic uint32_t *addr)
{
  syscall (SYS_futex, (uint32_t *) addr, FUTEX_WAKE_PRIVATE, INT_MAX, NULL,
	   NULL, 0);
}

/* Print "erbium: " FMT and abort.  */
void
er_fatal (const char *fmt, ...)
{
  va_list ap;
  fflush (stdout);
  fputs ("erbium: error: ", stderr);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  fflush (stderr);
  abort ();
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
