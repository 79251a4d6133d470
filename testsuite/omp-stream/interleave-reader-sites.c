/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Several reader sites on one stream share its read counter: their
   windows follow one another in the control program's creation order,
   whatever the site (OMP-STREAM-SPEC.md 6.2, 6.1).  One writer site
   writes one element per instance, 7 * m + 3 at position m.  Three reader
   sites read windows of 1, 2 and 3 elements (the third inside a function
   taking the stream as a parameter); each round creates eight readers in
   the order of PATTERN (horizons 3 1 2 3 2 1 1 3, 16 elements), each
   reader just before the writers that complete its window.  Reader k of a
   round gets the next horizon's worth of positions: in round 0, positions
   0-2, 3, 4-5, 6-8, 9-10, 11, 12, 13-15, whose first values are
   3 24 31 45 66 80 87 94.  Every element of every window is checked,
   for twelve rounds; the line shows the first element of round 0's
   windows.  */
/* { dg-do run } */
/* { dg-output "interleave-reader-sites: 3 24 31 45 66 80 87 94: ok" } */

#include "check.h"

#define ROUNDS 12

static const int pattern[8] = { 2, 0, 1, 2, 1, 0, 0, 2 };

/* Window k of the whole run: its three slots (unused ones stay -1).  */
static int got[ROUNDS * 8][3];

static void
take3 (int s __attribute__ ((stream)), int *slot)
{
  int c[3];
#pragma omp task input (s >> c[3]) firstprivate (slot)
  {
    slot[0] = c[0];
    slot[1] = c[1];
    slot[2] = c[2];
  }
}

int
main (void)
{
  int x __attribute__ ((stream));
  int a, b[2], w;
  int written = 0, read = 0;
  int first[8];
  int want_first[8] = { 3, 24, 31, 45, 66, 80, 87, 94 };

  memset (got, -1, sizeof got);
  for (int round = 0; round < ROUNDS; round++)
    for (int k = 0; k < 8; k++)
      {
	int *slot = got[round * 8 + k];
	switch (pattern[k])
	  {
	  case 0:
#pragma omp task input (x >> a) firstprivate (slot)
	    slot[0] = a;
	    break;
	  case 1:
#pragma omp task input (x >> b[2]) firstprivate (slot)
	    {
	      slot[0] = b[0];
	      slot[1] = b[1];
	    }
	    break;
	  default:
	    take3 (x, slot);
	    break;
	  }
	read += pattern[k] + 1;
	while (written < read)
	  {
	    int m = written++;
#pragma omp task output (x << w) firstprivate (m)
	    w = 7 * m + 3;
	  }
      }

#pragma omp taskwait

  /* Window k starts where the windows before it end.  */
  int pos = 0;
  for (int round = 0; round < ROUNDS; round++)
    for (int k = 0; k < 8; k++)
      for (int j = 0; j < 3; j++)
	{
	  int want = j <= pattern[k] ? 7 * pos++ + 3 : -1;
	  CHECK_EQ (got[round * 8 + k][j], want);
	}
  for (int k = 0; k < 8; k++)
    first[k] = got[k][0];
  CHECK_INTS (first, want_first, 8);
  return check_done ("interleave-reader-sites", "%s", check_text (first, 8));
}
