/* SPDX-License-Identifier: GPL-3.0-or-later */ /* fuse-ring.c with fuse=off: the same results.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-fuse=off -fplugin-arg-erbium-dump=erbium-tasks" } */
/* { dg-output "fuse-ring: 500 rounds: ok" } */
#include "fuse-ring.c"
/* { dg-final { scan-plugin-dump "network fuse edge 1 \\(node 1 -> node 2\\): not fused: fuse=off" erbium-tasks } } */
