/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Beyond OpenStream, positions make it well defined: a writer runs
   before its reader exists (OMP-STREAM-SPEC.md 6.6: in OpenStream "a
   writer whose reader is created later cannot run before that reader is
   created"; here an instance waits only for its input windows, task.h).
   W writes (1, 2, 3, 4) on x and 1 on done; main then creates an
   undeferred task (if (0)) that reads done, so main itself waits until W
   has run, while x still has no reader.  Only then is x's reader
   created: it sums 10.  Then twenty writers of y (value k) are created,
   some unrelated work is done, and four readers of 5 are created last:
   sums 10, 35, 60, 85.  */
/* { dg-do run } */
/* { dg-output "beyond-reader-created-later: done 1, x 10, y 10 35 60 85: ok" } */

#include "check.h"

int
main (void)
{
  int x __attribute__ ((stream));
  int done __attribute__ ((stream));
  int y __attribute__ ((stream));
  int a[4], d, e, r[5];
  int flag = -1, xsum = -1;
  int ys[4] = { -1, -1, -1, -1 };
  int want_y[4] = { 10, 35, 60, 85 };
  int *fp = &flag, *xp = &xsum, *yp = ys;

#pragma omp task output (x << a[4], done << d)
  {
    for (int j = 0; j < 4; j++)
      a[j] = j + 1;
    d = 1;
  }
#pragma omp task input (done >> d) firstprivate (fp) if (0)
  *fp = d;
  CHECK_EQ (flag, 1);

#pragma omp task input (x >> a[4]) firstprivate (xp)
  *xp = a[0] + a[1] + a[2] + a[3];

  for (int k = 0; k < 20; k++)
    {
#pragma omp task output (y << e) firstprivate (k)
      e = k;
    }
  volatile long spin = 0;
  for (long k = 0; k < 1000000; k++)
    spin += k;
  for (int i = 0; i < 4; i++)
    {
#pragma omp task input (y >> r[5]) firstprivate (yp, i)
      yp[i] = r[0] + r[1] + r[2] + r[3] + r[4];
    }

#pragma omp taskwait

  CHECK_EQ (xsum, 10);
  CHECK_INTS (ys, want_y, 4);
  return check_done ("beyond-reader-created-later", "done %d, x %d, y %s",
		     flag, xsum, check_text (ys, 4));
}
