/* SPDX-License-Identifier: GPL-3.0-or-later */ /* At -O0 the static conversion does not run (no loop analysis): the
   dump says so for every site of static-dump.c, and each creation is
   an er_task_create.  */
/* { dg-do compile } */
/* { dg-options "-O0 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */

#include "static-dump.c"

/* { dg-final { scan-plugin-dump-times "  conversion: none: the static conversion runs when optimizing \\(-O1 and above\\)\n" 8 erbium-tasks } } */
/* { dg-final { scan-plugin-dump-not "er_task_create_range" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times "er_task_create \\(" 8 erbium-tasks } } */
