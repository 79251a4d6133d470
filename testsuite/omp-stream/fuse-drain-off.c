/* SPDX-License-Identifier: GPL-3.0-or-later */ /* fuse-drain.c with fuse=off: the same results.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-fuse=off -fplugin-arg-erbium-dump=erbium-tasks" } */
/* { dg-output "fuse-drain: 200 blocks: ok" } */
#include "fuse-drain.c"
/* { dg-final { scan-plugin-dump "network fuse edge 0 \\(node 0 -> node 1\\): not fused: fuse=off" erbium-tasks } } */
