/* SPDX-License-Identifier: GPL-3.0-or-later */ /* -fplugin-arg-erbium-fuse=all fuses the eligible edge whose heavy body
   fuse=auto keeps apart (fuse-reasons.c); #pragma erbium grain
   fuse (never) still keeps its site out.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks -fplugin-arg-erbium-fuse=all" } */
#include "fuse-reasons.c"
/* { dg-final { scan-plugin-dump "network fuse edge 11 \\(node 16 -> node 17\\): fused: process __erbium_site_fused_heavy_3, body __erbium_fused_heavy_3\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 12 \\(node 18 -> node 19\\): fused: process __erbium_site_fused_heavy_4, body __erbium_fused_heavy_4\n" erbium-tasks } } */
