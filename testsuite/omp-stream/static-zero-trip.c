/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The static conversion (docs/omp-stream.md, "Static conversion") with trip
   counts known only at run time: a loop of 0 iterations creates no instance
   (er_task_create_range of 0), and the stream's positions after it are those
   of the loops that ran: the writer loop of 0 then of 3 + 2 * argc iterations,
   the reader loop of 5 (argc is 1: no argument).  Values: position j holds 7 *
   j; reader i stores its element plus 100 i (107 i).  */
/* { dg-do run } */
/* { dg-output "static-zero-trip: 0 7 14 21 28 / 0 107 214 321 428: ok" } */

#include "check.h"

int
main (int argc, char **argv)
{
  (void) argv;
  int x __attribute__ ((stream));
  int e, f;
  int vals[5] = { -1, -1, -1, -1, -1 }, sums[5] = { -1, -1, -1, -1, -1 };
  int want_v[5] = { 0, 7, 14, 21, 28 };
  int want_s[5] = { 0, 107, 214, 321, 428 };
  int none = argc - 1, some = 3 + 2 * argc;
  int *vp = vals, *sp = sums;

  for (int j = 0; j < none; j++)
    {
#pragma omp task output (x << e) firstprivate (j)
      e = -1000 - j;
    }
  for (int j = 0; j < some; j++)
    {
#pragma omp task output (x << e) firstprivate (j)
      e = 7 * j;
    }
  for (int i = 0; i < 5; i++)
    {
#pragma omp task input (x >> f) firstprivate (i, vp, sp)
      {
	vp[i] = f;
	sp[i] = f + 100 * i;
      }
    }

#pragma omp taskwait

  CHECK_INTS (vals, want_v, 5);
  CHECK_INTS (sums, want_s, 5);
  return check_done ("static-zero-trip", "%s / %s", check_text (vals, 5),
		     check_text (sums, 5));
}
