/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Recursion through a task site: a function whose tasks call the
   function again, each call with streams of its own (local streams handed
   to the child tasks firstprivate and passed on as stream parameters),
   the local streams outliving the call that declared them
   (OMP-STREAM-SPEC.md 6.11, 6.8, 6.9; examples/fibo's
   stream_recursive_fibo.c, re-expressed).  fib_stream (n, cut, out)
   writes fib (n) on out: directly when n <= cut, else through two child
   tasks computing n - 1 and n - 2 on local streams s1 and s2 and an
   adder reading one element of each (implicit views).  fib (14) with a
   cut-off of 6 makes 54 calls that recurse through the sites (each
   creating two children and an adder that waits for adders created
   later, by those children); the result, 377, is checked against the
   sequential function, and so are fib (0) .. fib (9) with the same code
   (cut-off 3).  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "tasks-fibonacci: fib\\(14\\) = 377; fib\\(0..9\\) = 0 1 1 2 3 5 8 13 21 34: ok" } */

#include "check.h"

static int
fib (int n)
{
  return n < 2 ? n : fib (n - 1) + fib (n - 2);
}

static void
fib_stream (int n, int cut, int out __attribute__ ((stream)))
{
  int x;

  if (n <= cut)
    {
#pragma omp task output (out << x) firstprivate (n)
      x = fib (n);
    }
  else
    {
      int s1 __attribute__ ((stream));
      int s2 __attribute__ ((stream));

#pragma omp task firstprivate (s1, n, cut)
      fib_stream (n - 1, cut, s1);
#pragma omp task firstprivate (s2, n, cut)
      fib_stream (n - 2, cut, s2);
#pragma omp task input (s1, s2) output (out << x)
      x = s1 + s2;
    }
}

int
main (void)
{
  int top __attribute__ ((stream));
  int small __attribute__ ((stream));
  int r, rs[10];
  int result = -1;
  int smalls[10], want[10];
  int *rp = &result, *sp = smalls;

  fib_stream (14, 6, top);
#pragma omp task input (top >> r) firstprivate (rp)
  *rp = r;

  for (int n = 0; n < 10; n++)
    {
      smalls[n] = -1;
      want[n] = fib (n);
      fib_stream (n, 3, small);
    }
#pragma omp task input (small >> rs[10]) firstprivate (sp)
  for (int n = 0; n < 10; n++)
    sp[n] = rs[n];

#pragma omp taskwait

  CHECK_EQ (result, fib (14));
  CHECK_EQ (result, 377);
  CHECK_INTS (smalls, want, 10);
  return check_done ("tasks-fibonacci", "fib(14) = %d; fib(0..9) = %s", result,
		     check_text (smalls, 10));
}
