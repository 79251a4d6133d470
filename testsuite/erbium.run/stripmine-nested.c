/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: a loop nest around the element loop.  Rows of
   different lengths (37 + 3 row elements, no multiple of a burst) are
   streamed one after the other; the inner loops walk a running index K
   that carries over from row to row, and the consumer keeps one sum per
   row.  The inner loops are strip-mined.  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-nested" } */
/* { dg-final { scan-plugin-dump {loop at line 38: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 54: strip-mined, burst [0-9]+} erbium-stripmine } } */

#include "stripmine.h"

#define ROWS 100
#define LEN(row) (37 + 3 * (row))

static int f (int row, int c) { return row * c + 1; }

int row_sum[ROWS];

static SM_REFERENCE void
check (void)
{
  for (int row = 0; row < ROWS; row++)
    {
      int s = 0;
      for (int c = 0; c < LEN (row); c++)
	s += f (row, c);
      RT_EQ (row_sum[row], s);
    }
}

process producer (record(int) re)
{
  SM_WRITER (int, w, re, SM_HORIZON);
  int k = 0;
  for (int row = 0; row < ROWS; row++)
    for (int c = 0; c < LEN (row); c++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
      {
	stall (w, k + 1);
	w[k] = f (row, c);
	commit (w, k + 1);
	k++;
      }
}

process consumer (record(int) re)
{
  SM_READER (int, r, re, SM_HORIZON);
  int k = 0;
  for (int row = 0; row < ROWS; row++)
    {
      int s = 0;
      for (int c = 0; c < LEN (row); c++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
	{
	  update (r, k + 1);
	  s += r[k];
	  release (r, k + 1);
	  k++;
	}
      row_sum[row] = s;
    }
}

SM_MAIN_PAIR (int, producer, consumer,
	      check (),
	      "stripmine-nested")
