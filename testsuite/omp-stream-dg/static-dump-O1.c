/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The static conversion at -O1 (taskloop.cc runs whenever the loop
   optimizer does): the sites of static-dump.c get it as at -O2 (fusion
   off).  */
/* { dg-do compile } */
/* { dg-options "-O1 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks -fplugin-arg-erbium-fuse=off" } */

#include "static-dump.c"

/* { dg-final { scan-plugin-dump "static-dump.c:23 '#pragma omp task' in pipeline: \[^\n\]*\n(  \[^\n\]*\n)*  conversion: static in pipeline: \[^\n\]*; stepped: k\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times "  conversion: static in " 7 erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times "er_task_create_range \\(&__erbium_site_" 7 erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times "er_task_create \\(" 1 erbium-tasks } } */
