/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Stream tasks and the rest of OpenMP in one unit and one function under
   -fopenmp: parallel for with a reduction, critical, an OpenMP task with
   depend (GCC's own: libgomp), and stream tasks (the runtime's).  The
   plugin owns #pragma omp task, taskwait and tick; GCC still compiles
   every other OpenMP pragma, and _OPENMP is defined.  Fusion is off:
   the two stream tasks stay two creations.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks -fplugin-arg-erbium-fuse=off" } */

#ifndef _OPENMP
#error "_OPENMP is not defined under -fopenmp"
#endif

long
f (int n, int *res)
{
  int x __attribute__ ((stream));
  int v;
  long sum = 0;
  int p = 0, q = 0;
#pragma omp parallel for reduction (+:sum)
  for (int i = 0; i < n; i++)
    sum += i;
#pragma omp parallel
  {
#pragma omp critical
    sum++;
#pragma omp single
    {
#pragma omp task depend (out: p) shared (p)
      p = 42;
#pragma omp task depend (in: p) shared (p, q)
      q = p + 1;
    }
  }
#pragma omp task output (x << v) firstprivate (q)
  v = q;
#pragma omp task input (x >> v) firstprivate (res)
  *res = v;
#pragma omp taskwait
  return sum;
}
/* { dg-final { scan-assembler "GOMP_parallel" } } */
/* { dg-final { scan-assembler "GOMP_critical_start" } } */
/* { dg-final { scan-assembler "GOMP_single_start" } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+GOMP_task\[@\n\]" 2 } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+er_task_create" 2 } } */
/* { dg-final { scan-plugin-dump-times "OpenMP task \\(no stream clause; inside an OpenMP construct\\): GCC's own task \\(libgomp\\)" 2 erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times ": stream task, body" 2 erbium-tasks } } */
