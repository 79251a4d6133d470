/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Stream tasks and the rest of OpenMP (OMP-STREAM-SPEC.md 6.8): a stream
   task inside a construct whose end waits for its tasks, or that runs
   its body on several threads (parallel, single, taskgroup ...), is an
   error: its instances run on persistent processes that the construct
   does not wait for.  depend and final are clauses of OpenMP tasks only.
   A stream task inside an OpenMP task or a critical section is fine.  */

void
f (int n)
{
  int x __attribute__ ((stream));
  int v;
#pragma omp parallel
  {
#pragma omp task output (x << v) /* { dg-error "stream task inside .#pragma omp parallel." } */
    v = 1;
  }
#pragma omp single
  {
#pragma omp task output (x << v) /* { dg-error "stream task inside .#pragma omp single." } */
    v = 2;
  }
#pragma omp taskgroup
  {
#pragma erbium task output (x << v) /* { dg-error "stream task inside .#pragma omp taskgroup." } */
    v = 3;
  }
#pragma omp task input (x >> v) depend (in: n) /* { dg-error "clause .depend. is not supported on a stream task" } */
  ;
#pragma erbium task input (x >> v) final (n) /* { dg-error "clause .final. is not supported on a stream task" } */
  ;
#pragma omp task firstprivate (x)
  {
#pragma omp task output (x << v)
    v = 4;
  }
#pragma omp critical
  {
#pragma omp task output (x << v)
    v = 5;
  }
}
