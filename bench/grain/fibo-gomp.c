/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fibo-gomp.c -- the "gomp-depend" implementation of the grain benchmark
   fibo (fibo.h): libgomp tasks, libgomp's default team (one thread per
   core).  Above the cut-off a call creates a task for fib (N - 1) and
   one for fib (N - 2), each writing its result into the caller's frame
   (shared), and waits for them (taskwait): the children's results are
   the dependences.

   Usage: grain-fibo-gomp [--n N] [--cut C] [--verify].  Prints the
   summary line (grain.h); exit status 0, 1 on a wrong result, 2 on bad
   usage.  */
#include "fibo.h"

/* fib (N), with tasks above CUT.  */
static long
fibo_gomp (long n, long cut)
{
  if (n <= cut)
    return fibo_seq (n);
  long a, b;
#pragma omp task shared(a) firstprivate(n, cut)
  a = fibo_gomp (n - 1, cut);
#pragma omp task shared(b) firstprivate(n, cut)
  b = fibo_gomp (n - 2, cut);
#pragma omp taskwait
  return a + b;
}

int
main (int argc, char **argv)
{
  long n, cut, f = 0;
  int verify;
  if (fibo_setup (argc, argv, "grain-fibo-gomp", &n, &cut, &verify))
    return 2;
  double t0 = grain_now ();
#pragma omp parallel
#pragma omp single
  f = fibo_gomp (n, cut);
  double secs = grain_now () - t0;
  return fibo_finish ("gomp-depend", n, cut, f, secs, verify);
}
