/* SPDX-License-Identifier: GPL-3.0-or-later */ /* openmp-coexist.c at -O0: stream tasks and the rest of OpenMP in one
   unit and one function under -fopenmp (that file says what it checks);
   the same checks, at -O0.  */
/* { dg-do compile } */
/* { dg-options "-O0 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */

#include "openmp-coexist.c"

/* { dg-final { scan-assembler "GOMP_parallel" } } */
/* { dg-final { scan-assembler "GOMP_critical_start" } } */
/* { dg-final { scan-assembler "GOMP_single_start" } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+GOMP_task\[@\n\]" 2 } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+er_task_create" 2 } } */
/* { dg-final { scan-plugin-dump-times "OpenMP task \\(no stream clause; inside an OpenMP construct\\): GCC's own task \\(libgomp\\)" 2 erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times ": stream task, body" 2 erbium-tasks } } */
