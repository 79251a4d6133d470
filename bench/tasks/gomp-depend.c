/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gomp-depend.c -- the task-creation benchmark's peer "gomp-depend"
   (bench/tasks): the producer-consumer pipeline of tasks.h as libgomp
   tasks with depend clauses, run by libgomp's default team (one thread
   per core).  One thread creates, per block of B elements, a producer
   task that writes the block into a ring slot and a consumer task that
   reads it: the consumer's depend(in) on the slot orders it after its
   producer, and the next producer of the slot (SLOTS blocks later)
   waits, by its depend(out), for that consumer (write after read), as
   bench/fmradio/gomp.c does with its rings.  Consumers add their block's
   sum to the total atomically, in any order.

   Usage: tasks-gomp-depend --block B --elements N (tasks.h).  Prints the
   summary line; exit status 0, 1 on a wrong sum, 2 on bad usage.  */
#include "tasks.h"

/* Ring slots: how many blocks the producers may run ahead of the
   consumers.  */
#define GOMP_SLOTS 16

int
main (int argc, char **argv)
{
  static const char prog[] = "tasks-gomp-depend";
  struct tasks_opts o;
  if (tasks_parse (argc, argv, prog, &o))
    return 2;
  long b = o.block, ni = o.elements / b;
  size_t bytes = (size_t) GOMP_SLOTS * b * sizeof (uint64_t);
  uint64_t *ring = aligned_alloc (64, (bytes + 63) & ~(size_t) 63);
  if (!ring)
    {
      fprintf (stderr, "%s: out of memory for %d slots of %ld elements\n",
	       prog, GOMP_SLOTS, b);
      return 1;
    }
  /* The dependence sentinels, one per slot: depend clauses need
     storage; the tasks never touch it.  */
  char dep[GOMP_SLOTS];
  (void) dep;			/* GCC 12 counts no use in a depend clause */
  static _Alignas (TASKS_TOTAL_ALIGN) uint64_t sum;

  double t0 = tasks_now ();
#pragma omp parallel
#pragma omp single
  for (long i = 0; i < ni; i++)
    {
      long k = i % GOMP_SLOTS;
      uint64_t *slot = ring + k * b;
#pragma omp task depend(out: dep[k]) firstprivate(slot, i, b)
      tasks_produce (slot, i * b, b);
#pragma omp task depend(in: dep[k]) firstprivate(slot, b) shared(sum)
      __atomic_fetch_add (&sum, tasks_consume (slot, b), __ATOMIC_RELAXED);
    }
  /* The parallel region's end waits for every task.  */
  double secs = tasks_now () - t0;

  free (ring);
  return tasks_report (prog, &o, secs, sum);
}
