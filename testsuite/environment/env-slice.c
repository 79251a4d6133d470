/* SPDX-License-Identifier: GPL-3.0-or-later */ /* ERBIUM_SLICE (docs/environment.md; runtime/src/placement.c,
   er_short_slice): on, the default, each thread the runtime starts asks
   the kernel for a 0.1 ms time slice (sched_setattr's sched_runtime,
   Linux 6.12 and later); off, it keeps the kernel's default, the one the
   main thread has.  The child's process reads its slice and the main
   thread's (sched_getattr).  On a kernel that reports no slice (the main
   thread's is 0) the effect can not be seen: the placement report's
   first line (ERBIUM_PLACEMENT_REPORT=1) says which holds then.  A value
   that does not read warns once and keeps short slices.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-set-target-env-var ERBIUM_SLICE "maybe" } */
/* { dg-output "erbium: warning: ERBIUM_SLICE='maybe' is not a boolean \\(1/0, true/false, yes/no, on/off\\); using the default \\(1\\)\n.*short time slices on.*slice of the process .*ok: ERBIUM_SLICE read" } */

#include "env-test.h"
#include <sys/syscall.h>

/* sched_setattr(2)'s structure, first version (glibc declares none).  */
struct attr
{
  uint32_t size, policy;
  uint64_t flags;
  int32_t nice;
  uint32_t priority;
  uint64_t runtime, deadline, period;
};

static unsigned long long
slice_of (void)
{
  struct attr a;
  memset (&a, 0, sizeof a);
  RT_CHECK (syscall (SYS_sched_getattr, 0, &a, sizeof a, 0) == 0,
	    "sched_getattr");
  return (unsigned long long) a.runtime;
}

static unsigned long long process_slice;

static void
process (void *p)
{
  (void) p;
  process_slice = slice_of ();
}

static void
child (void)
{
  er_run (process, NULL, 0);
  er_wait_all ();
  printf ("slice of the process %llu ns, of the main thread %llu ns\n",
	  process_slice, slice_of ());
}

/* 1 when the child's process asked for the short slice.  */
static int
effect (const char *out)
{
  unsigned long long p = 0, m = 0;
  const char *l = strstr (out, "slice of the process ");
  RT_CHECK (l && sscanf (l, "slice of the process %llu ns, of the main "
			 "thread %llu ns", &p, &m) == 2,
	    "no slice line in:\n%s", out);
  int on = strstr (out, ", short time slices on;") != NULL;
  RT_CHECK (on || strstr (out, ", short time slices off;"),
	    "no settings line in:\n%s", out);
  if (m != 0)
    RT_CHECK (on ? p == 100000 : p == m, "short slices %s, but the process "
	      "has %llu ns, the main thread %llu ns:\n%s", on ? "on" : "off",
	      p, m, out);
  return on;
}

int
main (int argc, char **argv)
{
  (void) argv;
  return env_test_bool (argc, child, "ERBIUM_SLICE", 1, env_report, effect, 1);
}
