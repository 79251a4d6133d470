/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Positions are fixed when an instance is created, in the control
   program's order, whatever the site and whatever instance runs first
   (OMP-STREAM-SPEC.md 6.1; runtime/include/erbium/task.h, the table at
   its top).  Round i (i = 0 .. 4) creates writer A_i (site A), which also
   reads the stream gate and so cannot run before main writes gate at the
   very end, then writer B_i (site B), which can run at once.  A_i gets
   position 2i of x and B_i position 2i + 1, although every B runs before
   every A.  Ten readers of one element, from three sites chosen by
   j % 3, are created next, before the gate is written: reader j gets
   position j.  Gate writer k writes 1000 * (k + 1) at gate position k,
   which A_k reads; A_i writes gate + i and B_i writes 500 + i.  So reader
   2i sees 1000 * (i + 1) + i and reader 2i + 1 sees 500 + i.  */
/* { dg-do run } */
/* { dg-output "rule-positions-at-creation: 1000 500 2001 501 3002 502 4003 503 5004 504: ok" } */

#include "check.h"

int
main (void)
{
  int x __attribute__ ((stream));
  int gate __attribute__ ((stream));
  int a, b, g, r;
  int seen[10];
  int want[10] = { 1000, 500, 2001, 501, 3002, 502, 4003, 503, 5004, 504 };
  int *out = seen;

  for (int j = 0; j < 10; j++)
    seen[j] = -1;

  for (int i = 0; i < 5; i++)
    {
#pragma omp task input (gate >> g) output (x << a) firstprivate (i)
      a = g + i;

#pragma omp task output (x << b) firstprivate (i)
      b = 500 + i;
    }

  for (int j = 0; j < 10; j++)
    {
      if (j % 3 == 0)
	{
#pragma omp task input (x >> r) firstprivate (out, j)
	  out[j] = r;
	}
      else if (j % 3 == 1)
	{
#pragma omp task input (x >> r) firstprivate (out, j)
	  out[j] = r;
	}
      else
	{
#pragma omp task input (x >> r) firstprivate (out, j)
	  out[j] = r;
	}
    }

  for (int k = 0; k < 5; k++)
    {
#pragma omp task output (gate << g) firstprivate (k)
      g = 1000 * (k + 1);
    }

#pragma omp taskwait

  CHECK_INTS (seen, want, 10);
  return check_done ("rule-positions-at-creation", "%s", check_text (seen, 10));
}
