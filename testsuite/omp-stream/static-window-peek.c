/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The static conversion (docs/omp-stream.md, "Static conversion") of a sliding
   input window, a peek group and a firstprivate pointer: each loop only
   creates tasks, so each site becomes one er_task_create_range before
   its loop at -O1 and above (testsuite/omp-stream-dg/static-dump.c), and
   the windows are those of N creations in a row (OMP-STREAM-SPEC.md 6.1,
   6.3, 6.7).
     y: 8 readers of horizon 4, burst 1 (a sliding window) created
        before the 11 writers (position j holds j * j); reader i stores
        the sum of [i, i + 4) through its firstprivate pointer p = s + i
        (stepped by one element): 14 30 54 86 126 174 230 294;
     z: 5 peeks of the same 3 positions (a peek group: the read counter
        does not move), then a tick of 3; position j holds 10 + j; peek
        i stores 33 + i.  */
/* { dg-do run } */
/* { dg-output "static-window-peek: 14 30 54 86 126 174 230 294 / 33 34 35 36 37: ok" } */

#include "check.h"

int
main (void)
{
  int y __attribute__ ((stream));
  int z __attribute__ ((stream));
  int v[4], q[3], e;
  int s[8], t[5];
  int want_s[8] = { 14, 30, 54, 86, 126, 174, 230, 294 };
  int want_t[5] = { 33, 34, 35, 36, 37 };
  int *tp = t;

  for (int i = 0; i < 8; i++)
    {
      int *p = s + i;
#pragma omp task input (y >> v[1]) firstprivate (p)
      *p = v[0] + v[1] + v[2] + v[3];
    }
#pragma omp tick (y >> 3)
  for (int j = 0; j < 11; j++)
    {
#pragma omp task output (y << e) firstprivate (j)
      e = j * j;
    }

  for (int i = 0; i < 5; i++)
    {
#pragma omp task peek (z >> q[3]) firstprivate (i, tp)
      tp[i] = q[0] + q[1] + q[2] + i;
    }
#pragma omp tick (z >> 3)
  for (int j = 0; j < 3; j++)
    {
#pragma omp task output (z << e) firstprivate (j)
      e = 10 + j;
    }

#pragma omp taskwait

  CHECK_INTS (s, want_s, 8);
  CHECK_INTS (t, want_t, 5);
  return check_done ("static-window-peek", "%s / %s", check_text (s, 8),
		     check_text (t, 5));
}
