/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Scalar streams (OMP-STREAM-SPEC.md section 8, row t001_scalar_streams;
   positions, section 6.1).  Ten rounds each create a writer of one element
   (implicit view, output (x)) and then a reader of one element (implicit
   view, input (x)).  Writer i gets position i, reader i gets position i,
   so reader i sees the value writer i wrote, 10 * i + 1.  The line lists
   what readers 0 .. 9 saw.  */
/* { dg-do run } */
/* { dg-output "row-t001-scalar: 1 11 21 31 41 51 61 71 81 91: ok" } */

#include "check.h"

int
main (void)
{
  int x __attribute__ ((stream));
  int seen[10], want[10];
  int *out = seen;

  for (int i = 0; i < 10; i++)
    {
      seen[i] = -1;
      want[i] = 10 * i + 1;
    }

  for (int i = 0; i < 10; i++)
    {
#pragma omp task output (x) firstprivate (i)
      x = 10 * i + 1;

#pragma omp task input (x) firstprivate (out, i)
      out[i] = x;
    }

#pragma omp taskwait

  CHECK_INTS (seen, want, 10);
  return check_done ("row-t001-scalar", "%s", check_text (seen, 10));
}
