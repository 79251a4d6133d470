/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Reversed arrows: an input written with << or an output written with >>
   names the view first, input (v << x) and output (v >> x), for scalar
   and array views, alone or mixed with canonical accesses in one clause
   (OMP-STREAM-SPEC.md 3.1, "Arrow direction").  Round i (0 .. 3) writes
   a = i + 1 on x and (10i, 10i + 1, 10i + 2) on y, with
   output (a >> x) output (w[3] >> y) on even rounds and
   output (x << a, w[3] >> y) on odd ones; the reader uses
   input (b << x, r[3] << y) on even rounds and input (y >> r[3], b << x)
   on odd ones, and computes 1000 b + r[0] + r[1] + r[2] =
   1000 (i + 1) + 30 i + 3: 1003 2033 3063 4093.  */
/* { dg-do run } */
/* { dg-output "form-reversed-arrows: 1003 2033 3063 4093: ok" } */

#include "check.h"

int
main (void)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int a, b, w[3], r[3];
  int got[4] = { -1, -1, -1, -1 };
  int want[4] = { 1003, 2033, 3063, 4093 };
  int *out = got;

  for (int i = 0; i < 4; i++)
    {
      if (i % 2 == 0)
	{
#pragma omp task output (a >> x) output (w[3] >> y) firstprivate (i)
	  {
	    a = i + 1;
	    for (int j = 0; j < 3; j++)
	      w[j] = 10 * i + j;
	  }
#pragma omp task input (b << x, r[3] << y) firstprivate (out, i)
	  out[i] = 1000 * b + r[0] + r[1] + r[2];
	}
      else
	{
#pragma omp task output (x << a, w[3] >> y) firstprivate (i)
	  {
	    a = i + 1;
	    for (int j = 0; j < 3; j++)
	      w[j] = 10 * i + j;
	  }
#pragma omp task input (y >> r[3], b << x) firstprivate (out, i)
	  out[i] = 1000 * b + r[0] + r[1] + r[2];
	}
    }

#pragma omp taskwait

  CHECK_INTS (got, want, 4);
  return check_done ("form-reversed-arrows", "%s", check_text (got, 4));
}
