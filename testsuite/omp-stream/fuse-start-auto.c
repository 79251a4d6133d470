/* SPDX-License-Identifier: GPL-3.0-or-later */ /* fuse-start.c as the cores found decide (ERBIUM_FUSE=auto): fused
   when its three processes exceed them, the same values either way.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp" } */
/* { dg-set-target-env-var ERBIUM_FUSE "auto" } */
/* { dg-set-target-env-var ERBIUM_PLACEMENT_REPORT "1" } */
/* { dg-output "task site \[^ \]*fuse-start.c:\[0-9\]+ \\(fused\\): (not )?fused \\(auto; 3 processes unfused, \[0-9\]+ cores\\).*fuse-start: 64 blocks of 128: ok" } */
#include "fuse-start.c"
