/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A unit that includes <erbium/task.h> (and calls the runtime itself)
   and uses the pragmas: the lowering calls the header's declarations,
   with no conflict between them and the plugin's.  */
/* { dg-options "-O2 -fopenmp -Wall" } */

#include <erbium/task.h>

size_t
f (void)
{
  int x __attribute__ ((stream));
  int v;
#pragma omp task output (x << v)
  v = 1;
  er_stream *s = er_stream_new (8, "s");
  size_t n = er_stream_esize (s);
  er_stream_tick (s, 0);
  er_stream_release (s);
  {
#pragma omp tick (x)
  }
  er_taskwait ();
  return n;
}
/* { dg-final { scan-assembler "er_task_create" } } */
