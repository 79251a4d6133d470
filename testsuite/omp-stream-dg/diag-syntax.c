/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Wrong syntax in the clauses of the task pragmas (OMP-STREAM-SPEC.md,
   sections 3 and 7): after a stream or view name only `<<', `>>', `,'
   or `)' may follow; a view has at most two brackets, a stream in a
   clause or a tick one; a peek is written `peek (x >> v)'; task_name is
   given once; lastprivate is no task clause; brackets hold integers.  */

void
f (int n)
{
  int x __attribute__ ((stream));
  int xs[4] __attribute__ ((stream));
  int v, w[4], u[2][2][2];
  float fl = 2;
#pragma omp task input (x >> v + 1) /* { dg-error "wrong syntax on streaming clause" } */
  ;
#pragma omp task input (x v) /* { dg-error "wrong syntax on streaming clause" } */
  ;
#pragma omp task input (xs >> u[2][2][2]) /* { dg-error "view .u. takes at most two brackets" } */
  ;
#pragma omp task input (xs[1][2] >> v) /* { dg-error "stream .xs. takes one subscript" } */
  ;
#pragma omp task peek (v << x) /* { dg-error "a peek is written .peek \\(x >> v\\)." } */
  ;
#pragma omp task input (x >> v) task_name (a) task_name (b) /* { dg-error "task name specified more than once" } */
  ;
#pragma omp task input (x >> v) lastprivate (n) /* { dg-error ".lastprivate. is not a clause of .#pragma omp task." } */
  ;
#pragma erbium task input (x >> v) lastprivate (n) /* { dg-error ".lastprivate. is not a clause of .#pragma erbium task." } */
  ;
#pragma omp task input (x >> w[fl]) /* { dg-error "the burst of a view must be an integer" } */
  ;
#pragma omp task input (x >> w[4]) frobnicate (n) /* { dg-error ".frobnicate. is not a clause of .#pragma omp task." } */
  ;
#pragma omp task inout_reuse (xs[0] >> w[4] << xs[1]) /* { dg-error ".inout_reuse. is written" } */
  ;
  {
#pragma omp tick (xs[1][2]) /* { dg-error "a stream in .#pragma omp tick. takes one subscript" } */
#pragma omp tick x /* { dg-error "expected .\\(. in .#pragma omp tick." } */
#pragma omp tick (x >> fl) /* { dg-error "the count of a view must be an integer" } */
#pragma omp taskwait depend (in: n) /* { dg-error ".#pragma omp taskwait. takes no clause" } */
  }
}
