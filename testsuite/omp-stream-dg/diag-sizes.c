/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Bursts, horizons and windows (OMP-STREAM-SPEC.md 3.2): a constant
   burst is positive and fits the view, an array of windows has a
   positive number of windows that fits the view's rows and a
   two-dimensional view with constant rows, and a view covers whole
   stream elements.  */

void
f (int n)
{
  int x __attribute__ ((stream));
  int xs[4] __attribute__ ((stream));
  char c __attribute__ ((stream));
  int v, w[4], u[2][3], flat[6], rows[2][n];
  short sh[3], sh4[4];
#pragma omp task input (x >> w[0]) /* { dg-error "burst 0 of view .w. is not positive: an input moves at least one element" } */
  ;
#pragma omp task output (x << w[-1]) /* { dg-error "burst -1 of view .w. is not positive: an output moves at least one element" } */
  ;
#pragma omp task input (x >> w[5]) /* { dg-error "burst 5 is larger than view .w., which holds 4 elements" } */
  ;
#pragma omp task output (xs << u[3][2]) /* { dg-error "array of windows on .xs.: 3 windows, but view .u. has 2 rows" } */
  ;
#pragma omp task output (xs << u[0][2]) /* { dg-error "array of windows on .xs.: the number of windows 0 is not positive" } */
  ;
#pragma omp task output (xs << flat[2][2]) /* { dg-error "view .flat. of an array of windows \\(.flat\\\[K\\\]\\\[N\\\].\\) must be a two-dimensional array" } */
  ;
#pragma omp task input (xs >> rows[2][1]) /* { dg-error "view .rows.: the rows of an array of windows must have a constant size" } */
  ;
#pragma omp task output (x << sh[3]) /* { dg-error "view .sh. covers 6 bytes, which is no whole number of elements of stream .x. \\(4 bytes each\\)" } */
  ;
#pragma omp task output (c << v)
  v = 0;
#pragma omp task input (x >> sh4[2])
  ;
#pragma omp task peek (x >> w[0])
  ;
}
