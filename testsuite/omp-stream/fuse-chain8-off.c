/* SPDX-License-Identifier: GPL-3.0-or-later */ /* fuse-chain8.c with fuse=off: eight processes, the same results.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-fuse=off -fplugin-arg-erbium-dump=erbium-tasks" } */
/* { dg-output "fuse-chain8: 512 blocks of 64: ok" } */
#include "fuse-chain8.c"
/* { dg-final { scan-plugin-dump-times "network fuse edge \[0-9\] \\(node \[0-9\] -> node \[0-9\]\\): not fused: fuse=off" 7 erbium-tasks } } */
