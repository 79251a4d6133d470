/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Peeks on an array of windows through a selection array, closed by one
   tick per stream (OMP-STREAM-SPEC.md section 8, row
   t014_broadcasting_across_selection_arrays; 3.2: in
   peek (s >> v[K][N]) the burst is 0 whatever N, and the horizon is the
   inner dimension of v's declared type; 6.4, 6.5).  OpenStream's own
   checker does not match that program; here the output is worked out
   from the positions.  sel = { x[2], x[0], x[1] }; produce writes
   (i, 2i), (3i, 4i), (5i, 6i) on sel[0], sel[1], sel[2]; on odd i two
   peek tasks (two calls of one site) read int v[3][4] written
   v[3][0], then tick (sel[k] >> 4) for each k.  Both peeks at iteration
   2j + 1 see, on stream k, the two writers of iterations 2j and
   2j + 1: (2k+1) 2j, (2k+2) 2j, (2k+1)(2j+1), (2k+2)(2j+1), whose sum is
   (4k + 3)(4j + 1).  The line gives, per stream, the sums seen by the
   first peek of each pair.  */
/* { dg-do run } */
/* { dg-output "row-t014-peek-window-arrays: 3 15 27 39 51 / 7 35 63 91 119 / 11 55 99 143 187: ok" } */

#include "check.h"

static void
produce (int sout[] __attribute__ ((stream)), int i)
{
  int v[3][2];
#pragma omp task output (sout << v[3][2]) firstprivate (i)
  for (int k = 0; k < 3; k++)
    {
      v[k][0] = (2 * k + 1) * i;
      v[k][1] = (2 * k + 2) * i;
    }
}

static void
peek_all (int sin[] __attribute__ ((stream)), int *slot)
{
  int v[3][4];
#pragma omp task peek (sin >> v[3][0]) firstprivate (slot)
  for (int k = 0; k < 3; k++)
    slot[k] = v[k][0] + v[k][1] + v[k][2] + v[k][3];
}

int
main (void)
{
  int x[3] __attribute__ ((stream));
  int sel[3] __attribute__ ((stream_ref));
  int got[5][2][3];
  int s[3][5];

  sel[0] = x[2];
  sel[1] = x[0];
  sel[2] = x[1];

  memset (got, -1, sizeof got);
  for (int i = 0; i < 10; i++)
    {
      produce (sel, i);
      if (i % 2)
	{
	  peek_all (sel, got[i / 2][0]);
	  peek_all (sel, got[i / 2][1]);
#pragma omp tick (sel[0] >> 4)
#pragma omp tick (sel[1] >> 4)
#pragma omp tick (sel[2] >> 4)
	}
    }

#pragma omp taskwait

  for (int j = 0; j < 5; j++)
    for (int k = 0; k < 3; k++)
      {
	CHECK_EQ (got[j][0][k], (4 * k + 3) * (4 * j + 1));
	CHECK_EQ (got[j][1][k], (4 * k + 3) * (4 * j + 1));
	s[k][j] = got[j][0][k];
      }
  return check_done ("row-t014-peek-window-arrays", "%s / %s / %s",
		     check_text (s[0], 5), check_text (s[1], 5),
		     check_text (s[2], 5));
}
