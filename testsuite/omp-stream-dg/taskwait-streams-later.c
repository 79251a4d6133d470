/* SPDX-License-Identifier: GPL-3.0-or-later */ /* `#pragma omp taskwait' waits for both kinds of children under
   -fopenmp: GOMP_taskwait, and er_taskwait when the unit has streams,
   also in the functions parsed before the first stream construct
   (OMP-STREAM-SPEC.md 6.10: the barrier belongs to the current task,
   whatever created its children).  A unit with no stream construct gets
   GOMP_taskwait alone (same-openmp.c).  */
/* { dg-options "-O0 -fopenmp" } */

void
wait_all (void)
{
#pragma omp taskwait
}

void
producer (int s __attribute__ ((stream)))
{
  int v;
#pragma omp task output (s << v)
  v = 1;
#pragma omp taskwait
}
/* { dg-final { scan-assembler-times "call\[ \t\]+GOMP_taskwait" 2 } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+er_taskwait" 2 } } */
