/* SPDX-License-Identifier: GPL-3.0-or-later */ /* OpenMP tasks at the top level of functions, outside any OpenMP
   construct, in a unit without streams: GCC's own tasks (under -fopenmp,
   libgomp runs them at once outside a parallel region) or ignored
   (without -fopenmp), as without the plugin: same assembly
   (omp-stream-dg.exp, same-*.c).  In a unit with streams such a task is
   a data-flow task (omp-without-fopenmp.c, dump-plain-tasks.c).  */
#include <stdio.h>

static void
step (int *p, int i)
{
#pragma omp task firstprivate (i) shared (p)
  p[i] = i * i;
}

int
main (void)
{
  int a[8];
  for (int i = 0; i < 8; i++)
    step (a, i);
#pragma omp taskwait
  int s = 0;
  for (int i = 0; i < 8; i++)
    s += a[i];
  printf ("%d\n", s);
  return 0;
}
