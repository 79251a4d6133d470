/* SPDX-License-Identifier: GPL-3.0-or-later */ /* fuse-pipeline.c with fuse=off: four processes, the same results.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-fuse=off -fplugin-arg-erbium-dump=erbium-tasks" } */
/* { dg-output "fuse-pipeline: 300 blocks: ok" } */
#include "fuse-pipeline.c"
/* { dg-final { scan-plugin-dump "network fuse edge 2 \\(node 2 -> node 3\\): not fused: fuse=off\n" erbium-tasks } } */
