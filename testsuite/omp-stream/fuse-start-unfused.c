/* SPDX-License-Identifier: GPL-3.0-or-later */ /* fuse-start.c with ERBIUM_FUSE=0: the sites' own schedule, three
   processes, the same values.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp" } */
/* { dg-set-target-env-var ERBIUM_FUSE "0" } */
/* { dg-set-target-env-var ERBIUM_PLACEMENT_REPORT "1" } */
/* { dg-output "task site \[^ \]*fuse-start.c:\[0-9\]+ \\(fused\\): not fused \\(ERBIUM_FUSE; 3 processes unfused, \[0-9\]+ cores\\).*fuse-start: 64 blocks of 128: ok" } */
#include "fuse-start.c"
