/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Beyond OpenStream, positions make it well defined: an input window
   larger than its burst is a sliding window; the instance gets
   [r, r + H) and the read counter moves by the burst B only, so the
   windows of consecutive instances overlap (OMP-STREAM-SPEC.md 6.7;
   task.h: "input of horizon H ... the read counter r += B").
     x: int v[4], input (x >> v[1])  H = 4, B = 1; position j holds j * j;
        reader i sums [i, i + 4): 14 30 54 86 126 174 230 294
     y: int w[6], input (y >> w[2])  H = 6, B = 2; position j holds j;
        reader i sums [2i, 2i + 6): 12i + 15 = 15 27 39 51 63
   Writers of one element are created after the readers; ticks balance
   the streams at the end (x: 8 read + 3 = 11 written, y: 10 + 4 = 14).  */
/* { dg-do run } */
/* { dg-output "beyond-sliding-window: 14 30 54 86 126 174 230 294 / 15 27 39 51 63: ok" } */

#include "check.h"

int
main (void)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int v[4], w[6], e;
  int sx[8], sy[5];
  int want_x[8] = { 14, 30, 54, 86, 126, 174, 230, 294 };
  int want_y[5] = { 15, 27, 39, 51, 63 };
  int *px = sx, *py = sy;

  for (int i = 0; i < 8; i++)
    {
      sx[i] = -1;
#pragma omp task input (x >> v[1]) firstprivate (px, i)
      px[i] = v[0] + v[1] + v[2] + v[3];
    }
  for (int i = 0; i < 5; i++)
    {
      sy[i] = -1;
#pragma omp task input (y >> w[2]) firstprivate (py, i)
      {
	int s = 0;
	for (int j = 0; j < 6; j++)
	  s += w[j];
	py[i] = s;
      }
    }
#pragma omp tick (x >> 3) (y >> 4)

  for (int j = 0; j < 11; j++)
    {
#pragma omp task output (x << e) firstprivate (j)
      e = j * j;
    }
  for (int j = 0; j < 14; j++)
    {
#pragma omp task output (y << e) firstprivate (j)
      e = j;
    }

#pragma omp taskwait

  CHECK_INTS (sx, want_x, 8);
  CHECK_INTS (sy, want_y, 5);
  return check_done ("beyond-sliding-window", "%s / %s", check_text (sx, 8),
		     check_text (sy, 5));
}
