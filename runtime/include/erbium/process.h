/* SPDX-License-Identifier: MIT */
/* Erbium runtime: processes (paper section 3, "Creation" and
   "Termination").

   A process is a persistent thread (or, on request, a fiber: see
   er_use_fibers) running a function on a private copy of its
   arguments.  Processes may create processes.  When a process returns,
   every view it still owns is freed with ER_TERMINATE (an implicit return
   terminates the process's streams, which is what lets the paper's Figure 2
   consumer stop).  At exit the main thread frees its own views the same way
   and waits for every process.

   Placement (hwloc, runtime/src/placement.c; not in the paper): the cores
   are those of the program's CPU affinity mask at start-up.  Each process
   is bound to a core of its own while cores remain, the least loaded core
   otherwise; when a process connects its first view to a record, it moves
   to a free core sharing the deepest cache with the record's other
   processes if the topology offers a choice.  With more automatically
   placed processes than cores, the runtime also rebalances them from time
   to time (every 10 ms at most) by the CPU time each used, moving one or
   exchanging two when that shortens the busiest core's work enough.
   Environment: ERBIUM_BIND=0 disables binding; ERBIUM_CPUS=a,b,c binds the
   n-th process created to the n-th listed PU (OS index), cyclic, and
   disables balancing; ERBIUM_BALANCE=0 disables balancing;
   ERBIUM_PLACEMENT_REPORT=1 prints each placement decision to stderr.
   Fibers (er_use_fibers) are not placed: the workers, one per core of the
   affinity mask, run whichever fiber can go on.  Every thread the runtime
   starts (a process's, a worker) asks the kernel for a 0.1 ms time slice
   (sched_setattr, Linux 6.12 and later), keeping its policy and nice
   value; ERBIUM_SLICE=0 leaves the kernel's default.  */

#ifndef ERBIUM_PROCESS_H
#define ERBIUM_PROCESS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* run p(args): start a process running FN on a copy of the SIZE bytes
   at ARGS (FN receives a pointer to that copy, valid while it runs).
   Returns 0; failure to create a thread (or, for a fiber, to map its
   stack) is reported on stderr and aborts.  */
int er_run (void (*fn) (void *), const void *args, size_t size);

/* Same, bound to core CORE (hwloc logical core index, 0..er_ncores()-1)
   instead of automatic placement; CORE < 0 means automatic.  */
int er_run_on (int core, void (*fn) (void *), const void *args, size_t size);

/* Wait until every process has returned.  Called automatically at exit.
   Called from a process, it returns at once (a process cannot wait for
   itself).  A global deadlock while waiting is reported like any other.  */
void er_wait_all (void);

/* Number of cores and of processing units (hwloc) in the program's CPU
   affinity mask at start-up (so `taskset` and cpusets count, and er_run_on's
   core indices are among these); cache line size in bytes from hwloc (64
   when hwloc does not say).  */
int er_ncores (void);
int er_npus (void);
int er_cache_line (void);

/* Ask that automatically placed processes (er_run) run as fibers (ON !=
   0) or as threads of their own (ON == 0, the default, except in a
   program that creates OpenMP stream tasks before its first process
   starts: fibers there, erbium/task.h).  Fibers
   (runtime/src/fiber.c) are run by one worker thread per core, from a
   run queue the workers share: a process that waits gives its core to
   another in user space, where a thread goes through the kernel, and a
   process runs on whichever core is free.  The scheduling is
   cooperative: a process gives its core away only inside the primitives.
   So every process must synchronise with the others only through
   records and views (one that blocks in the kernel, or polls shared
   memory for another process, holds up a worker or waits forever), a
   process that computes for long without waiting keeps its worker for
   that long, and processes share the workers' thread-local variables.
   Processes started with er_run_on on a core stay threads, and so do
   all processes when ERBIUM_CPUS is set (even with ERBIUM_FIBERS=1).
   Call it before the first automatically placed process starts: that
   process settles the mode.  Returns 0, or -1 (nothing changes) when the
   mode is settled already, or ON != 0 and fibers are not available
   (x86-64 only).  The environment variable ERBIUM_FIBERS=1 or 0, when
   set, overrides the program's choice.  Not in the paper: a run-time
   counterpart of its compile-time fusion of processes (section 4).  */
int er_use_fibers (int on);

/* Exit status of a program stopped by deadlock detection.  */
#define ER_EXIT_DEADLOCK 70

#ifdef __cplusplus
}
#endif

#endif /* ERBIUM_PROCESS_H */
