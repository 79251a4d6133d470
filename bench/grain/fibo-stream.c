/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fibo-stream.c -- the grain benchmark fibo (fibo.h) as an OpenMP
   stream program, as OpenStream's stream_recursive_fibo: one stream per
   call, compiled by the Erbium plugin with -fopenmp (the "auto"
   implementation with the plugin's defaults, the "off" one with fusion
   and splitting turned off, bench/grain/grain.mk).  fibo_stream (N,
   CUT, OUT) writes fib (N) on the stream OUT: at or below the cut-off
   a task computes it by the plain recursion; above it, two tasks call
   fibo_stream for N - 1 and N - 2 on streams s1 and s2 of their own
   (local streams handed to them firstprivate, which outlive the call,
   OMP-STREAM-SPEC.md sections 6.8, 6.11) and a third adds one element
   of each onto OUT.  The sites are reached again from their own tasks
   (recursion): the plugin gives them one process per instance.

   Usage: grain-fibo-{auto,off} [--n N] [--cut C] [--verify].  Prints
   the summary line (grain.h); exit status 0, 1 on a wrong result, 2 on
   bad usage.  */
#include "fibo.h"

#ifndef GRAIN_IMPL
#define GRAIN_IMPL "auto"
#endif

/* Write fib (N) on OUT, with tasks above CUT.  */
static void
fibo_stream (long n, long cut, long out __attribute__ ((stream)))
{
  long x;
  if (n <= cut)
    {
#pragma omp task output (out << x) firstprivate (n) task_name (leaf)
      x = fibo_seq (n);
    }
  else
    {
      long s1 __attribute__ ((stream));
      long s2 __attribute__ ((stream));
#pragma omp task firstprivate (s1, n, cut) task_name (left)
      fibo_stream (n - 1, cut, s1);
#pragma omp task firstprivate (s2, n, cut) task_name (right)
      fibo_stream (n - 2, cut, s2);
#pragma omp task input (s1, s2) output (out << x) task_name (add)
      x = s1 + s2;
    }
}

int
main (int argc, char **argv)
{
  long n, cut, f = -1, *fp = &f;
  int verify;
  if (fibo_setup (argc, argv, "grain-fibo-" GRAIN_IMPL, &n, &cut, &verify))
    return 2;
  double t0 = grain_now ();
  {
    long top __attribute__ ((stream));
    long r;
    fibo_stream (n, cut, top);
#pragma omp task input (top >> r) firstprivate (fp) task_name (result)
    *fp = r;
#pragma omp taskwait
  }
  double secs = grain_now () - t0;
  return fibo_finish (GRAIN_IMPL, n, cut, f, secs, verify);
}
