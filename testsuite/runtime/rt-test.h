/* SPDX-License-Identifier: GPL-3.0-or-later */ /* rt-test.h -- helpers shared by the testsuite/runtime tests.

   Every test checks the values it computes with RT_CHECK / RT_EQ: on a
   mismatch they print "file:line: check failed: ..." on stderr and abort, so
   that the DejaGnu run fails with a message saying what went wrong.

   Blocking is never proved by measuring a duration: a test lets the
   blocked side run, sleeps a little (RT_SETTLE_MS) and checks that it has
   NOT made progress (RT_EXPECT_STUCK), then unblocks it and checks that it
   does progress (rt_wait_at_least, which polls with a generous bound so
   that a lost wake-up shows up as a clear failure instead of a hang).  */

#ifndef RT_TEST_H
#define RT_TEST_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <erbium/runtime.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

/* Check COND; on failure print where, the condition and a printf-style
   explanation, then abort.  */
#define RT_CHECK(cond, fmt, ...)					\
  do {									\
    if (!(cond))							\
      {									\
	fflush (stdout);						\
	fprintf (stderr, "%s:%d: check failed: %s: " fmt "\n",		\
		 __FILE__, __LINE__, #cond, ##__VA_ARGS__);		\
	fflush (stderr);						\
	abort ();							\
      }									\
  } while (0)

/* Check that integer expressions A and B are equal.  */
#define RT_EQ(a, b)							\
  do {									\
    long long rt_a_ = (long long) (a), rt_b_ = (long long) (b);	\
    if (rt_a_ != rt_b_)							\
      {									\
	fflush (stdout);						\
	fprintf (stderr, "%s:%d: check failed: %s == %s: got %lld, "	\
		 "expected %lld\n", __FILE__, __LINE__, #a, #b, rt_a_,	\
		 rt_b_);						\
	fflush (stderr);						\
	abort ();							\
      }									\
  } while (0)

/* Print the final "ok: WHAT" line that dg-output checks.  */
#define RT_OK(...)							\
  do {									\
    printf ("ok: " __VA_ARGS__);					\
    putchar ('\n');							\
    fflush (stdout);							\
  } while (0)

/* How long the tests let a thread run before they conclude that it is
   blocked (absence of progress).  Correctness never depends on it: a
   correct runtime passes whatever the value.  */
#define RT_SETTLE_MS 50

/* Upper bound on any wait for progress that must happen.  */
#define RT_PATIENCE_MS 20000

static inline void
rt_sleep_ms (long ms)
{
  struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
  while (nanosleep (&ts, &ts) != 0)
    ;
}

static inline double
rt_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Wait (polling, not through the runtime) until *P >= WANT; fail with WHAT
   after RT_PATIENCE_MS.  */
static inline void
rt_wait_at_least_ (_Atomic long *p, long want, const char *what,
		   const char *file, int line)
{
  for (long ms = 0; atomic_load (p) < want; ms++)
    {
      if (ms >= RT_PATIENCE_MS)
	{
	  fflush (stdout);
	  fprintf (stderr, "%s:%d: check failed: timed out waiting for %s "
		   "(value %ld, wanted >= %ld)\n", file, line, what,
		   atomic_load (p), want);
	  abort ();
	}
      rt_sleep_ms (1);
    }
}
#define rt_wait_at_least(p, want, what) \
  rt_wait_at_least_ ((p), (want), (what), __FILE__, __LINE__)

/* After letting the other threads run for RT_SETTLE_MS, *P must still be
   EXPECT: the thread that would change it is blocked.  */
#define RT_EXPECT_STUCK(p, expect, what)				\
  do {									\
    rt_sleep_ms (RT_SETTLE_MS);						\
    long rt_v_ = atomic_load (p);					\
    RT_CHECK (rt_v_ == (long) (expect), "%s: progressed to %ld, "	\
	      "expected to stay blocked at %ld", (what), rt_v_,		\
	      (long) (expect));						\
  } while (0)

/* The value written at stream index I (any int, wrapping).  */
static inline int32_t
rt_val (uint32_t i)
{
  return (int32_t) (i * 2654435761u ^ 0x5bd1e995u);
}

/* View state as the owner sees it.  */
static inline struct er_view_info
rt_info (er_view *v)
{
  struct er_view_info in;
  memset (&in, 0, sizeof in);
  er_view_info (v, &in);
  return in;
}

/* Write indices [TL, HD) of int write view W with rt_val, one stall and
   one commit per burst of at most BURST elements.  */
static inline void
rt_write_range (er_view *w, int tl, int hd, int burst)
{
  while (tl < hd)
    {
      int e = hd - tl < burst ? hd : tl + burst;
      er_stall (w, e);
      int32_t *p = er_burst (w, tl, e - tl);
      for (int i = tl; i < e; i++)
	p[i - tl] = rt_val ((uint32_t) i);
      er_commit (w, e);
      tl = e;
    }
}

/* Read indices [TL, HD) of int read view R in bursts of at most BURST,
   checking every value against rt_val and releasing as it goes.  Returns
   the index reached: HD, or less if the stream terminated.  */
static inline int
rt_read_range (er_view *r, int tl, int hd, int burst)
{
  while (tl < hd)
    {
      int e = hd - tl < burst ? hd : tl + burst;
      int got = er_update (r, e);
      if (got == 0)
	return tl;
      RT_CHECK (got > tl && got <= e, "update(%d) returned %d at tl %d",
		e, got, tl);
      const int32_t *p = er_burst (r, tl, got - tl);
      for (int i = tl; i < got; i++)
	RT_CHECK (p[i - tl] == rt_val ((uint32_t) i),
		  "index %d holds %d, expected %d", i, p[i - tl],
		  rt_val ((uint32_t) i));
      er_release (r, got);
      tl = got;
      if (got < e)
	return tl;
    }
  return tl;
}

/* Read int read view R from index 0 until the stream terminates, in
   bursts of BURST elements, checking every value (rt_read_range) and
   storing the index reached in *AT after each burst, so that another
   thread can watch the reader's progress.  Returns the final index.  */
static inline int
rt_read_stream (er_view *r, int burst, _Atomic long *at)
{
  int tl = 0;
  for (;;)
    {
      int got = rt_read_range (r, tl, tl + burst, burst);
      atomic_store (at, got);
      if (got < tl + burst)
	return got;
      tl = got;
    }
}

/* Run SCENARIO in a child process (forked before the runtime starts any
   thread), print "child exit status N" (or the signal that killed it),
   check that the child exited with ER_EXIT_DEADLOCK (deadlock detection,
   erbium/process.h) and return that status for main to exit with, so that
   dg-shouldfail stays meaningful.  A fork or waitpid failure, or another
   status, is a failed check (abort).  SCENARIO returns the child's exit
   status if it ever returns.  */
static inline int
rt_expect_deadlock (int (*scenario) (void))
{
  fflush (stdout);
  pid_t pid = fork ();
  RT_CHECK (pid >= 0, "fork failed");
  if (pid == 0)
    exit (scenario ());
  int st;
  RT_CHECK (waitpid (pid, &st, 0) == pid, "waitpid failed");
  if (WIFEXITED (st))
    printf ("child exit status %d\n", WEXITSTATUS (st));
  else
    printf ("child killed by signal %d\n", WTERMSIG (st));
  fflush (stdout);
  RT_CHECK (WIFEXITED (st) && WEXITSTATUS (st) == ER_EXIT_DEADLOCK,
	    "expected exit status %d (ER_EXIT_DEADLOCK)", ER_EXIT_DEADLOCK);
  return ER_EXIT_DEADLOCK;
}

#endif /* RT_TEST_H */
