/* SPDX-License-Identifier: GPL-3.0-or-later */ /* rule-taskwait-per-task.c compiled with -fopenmp: with GCC's OpenMP
   on, a task pragma with stream clauses and the taskwait pragma keep
   their stream meaning (the barrier of the current task, which includes
   the stream tasks created before the call of the function that waits).
   Same results; that file's first comment says what they prove.  */
/* { dg-do run } */
/* { dg-options "-fopenmp" } */
/* { dg-output "rule-taskwait-per-task: a=11 get\\(42\\)=84 b=14 c=6: ok" } */

#include "rule-taskwait-per-task.c"
