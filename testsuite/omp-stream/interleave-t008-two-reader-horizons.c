/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Two reader sites of different horizons on one stream, interleaved by
   creation order (OMP-STREAM-SPEC.md section 8, row
   t008_multi_consumer_interleaving; 6.2; a reader created before the
   writers that fill it waits, 6.1).  Iteration i (0 .. 15) creates a
   writer of 2i, 2i + 1; then, on even i, reader A of 2 elements; then,
   when i % 4 == 0, reader B of 4.  Creation order of the readers:
   A0 B0 A2 A4 B4 A6 A8 B8 ..., so A0 gets [0, 2), B0 [2, 6) (filled by
   the writers of iterations 1 and 2, created after it), A2 [6, 8), A4
   [8, 10), B4 [10, 14), A6 [14, 16) ...: A at i % 4 == 0 reads 2i,
   2i + 1; B at that i reads 2i + 2 .. 2i + 5; A at i % 4 == 2 reads
   2i + 2, 2i + 3.  Four passes on new streams; the line lists pass 0's
   first elements of the A windows, then of the B windows.  */
/* { dg-do run } */
/* { dg-output "interleave-t008-two-reader-horizons: A 0 6 8 14 16 22 24 30 B 2 10 18 26: ok" } */

#include "check.h"

#define PASSES 4

int
main (void)
{
  int ga[PASSES][8][2], gb[PASSES][4][4];
  int fa[8], fb[4];
  int want_fa[8] = { 0, 6, 8, 14, 16, 22, 24, 30 };
  int want_fb[4] = { 2, 10, 18, 26 };

  memset (ga, -1, sizeof ga);
  memset (gb, -1, sizeof gb);
  for (int pass = 0; pass < PASSES; pass++)
    {
      int x __attribute__ ((stream));

      for (int i = 0; i < 16; i++)
	{
	  int u[2], v[2], w[4];
	  int *sa = ga[pass][i / 2];
	  int *sb = gb[pass][i / 4];

#pragma omp task output (x << u[2]) firstprivate (i)
	  {
	    u[0] = 2 * i;
	    u[1] = 2 * i + 1;
	  }
	  if (i % 2 == 0)
	    {
#pragma omp task input (x >> v[2]) firstprivate (sa)
	      {
		sa[0] = v[0];
		sa[1] = v[1];
	      }
	    }
	  if (i % 4 == 0)
	    {
#pragma omp task input (x >> w[4]) firstprivate (sb)
	      for (int k = 0; k < 4; k++)
		sb[k] = w[k];
	    }
	}
    }

#pragma omp taskwait

  for (int pass = 0; pass < PASSES; pass++)
    for (int i = 0; i < 16; i += 2)
      {
	int start = i % 4 == 0 ? 2 * i : 2 * i + 2;
	CHECK_EQ (ga[pass][i / 2][0], start);
	CHECK_EQ (ga[pass][i / 2][1], start + 1);
	if (i % 4 == 0)
	  for (int k = 0; k < 4; k++)
	    CHECK_EQ (gb[pass][i / 4][k], 2 * i + 2 + k);
      }
  for (int k = 0; k < 8; k++)
    fa[k] = ga[0][k][0];
  for (int k = 0; k < 4; k++)
    fb[k] = gb[0][k][0];
  CHECK_INTS (fa, want_fa, 8);
  CHECK_INTS (fb, want_fb, 4);
  return check_done ("interleave-t008-two-reader-horizons", "A %s B %s",
		     check_text (fa, 8), check_text (fb, 4));
}
