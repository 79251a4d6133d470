/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misused #pragma erbium grain (docs/omp-stream.md, "Grain"): each
   error at the grain pragma: an unknown clause, a clause given twice
   (in one pragma or in two before the same task), a bad argument of fuse
   or split (N an integer constant expression from 1 to 1024), no clause,
   a grain pragma outside a function or not followed by a task
   pragma.  */
/* { dg-options "-O2 -fopenmp" } */
int g;
#pragma erbium grain fuse (never) /* { dg-error "outside a function" } */
void
f (void)
{
  int a __attribute__ ((stream));
  int w, r;
#pragma erbium grain fuse (sometimes) /* { dg-error "expected .fuse \\(auto\\)., .fuse \\(never\\). or .fuse \\(always\\)." } */
#pragma omp task output (a << w)
  w = 1;
#pragma erbium grain split (0) /* { dg-error ".split \\(0\\).: the number of workers must be from 1 \\(not split\\) to 1024" } */
#pragma omp task input (a >> r)
  g = r;
#pragma erbium grain split (g) /* { dg-error "the argument of .split. must be .auto. or an integer constant expression" } */
#pragma omp task input (a >> r)
  g = r;
#pragma erbium grain split (2) split (3) /* { dg-error "clause .split. given twice for one task" } */
#pragma omp task input (a >> r)
  g = r;
#pragma erbium grain fuse (never) bogus (1) /* { dg-error "unknown clause; the clauses are .fuse \\(auto\\|never\\|always\\). and .split \\(auto\\|N\\)." } */
#pragma omp task input (a >> r)
  g = r;
#pragma erbium grain /* { dg-error "expects .fuse \\(auto\\|never\\|always\\)., .split \\(auto\\|N\\). or both" } */
#pragma omp task input (a >> r)
  g = r;
#pragma erbium grain split (2) /* { dg-error "is not followed by a task pragma" } */
  g = 3;
#pragma omp task input (a >> r)
  g = r;
#pragma erbium grain fuse (never)
#pragma erbium grain fuse (always) /* { dg-error "clause .fuse. given twice for one task" } */
#pragma omp task input (a >> r)
  g = r;
#pragma erbium grain split (1025) /* { dg-error ".split \\(1025\\).: the number of workers must be from 1" } */
#pragma erbium task input (a >> r)
  g = r;
#pragma erbium grain split (4) /* { dg-error "is not followed by a task pragma" } */
#pragma omp taskwait
#pragma erbium grain fuse (never) /* { dg-error "is not followed by a task pragma" } */
}
