/* Without -fopenmp, GCC ignores every #pragma omp.  The plugin says so
   for a task with stream clauses and for a tick, which the program needs
   (-Werbium-omp-ignored); #pragma erbium works without -fopenmp.  */
/* { dg-options "-O2 -Wunknown-pragmas" } */

void
f (int k)
{
  int x __attribute__ ((stream));
  int v;
#pragma omp task input (x >> v) /* { dg-warning ".#pragma omp task. ignored without .-fopenmp.: the stream task.s body would run in the control program; compile with .-fopenmp., or write .#pragma erbium task. .-Werbium-omp-ignored" } */
  k = v;
#pragma omp task /* { dg-warning "ignoring .#pragma omp task." } */
  k++;
  {
#pragma omp tick (x) /* { dg-warning ".#pragma omp tick. ignored without .-fopenmp." } */
  }
#pragma omp taskwait /* { dg-warning "ignoring .#pragma omp taskwait." } */
#pragma erbium task input (x >> v)
  k = v;
#pragma erbium taskwait
}
/* { dg-final { scan-assembler "er_task_create" } } */
/* { dg-final { scan-assembler "er_taskwait" } } */
