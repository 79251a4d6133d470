/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Fusion runs when optimizing (-O1 and above): at -O0 the dump says
   so.  */
/* { dg-options "-O0 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
#include "fuse-pipeline.c"
/* { dg-final { scan-plugin-dump "network fuse edge 0 \\(node 0 -> node 1\\): not fused: fusion runs when optimizing \\(-O1 and above\\)\n" erbium-tasks } } */
