/* SPDX-License-Identifier: GPL-3.0-or-later */ /* -fplugin-arg-erbium-fuse=off: no edge is fused, the dump says so;
   fuse=all fuses what auto would not (fuse-all.c).  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks -fplugin-arg-erbium-fuse=off" } */
#include "fuse-pipeline.c"
/* { dg-final { scan-plugin-dump "network fuse edge 0 \\(node 0 -> node 1\\): not fused: fuse=off\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times "er_task_create_range \\(&__erbium_site_main_" 2 erbium-tasks } } */
