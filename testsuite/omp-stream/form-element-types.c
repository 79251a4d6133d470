/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Windows of elements that are not int: a 12-byte struct, double and
   char; the element size of a stream is sizeof (T) and windows are
   arrays of T (OMP-STREAM-SPEC.md 2.1, 3.2).  Two writers of four
   struct vec3 { i, 2i, 3i } (i = 0 .. 7 over both) and one reader of
   eight: sums 28 56 84.  Two writers of three doubles 0.5 * p (p the
   position) and a reader of six: sum 7.5.  Writers of "hello", " worl"
   and "d" (bursts 5, 5 and a scalar view) and a reader of eleven chars:
   "hello world".  */
/* { dg-do run } */
/* { dg-output "form-element-types: 28 56 84, 7.5, hello world: ok" } */

#include "check.h"

struct vec3
{
  int x, y, z;
};

int
main (void)
{
  struct vec3 vs __attribute__ ((stream));
  double ds __attribute__ ((stream));
  char cs __attribute__ ((stream));
  struct vec3 vw[4], vr[8];
  double dw[3], dr[6];
  char cw[5], c1, cr[11];
  int sums[3] = { -1, -1, -1 };
  int want[3] = { 28, 56, 84 };
  double dsum = -1;
  char text[12] = "???????????";
  int *sp = sums;
  double *dp = &dsum;
  char *tp = text;

  for (int k = 0; k < 2; k++)
    {
#pragma omp task output (vs << vw[4]) firstprivate (k)
      for (int j = 0; j < 4; j++)
	{
	  int i = 4 * k + j;
	  vw[j].x = i;
	  vw[j].y = 2 * i;
	  vw[j].z = 3 * i;
	}
#pragma omp task output (ds << dw[3]) firstprivate (k)
      for (int j = 0; j < 3; j++)
	dw[j] = 0.5 * (3 * k + j);
    }
#pragma omp task input (vs >> vr[8]) firstprivate (sp)
  {
    sp[0] = sp[1] = sp[2] = 0;
    for (int j = 0; j < 8; j++)
      {
	sp[0] += vr[j].x;
	sp[1] += vr[j].y;
	sp[2] += vr[j].z;
      }
  }
#pragma omp task input (ds >> dr[6]) firstprivate (dp)
  {
    double s = 0;
    for (int j = 0; j < 6; j++)
      s += dr[j];
    *dp = s;
  }

#pragma omp task input (cs >> cr[11]) firstprivate (tp)
  memcpy (tp, cr, 11);
#pragma omp task output (cs << cw[5])
  memcpy (cw, "hello", 5);
#pragma omp task output (cs << cw[5])
  memcpy (cw, " worl", 5);
#pragma omp task output (cs << c1)
  c1 = 'd';

#pragma omp taskwait

  CHECK_INTS (sums, want, 3);
  CHECK_EQ (dsum == 7.5, 1);
  CHECK_EQ (strcmp (text, "hello world"), 0);
  return check_done ("form-element-types", "%s, %g, %s", check_text (sums, 3),
		     dsum, text);
}
