/* SPDX-License-Identifier: GPL-3.0-or-later */ /* An OpenMP program with no stream construct: parallel for with a
   reduction, critical, atomic, single, tasks with depend, shared,
   firstprivate, if, final, untied, mergeable and priority clauses, a
   recursive function of tasks and taskwait, taskloop and simd.  With
   -fopenmp, the plugin parses #pragma omp task and taskwait itself and
   gives GCC's own OpenMP tasks back: the assembly is the same with and
   without the plugin (omp-stream-dg.exp, same-*.c).  */
#include <stdio.h>

static int
fib (int n)
{
  int x, y;
  if (n < 2)
    return n;
#pragma omp task shared (x) firstprivate (n)
  x = fib (n - 1);
#pragma omp task shared (y) firstprivate (n)
  y = fib (n - 2);
#pragma omp taskwait
  return x + y;
}

int
main (void)
{
  long sum = 0;
  int a[100];
#pragma omp parallel for reduction (+:sum)
  for (int i = 0; i < 1000; i++)
    sum += i;
  int cnt = 0;
#pragma omp parallel
  {
#pragma omp critical
    cnt++;
#pragma omp atomic
    sum += 1;
  }
  int p = 0, q = 0, r = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend (out: p) shared (p)
    p = 42;
#pragma omp task depend (in: p) depend (out: q) shared (p, q) if (p >= 0) \
  untied mergeable priority (1)
    q = p + 1;
#pragma omp task depend (inout: a[0:10]) shared (a) final (q > 100)
    a[0] = 7;
#pragma omp task default (none) firstprivate (q) shared (r) if (task: q)
    {
      int t = q * 2;
      r = t;
    }
#pragma omp taskwait
    r += fib (15);
  }
#pragma omp taskloop
  for (int i = 0; i < 100; i++)
    a[i] = i;
#pragma omp simd
  for (int i = 0; i < 100; i++)
    a[i] += 1;
  printf ("%ld %d %d %d %d %d %d\n", sum - cnt, cnt > 0, p, q, r, a[0], a[99]);
  return 0;
}
