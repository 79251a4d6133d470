/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The static conversion at two depths (../omp-stream/static-nest-outer.c,
   which checks the values): the inner loop's writers become a range per
   outer iteration, and the outer loop's reader, whose loop now holds
   that range creation (writing the stream it reads), a range before the
   outer loop; the writers whose firstprivate is j * j are not
   converted.  Fusion is off: it would make one process of each
   writer and its reader (fuse-rate.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-fuse=off -fplugin-arg-erbium-dump=erbium-tasks" } */

#include "../omp-stream/static-nest-outer.c"

/* { dg-final { scan-plugin-dump "static-nest-outer.c:33 '#pragma omp task' in main: \[^\n\]*\n(  \[^\n\]*\n)*  conversion: static in main: \[^\n\]*; stepped: idx\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "static-nest-outer.c:36 '#pragma omp task' in main: \[^\n\]*\n(  \[^\n\]*\n)*  conversion: static in main: \[^\n\]*; stepped: i\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "static-nest-outer.c:49 '#pragma omp task' in main: \[^\n\]*\n(  \[^\n\]*\n)*  conversion: none in main: firstprivate v varies in the loop in a way the process cannot compute \\(not affine in the iteration\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times "er_task_create_range \\(&__erbium_site_" 2 erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times "er_task_create \\(&__erbium_site_" 2 erbium-tasks } } */
