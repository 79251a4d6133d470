/* SPDX-License-Identifier: GPL-3.0-or-later */ /* What the lowering calls (<erbium/task.h>, declared by the plugin: the
   unit includes no header): er_stream_new and er_stream_new_array where
   streams are declared, er_stream_release when their blocks end,
   er_task_create at each task pragma, er_stream_tick, er_taskwait (with
   GOMP_taskwait under -fopenmp), and the static er_site whose `where'
   names the pragma and its task_name.  At -O0 (codegen-calls-O2.c: -O2).  */
/* { dg-options "-O0 -fopenmp" } */

void
f (int n)
{
  int x __attribute__ ((stream));
  int xs[n] __attribute__ ((stream));
  int v, w;
#pragma omp task output (x << v) task_name (producer)
  v = 1;
#pragma omp task input (x >> v) output (xs[0] << w) if (n > 2)
  ;
  {
#pragma omp tick (xs[0])
  }
#pragma omp taskwait
}
/* { dg-final { scan-assembler "call\[ \t\]+er_stream_new\[@\n\]" } } */
/* { dg-final { scan-assembler "call\[ \t\]+er_stream_new_array" } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+er_task_create" 2 } } */
/* { dg-final { scan-assembler "call\[ \t\]+er_stream_tick" } } */
/* { dg-final { scan-assembler "call\[ \t\]+GOMP_taskwait" } } */
/* { dg-final { scan-assembler "call\[ \t\]+er_taskwait" } } */
/* { dg-final { scan-assembler "call\[ \t\]+er_stream_release" } } */
/* { dg-final { scan-assembler "codegen-calls.c:15 \\(producer\\)" } } */
/* { dg-final { scan-assembler "codegen-calls.c:17\"" } } */
