/* A bad ERBIUM_FUSE stops the program with a message naming it
   (docs/environment.md).  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp" } */
/* { dg-set-target-env-var ERBIUM_FUSE "sometimes" } */
/* { dg-shouldfail "bad ERBIUM_FUSE" } */
/* { dg-output "ERBIUM_FUSE=\"sometimes\": expected 1 \\(run the task sites the plugin could fuse as one process\\), 0 \\(as their own processes\\) or auto" } */
#include "fuse-start.c"
