/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The runtime's threads ask the kernel for a 0.1 ms time slice
   (runtime/src/placement.c, er_short_slice; docs/performance.md, "Under
   load"), keeping their scheduling policy and nice value.  The main
   thread, which the program owns, keeps the kernel's default.  The test
   lowers its own priority (nice 3, which any user may do) before the
   runtime starts, runs a process that reads its thread's attributes
   (sched_getattr), and checks: the process's thread is SCHED_OTHER with
   nice 3 and, on a kernel that reports fair threads' slices (Linux 6.12
   and later: the main thread's sched_runtime is not 0), a slice of
   100000 ns; the main thread's slice is unchanged.  A second run with
   ERBIUM_SLICE=0, in a child process, checks that the process then keeps
   the main thread's slice.  */
/* { dg-do run } */
/* { dg-output "ok: short slice, policy and nice kept" } */

#include "rt-test.h"
#include <sched.h>
#include <sys/resource.h>
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

static struct attr seen;

static void
get (struct attr *a)
{
  memset (a, 0, sizeof *a);
  RT_CHECK (syscall (SYS_sched_getattr, 0, a, sizeof *a, 0) == 0,
	    "sched_getattr");
}

static void
process (void *p)
{
  (void) p;
  get (&seen);
}

/* Run one process; return what it saw of its thread.  */
static struct attr
run_one (void)
{
  er_run (process, NULL, 0);
  er_wait_all ();
  return seen;
}

int
main (void)
{
  RT_CHECK (setpriority (PRIO_PROCESS, 0, 3) == 0, "setpriority");
  struct attr main0;
  get (&main0);
  RT_EQ (main0.nice, 3);
  int slices = main0.policy == SCHED_OTHER && main0.runtime != 0;

  /* ERBIUM_SLICE=0, in a child: the process keeps the default slice.  */
  fflush (stdout);
  pid_t pid = fork ();
  RT_CHECK (pid >= 0, "fork");
  if (pid == 0)
    {
      setenv ("ERBIUM_SLICE", "0", 1);
      struct attr a = run_one ();
      RT_EQ (a.nice, 3);
      if (slices)
	RT_EQ (a.runtime, main0.runtime);
      exit (0);
    }
  int status;
  RT_CHECK (waitpid (pid, &status, 0) == pid && WIFEXITED (status)
	    && WEXITSTATUS (status) == 0, "the ERBIUM_SLICE=0 run failed");

  unsetenv ("ERBIUM_SLICE");
  struct attr a = run_one ();
  RT_EQ (a.policy, SCHED_OTHER);
  RT_EQ (a.nice, 3);
  if (slices)
    RT_EQ (a.runtime, 100000);
  struct attr main1;
  get (&main1);
  RT_EQ (main1.runtime, main0.runtime);
  RT_EQ (main1.nice, 3);
  RT_OK ("short slice, policy and nice kept");
  return 0;
}
