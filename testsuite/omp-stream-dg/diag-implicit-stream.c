/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A pointer that is not declared as a stream, used in the stream
   position of a clause or a tick, is an implicitly typed stream: its
   value is the handle (streams of streams), with a warning
   (-Werbium-implicit-stream; OMP-STREAM-SPEC.md 2.4).  Anything else
   that is no stream is an error.  */

void
f (void *s, void **ss, int k)
{
  int v, w[2][1];
  float fv;
#pragma omp task input (s >> v) /* { dg-warning "stream .s. is implicitly typed, which may be unsafe: .s. is not declared with" } */
  ;
#pragma omp task output (ss[k] << fv) /* { dg-warning "stream .ss. is implicitly typed" } */
  fv = 1;
#pragma omp task output (ss << w[2][1]) /* { dg-warning "stream .ss. is implicitly typed" } */
  w[0][0] = w[1][0] = 0;
  {
#pragma omp tick (s >> 2) /* { dg-warning "stream .s. is implicitly typed" } */
  }
#pragma omp task input (k >> v) /* { dg-error ".k. is not a stream: declare it with .__attribute__\\(\\(stream\\)\\)." } */
  ;
#pragma omp task input (s) /* { dg-error "implicitly typed stream .s. needs an explicit view" } */
  ;
  /* { dg-warning "stream .s. is implicitly typed" "" { target *-*-* } 23 } */
}
