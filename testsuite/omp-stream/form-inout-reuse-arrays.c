/* SPDX-License-Identifier: GPL-3.0-or-later */ /* inout_reuse with several chains in one clause, and with arrays of
   windows over selection arrays whose elements change between task
   creations (OMP-STREAM-SPEC.md 3.4, 3.1, 2.3; the shape of
   examples/syntax/021_variadic_inout_reuse.c).  Part 1: a holds
   (1, 2, 3, 4) and c holds (10, 20); one task with
   inout_reuse (a >> u[4] >> b, c >> w[2] >> d) adds w[0] to u[0] and
   u[3] to w[1]: b receives (11, 2, 3, 4), sum 20, and d (10, 24).
   Part 2: xs has 12 streams; link i (0 .. 4) reads the pair
   xs[2i], xs[2i+1] and writes the pair xs[2i+2], xs[2i+3] through the
   stream_ref arrays rin and rout, reassigned before each link is created
   (the handles are read at creation), adding i to every element; the
   first pair holds 10k + j (j < 3).  The last pair holds 10k + j + 10,
   sums 33 and 63.  */
/* { dg-do run } */
/* { dg-output "form-inout-reuse-arrays: b 20, d 10 24, chain 33 63: ok" } */

#include "check.h"

int
main (void)
{
  int a __attribute__ ((stream));
  int b __attribute__ ((stream));
  int c __attribute__ ((stream));
  int d __attribute__ ((stream));
  int xs[12] __attribute__ ((stream));
  int rin[2] __attribute__ ((stream_ref));
  int rout[2] __attribute__ ((stream_ref));
  int u[4], w[2], v[2][3];
  int got[5] = { -1, -1, -1, -1, -1 };
  int *out = got;

#pragma omp task output (a << u[4], c << w[2])
  {
    for (int j = 0; j < 4; j++)
      u[j] = j + 1;
    w[0] = 10;
    w[1] = 20;
  }
#pragma omp task inout_reuse (a >> u[4] >> b, c >> w[2] >> d)
  {
    u[0] += w[0];
    w[1] += u[3];
  }
#pragma omp task input (b >> u[4], d >> w[2]) firstprivate (out)
  {
    out[0] = u[0] + u[1] + u[2] + u[3];
    out[1] = w[0];
    out[2] = w[1];
  }

  rin[0] = xs[0];
  rin[1] = xs[1];
#pragma omp task output (rin << v[2][3])
  for (int k = 0; k < 2; k++)
    for (int j = 0; j < 3; j++)
      v[k][j] = 10 * k + j;
  for (int i = 0; i < 5; i++)
    {
      for (int j = 0; j < 2; j++)
	{
	  rin[j] = xs[2 * i + j];
	  rout[j] = xs[2 * i + 2 + j];
	}
#pragma omp task inout_reuse (rin >> v[2][3] >> rout) firstprivate (i)
      for (int k = 0; k < 2; k++)
	for (int j = 0; j < 3; j++)
	  v[k][j] += i;
    }
  rin[0] = xs[10];
  rin[1] = xs[11];
#pragma omp task input (rin >> v[2][3]) firstprivate (out)
  for (int k = 0; k < 2; k++)
    out[3 + k] = v[k][0] + v[k][1] + v[k][2];

#pragma omp taskwait

  CHECK_EQ (got[0], 20);
  CHECK_EQ (got[1], 10);
  CHECK_EQ (got[2], 24);
  CHECK_EQ (got[3], 33);
  CHECK_EQ (got[4], 63);
  return check_done ("form-inout-reuse-arrays", "b %d, d %d %d, chain %d %d",
		     got[0], got[1], got[2], got[3], got[4]);
}
