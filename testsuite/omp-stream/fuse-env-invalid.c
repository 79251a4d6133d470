/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A value of ERBIUM_FUSE that is none of 1, 0 and auto warns once,
   naming the variable and the value, and keeps auto: the cores decide
   (docs/environment.md).  The placement report says "auto"; the values
   are those of the sequential computation (fuse-start.c checks them).  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp" } */
/* { dg-set-target-env-var ERBIUM_FUSE "sometimes" } */
/* { dg-set-target-env-var ERBIUM_PLACEMENT_REPORT "1" } */
/* { dg-output "erbium: warning: ERBIUM_FUSE='sometimes' is not a number from 0 to 1 or auto; using the default \\(auto\\)\n.*task site \[^ \]*fuse-start.c:\[0-9\]+ \\(fused\\): (not )?fused \\(auto; 3 processes unfused, \[0-9\]+ cores\\).*fuse-start: 64 blocks of 128: ok" } */
#include "fuse-start.c"
