/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The static conversion (docs/omp-stream.md, "Static conversion"): a producer
   site and a consumer site created in each iteration of a counted loop share
   the stream x; at -O1 and above both become one er_task_create_range before
   the loop (testsuite/omp-stream-dg/static-dump.c checks it), and the result
   must be what N creations in a row give (OMP-STREAM-SPEC.md 6.1): consumer k
   reads exactly what producer k wrote, 4k .. 4k + 3, its firstprivate index k
   stepping by 1.  A second loop nest converts its inner loop, whose
   firstprivate index i * 50 + j starts from the outer index; a third loop's
   producer and consumer exchange data in both directions through two streams
   (y and the seeded z), so a consumer instance must run while its producer's
   range is only partly done.  A taskwait after the loops waits for every
   instance.  */
/* { dg-do run } */
/* { dg-output "static-pipeline: 1000 blocks, 20 x 50 nest, 300 round trips: ok" } */

#include "check.h"

#define N 1000
#define NI 20
#define NJ 50
#define R 300

static int got[N], nest[NI * NJ], trips[R];

int
main (void)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int z __attribute__ ((stream));
  int w[4], r[4], e, f;
  int *gp = got, *np = nest, *tp = trips;

  for (int k = 0; k < N; k++)
    {
#pragma omp task output (x << w[4]) firstprivate (k)
      for (int j = 0; j < 4; j++)
	w[j] = 4 * k + j;
#pragma omp task input (x >> r[4]) firstprivate (k, gp)
      gp[k] = r[0] + r[1] + r[2] + r[3] == 16 * k + 6 ? k + 1 : -1;
    }

  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      {
	int idx = i * NJ + j;
#pragma omp task output (y << e) firstprivate (idx)
	e = 3 * idx;
#pragma omp task input (y >> f) firstprivate (idx, np)
	np[idx] = f == 3 * idx ? idx + 1 : -1;
      }

  /* z[0] seeds the round trip: producer k reads z[k] and writes y[..],
     consumer k reads it and writes z[k + 1].  */
#pragma omp task output (z << e)
  e = 0;
  for (int k = 0; k < R; k++)
    {
#pragma omp task input (z >> f) output (y << e)
      e = f + 1;
#pragma omp task input (y >> f) output (z << e) firstprivate (k, tp)
      {
	tp[k] = f == 2 * k + 1 ? k + 1 : -1;
	e = f + 1;
      }
    }
#pragma omp tick (z >> 1)

#pragma omp taskwait

  for (int k = 0; k < N; k++)
    CHECK_EQ (got[k], k + 1);
  for (int k = 0; k < NI * NJ; k++)
    CHECK_EQ (nest[k], k + 1);
  for (int k = 0; k < R; k++)
    CHECK_EQ (trips[k], k + 1);
  return check_done ("static-pipeline", "%d blocks, %d x %d nest, %d round "
		     "trips", N, NI, NJ, R);
}
