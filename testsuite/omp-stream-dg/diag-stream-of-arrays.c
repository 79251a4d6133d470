/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Streams of arrays (OMP-STREAM-SPEC.md 2.5 and 7: OpenStream stops with
   an internal error on them).  A stream declared with an array type,
   through a typedef too, is an array of streams, as C types make it
   (`T xs[K] __attribute__((stream))', 2.1): naming it whole where one
   stream is wanted is an error at the clause, never an internal error.
   A stream of arrays is written as a stream of structures holding the
   array, which compiles.  */

typedef int vec4[4];
struct vec4s
{
  int e[4];
};

void
f (int *out)
{
  vec4 x __attribute__ ((stream));
  vec4 w, r;
#pragma omp task output (x << w) /* { dg-error ".x. is an array of streams: name one of them" } */
  w[0] = 1;
#pragma omp task input (x >> r) firstprivate (out) /* { dg-error ".x. is an array of streams: name one of them" } */
  *out = r[0];
  {
#pragma omp tick (x) /* { dg-error ".x. is an array of streams: name one of them" } */
  }

  /* One of the four streams of x, whose elements are ints.  */
  int e;
#pragma omp task output (x[2] << e)
  e = 2;

  struct vec4s s __attribute__ ((stream));
  struct vec4s sw, sr;
#pragma omp task output (s << sw)
  for (int k = 0; k < 4; k++)
    sw.e[k] = k;
#pragma omp task input (s >> sr) firstprivate (out)
  *out = sr.e[3];
}
