/* SPDX-License-Identifier: GPL-3.0-or-later */ /* fuse-rate.c with fuse=off: one process per site, the same results.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-fuse=off -fplugin-arg-erbium-dump=erbium-tasks" } */
/* { dg-output "fuse-rate: 1:4, 2:1, 3:1, 1:4 in two loops: ok" } */
#include "fuse-rate.c"
/* { dg-final { scan-plugin-dump-times "network fuse edge \[0-9\] \\(node \[0-9\] -> node \[0-9\]\\): not fused: fuse=off" 5 erbium-tasks } } */
