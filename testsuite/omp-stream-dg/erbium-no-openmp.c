/* SPDX-License-Identifier: GPL-3.0-or-later */ /* #pragma erbium task, tick and taskwait without -fopenmp: the same
   clauses, lowered the same way; a task without stream clause is an
   Erbium task too (no access: it runs on its site's process).  Fusion
   is off: each task keeps its own creation.  */
/* { dg-options "-O2 -fplugin-arg-erbium-dump=erbium-tasks -fplugin-arg-erbium-fuse=off" } */

void
f (int *out)
{
  int x __attribute__ ((stream));
  int v;
#pragma erbium task output (x << v)
  v = 1;
#pragma erbium task input (x >> v) firstprivate (out)
  *out = v;
#pragma erbium task firstprivate (out)
  *out += 1;
  {
#pragma erbium tick (x >> 0)
  }
#pragma erbium taskwait
}
/* { dg-final { scan-assembler-times "call\[ \t\]+er_task_create" 3 } } */
/* { dg-final { scan-assembler-not "GOMP" } } */
/* { dg-final { scan-plugin-dump-times ": stream task, body" 3 erbium-tasks } } */
