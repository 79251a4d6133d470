/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A stream or a view that is not declared is an error at its name, with
   a note saying that stream and view identifiers must be declared before
   the clauses that use them (OMP-STREAM-SPEC.md, section 7).  */

void
f (void)
{
  int x __attribute__ ((stream));
  int v;
#pragma omp task input (y >> v) /* { dg-error "expected stream or view identifier: .y. is not declared" } */
  ;
  /* { dg-note "must be declared before use in streaming clauses" "" { target *-*-* } 10 } */
#pragma omp task output (x << w) /* { dg-error "expected stream or view identifier: .w. is not declared" } */
  ;
#pragma omp task input (v << z) /* { dg-error ".z. is not declared" } */
  ;
  {
#pragma omp tick (q >> 2) /* { dg-error ".q. is not declared" } */
  }
#pragma erbium task peek (nope) /* { dg-error ".nope. is not declared" } */
  ;
}
