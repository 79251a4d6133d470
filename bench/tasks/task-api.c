/* SPDX-License-Identifier: GPL-3.0-or-later */
/* task-api.c -- the task-creation benchmark's "task-api" program
   (bench/tasks): omp-stream.c's pipeline written by hand against the
   runtime's interface of OpenMP stream tasks, <erbium/task.h>, as the
   plugin lowers the pragmas: a static er_site per task pragma with its
   body as a function of (firstprivate values, windows), a stream made
   where it is declared and released where its block ends, an
   er_task_create per instance with the instance's accesses, er_taskwait
   for the taskwait.  Plain C, no plugin: it measures the runtime alone,
   and omp-stream's figures against it show what the compiled program
   adds.

   Usage: tasks-task-api --block B --elements N (tasks.h).  Prints the
   summary line; exit status 0, 1 on a wrong sum, 2 on bad usage.  */
#include <erbium/task.h>
#include "tasks.h"

/* The producer's firstprivate values: its first element and the
   block.  */
struct producer_args
{
  long e0, b;
};

/* The consumer's: the block and where the total is.  */
struct consumer_args
{
  long b;
  uint64_t *sum;
};

/* #pragma omp task output (x << pw[b]) firstprivate (i, b): WINDOWS[0]
   is the output window of B elements.  */
static void
producer_body (void *args, void *const *windows)
{
  const struct producer_args *a = args;
  tasks_produce (windows[0], a->e0, a->b);
}

/* #pragma omp task input (x >> cw[b]) firstprivate (b, sp): WINDOWS[0]
   is the input window of B elements.  */
static void
consumer_body (void *args, void *const *windows)
{
  const struct consumer_args *a = args;
  __atomic_fetch_add (a->sum, tasks_consume (windows[0], a->b),
		      __ATOMIC_RELAXED);
}

static er_site producer_site = { producer_body, "task-api.c:producer", 0,
				 NULL };
static er_site consumer_site = { consumer_body, "task-api.c:consumer", 0,
				 NULL };

int
main (int argc, char **argv)
{
  static const char prog[] = "tasks-task-api";
  struct tasks_opts o;
  if (tasks_parse (argc, argv, prog, &o))
    return 2;
  long b = o.block, ni = o.elements / b;
  static _Alignas (TASKS_TOTAL_ALIGN) uint64_t sum;

  double t0 = tasks_now ();
  er_stream *x = er_stream_new (sizeof (uint64_t), "x");
  for (long i = 0; i < ni; i++)
    {
      struct producer_args pa = { i * b, b };
      struct er_task_access pacc = { x, ER_ACCESS_OUTPUT, b, b };
      er_task_create (&producer_site, &pa, sizeof pa, &pacc, 1, 0);
      struct consumer_args ca = { b, &sum };
      struct er_task_access cacc = { x, ER_ACCESS_INPUT, b, b };
      er_task_create (&consumer_site, &ca, sizeof ca, &cacc, 1, 0);
    }
  er_taskwait ();
  er_stream_release (x);
  double secs = tasks_now () - t0;

  return tasks_report (prog, &o, secs, sum);
}
