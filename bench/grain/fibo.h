/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fibo.h -- the grain benchmark "fibo" (bench/grain): recursive
   Fibonacci with a cut-off, as OpenStream's stream_recursive_fibo
   (OMP-STREAM-SPEC.md, section 9.1).  What its three programs share:
   the sequential recursion below the cut-off, the check and the command
   line.  Above the cut-off each call of fib (N) runs fib (N - 1) and
   fib (N - 2) as tasks (or, in the sequential program, as calls); at
   or below it, as the plain recursion.  The result is an integer: every
   implementation gives the same, and --verify compares it with the
   iterative sum.  */
#ifndef BENCH_GRAIN_FIBO_H
#define BENCH_GRAIN_FIBO_H

#include "grain.h"

/* Defaults and limits: N and the cut-off.  */
#define FIBO_N 40
#define FIBO_CUT 26

/* fib (N) by the plain recursion (fib (0) = 0, fib (1) = 1).  */
static long
fibo_seq (long n)
{
  return n < 2 ? n : fibo_seq (n - 1) + fibo_seq (n - 2);
}

/* Parse PROG's command line (--n N, --cut C, --verify) into *N, *CUT
   and *VERIFY.  Returns 0, or -1 after a message on stderr
   (grain_parse).  */
static inline int
fibo_setup (int argc, char **argv, const char *prog, long *n, long *cut,
	    int *verify)
{
  *n = FIBO_N;
  *cut = FIBO_CUT;
  const struct grain_opt opts[] = {
    { "n", n, 0, 60, "the argument of fib" },
    { "cut", cut, 1, 60, "the cut-off: below it, no task" },
  };
  return grain_parse (argc, argv, prog, opts, 2, verify);
}

/* Print IMPL's summary line for fib (N) = F with cut-off CUT in SECS
   seconds; with VERIFY, F's relative error against the iterative sum
   (bound 0: it must be exact).  Returns the exit status.  */
static inline int
fibo_finish (const char *impl, long n, long cut, long f, double secs,
	     int verify)
{
  char params[64];
  snprintf (params, sizeof params, "fib (%ld), cut-off %ld", n, cut);
  long a = 0, b = 1;
  for (long k = 0; k < n; k++)
    {
      long c = a + b;
      a = b;
      b = c;
    }
  double err = a == f ? 0.0 : 1.0;
  return grain_report ("fibo", impl, params, secs,
		       grain_digest (&f, sizeof f), verify, err, 0.0);
}

#endif /* BENCH_GRAIN_FIBO_H */
