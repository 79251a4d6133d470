/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The same view in two stream clauses of one task is an error ("View %qE
   is used in multiple streaming clauses", OMP-STREAM-SPEC.md 3.3); the
   two halves of an inout_reuse share their view, and different tasks
   may use the same view.  */

void
f (void)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int v, w[4];
#pragma omp task input (x >> v) output (y << v) /* { dg-error "view .v. is used in multiple streaming clauses" } */
  ;
#pragma omp task input (x >> w[2], y >> w[2]) /* { dg-error "view .w. is used in multiple streaming clauses" } */
  ;
#pragma omp task input (x) output (x) /* { dg-error "view .x. is used in multiple streaming clauses" } */
  ;
#pragma omp task inout_reuse (x >> w[4] >> y)
  w[0]++;
#pragma omp task input (y >> w[4])
  v = w[0];
}
