/* SPDX-License-Identifier: GPL-3.0-or-later */
/* omp-stream.c -- the task-creation benchmark's "omp-stream" program
   (bench/tasks): the producer-consumer pipeline of tasks.h written with
   the OpenMP stream pragmas (the OpenStream syntax), compiled by the
   Erbium plugin with -fopenmp.  The control program loops over the
   blocks and creates, per block of B elements, an instance of the
   producer site (an output of burst B on the stream x) and one of the
   consumer site (an input of B from x).  Positions are assigned at
   creation (OMP-STREAM-SPEC.md, section 6.1): consumer instance I reads
   exactly what producer instance I wrote.  Consumers add their block's
   sum to the total through a pointer given firstprivate (section 6.8),
   atomically, as the peers do.  The taskwait waits for every instance.

   Usage: tasks-omp-stream --block B --elements N (tasks.h).  Prints the
   summary line; exit status 0, 1 on a wrong sum, 2 on bad usage.  */
#include "tasks.h"

int
main (int argc, char **argv)
{
  static const char prog[] = "tasks-omp-stream";
  struct tasks_opts o;
  if (tasks_parse (argc, argv, prog, &o))
    return 2;
  long b = o.block, ni = o.elements / b;
  static _Alignas (TASKS_TOTAL_ALIGN) uint64_t sum;
  uint64_t *sp = &sum;

  double t0 = tasks_now ();
  {
    uint64_t x __attribute__ ((stream));
    /* The windows: B elements each (views; only their type matters in
       the control program).  */
    uint64_t pw[b], cw[b];
    for (long i = 0; i < ni; i++)
      {
#pragma omp task output (x << pw[b]) firstprivate (i, b)
	tasks_produce (pw, i * b, b);
#pragma omp task input (x >> cw[b]) firstprivate (b, sp)
	__atomic_fetch_add (sp, tasks_consume (cw, b), __ATOMIC_RELAXED);
      }
#pragma omp taskwait
  }
  double secs = tasks_now () - t0;

  return tasks_report (prog, &o, secs, sum);
}
