/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A task without stream clause in a unit with streams: a data-flow task
   (OMP-STREAM-SPEC.md 6.8: every task of OpenStream is one, ready at
   once), run by the Erbium runtime like a stream task without accesses,
   so that a control program may create readers in one and writers after
   it; inside an OpenMP construct, or with a clause only OpenMP tasks
   have (depend, final), it stays GCC's own task.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */

void
f (int *res)
{
  int z __attribute__ ((stream));
  int e;
#pragma omp task firstprivate (z, res)
  {
    int q;
#pragma omp task input (z >> q) firstprivate (res)
    *res = q;
#pragma omp taskwait
  }
#pragma omp task output (z << e)
  e = 7;
#pragma omp task depend (inout: res[0]) firstprivate (res)
  res[1] = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task firstprivate (res)
    res[2] = 0;
  }
#pragma omp taskwait
}
/* { dg-final { scan-plugin-dump ":14 '#pragma omp task' in f: data-flow task without stream clause, body __erbium_task_f_\[0-9\]*\n  capture res: firstprivate \\(copied\\)\n  capture z: firstprivate \\(copied\\), stream handle retained\n  process: one per instance: its body may wait for its children" erbium-tasks } } */
/* { dg-final { scan-plugin-dump ":23 '#pragma omp task' in f: OpenMP task \\(no stream clause; a clause of OpenMP tasks only\\): GCC's own task \\(libgomp\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump ":28 '#pragma omp task' in f: OpenMP task \\(no stream clause; inside an OpenMP construct\\): GCC's own task \\(libgomp\\)" erbium-tasks } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+er_task_create" 3 } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+GOMP_task\[@\n\]" 2 } } */
