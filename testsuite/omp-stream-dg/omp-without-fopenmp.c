/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Without -fopenmp, the plugin still compiles the stream extension: a
   #pragma omp task with stream clauses, #pragma omp tick, and in a unit
   with streams #pragma omp taskwait (er_taskwait alone) and a task
   without stream clause (a data-flow task, OMP-STREAM-SPEC.md 6.8);
   only a task with a clause of OpenMP tasks only is ignored there, as
   GCC ignores every OpenMP pragma without -fopenmp (-Wunknown-pragmas
   says so).  */
/* { dg-options "-O2 -Wunknown-pragmas -fplugin-arg-erbium-dump=erbium-tasks" } */

void
f (int *k)
{
  int x __attribute__ ((stream));
  int v;
#pragma omp task input (x >> v) firstprivate (k)
  *k = v;
#pragma omp task firstprivate (k)
  *k += 1;
#pragma omp task depend (in: k) /* { dg-warning "ignoring .#pragma omp task." } */
  *k += 2;
  {
#pragma omp tick (x)
  }
#pragma omp taskwait
#pragma erbium task input (x >> v) firstprivate (k)
  *k = v;
#pragma erbium taskwait
}
/* { dg-final { scan-assembler-times "er_task_create" 3 } } */
/* { dg-final { scan-assembler-times "er_taskwait" 2 } } */
/* { dg-final { scan-assembler "er_stream_tick" } } */
/* { dg-final { scan-assembler-not "GOMP" } } */
/* { dg-final { scan-plugin-dump ":17 '#pragma omp task' in f: data-flow task without stream clause" erbium-tasks } } */
/* { dg-final { scan-plugin-dump ":19 '#pragma omp task' in f: OpenMP task ignored without -fopenmp" erbium-tasks } } */
