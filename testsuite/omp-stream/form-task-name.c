/* SPDX-License-Identifier: GPL-3.0-or-later */ /* task_name (ident) labels a task (for tracing) and changes nothing
   else; it may come anywhere in the clause list, on tasks with or
   without stream clauses (OMP-STREAM-SPEC.md 3.4, 3.1).  Five writers
   labelled source write (i, 2i); five readers labelled sink, with the
   label between two other clauses, store i + 2i = 3i; a task with no
   stream clause labelled plain stores 7.  */
/* { dg-do run } */
/* { dg-output "form-task-name: 0 3 6 9 12 7: ok" } */

#include "check.h"

int
main (void)
{
  int x __attribute__ ((stream));
  int v[2];
  int got[6] = { -1, -1, -1, -1, -1, -1 };
  int want[6] = { 0, 3, 6, 9, 12, 7 };
  int *out = got;

  for (int i = 0; i < 5; i++)
    {
#pragma omp task task_name (source) output (x << v[2]) firstprivate (i)
      {
	v[0] = i;
	v[1] = 2 * i;
      }
#pragma omp task input (x >> v[2]) task_name (sink) firstprivate (out, i)
      out[i] = v[0] + v[1];
    }
#pragma omp task firstprivate (out) task_name (plain)
  out[5] = 7;

#pragma omp taskwait

  CHECK_INTS (got, want, 6);
  return check_done ("form-task-name", "%s", check_text (got, 6));
}
