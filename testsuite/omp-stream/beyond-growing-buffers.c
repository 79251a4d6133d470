/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Beyond OpenStream, positions make it well defined: a program that can
   finish only if stream buffers grow.  2000 writers of 32 elements
   (position p holds p) are created and waited for before any reader
   exists, so all 64000 elements must be held at once; one writer of a
   single 16384-element burst is also waited for before its reader
   exists (OMP-STREAM-SPEC.md 6.6; task.h: "stream buffers are bounded
   and grown when every process waits ..., so no program that finishes
   with unbounded buffers deadlocks here").  Then 250 readers of 256
   each sum their window, 65536m + 32640 (total 0 + ... + 63999 =
   2047968000), and the big window sums to 16384 * 16383 / 2 =
   134209536.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "beyond-growing-buffers: 2047968000 134209536: ok" } */

#include "check.h"

#define NW 2000
#define BIG 16384

int
main (void)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int w[32], r[256];
  int bw[BIG], br[BIG];
  static long long sums[250];
  long long big = -1;
  long long *sp = sums, *bp = &big;

  for (int k = 0; k < NW; k++)
    {
#pragma omp task output (x << w[32]) firstprivate (k)
      for (int j = 0; j < 32; j++)
	w[j] = 32 * k + j;
    }
#pragma omp task output (y << bw[BIG])
  for (int j = 0; j < BIG; j++)
    bw[j] = j;

#pragma omp taskwait

  for (int m = 0; m < 250; m++)
    {
      sums[m] = -1;
#pragma omp task input (x >> r[256]) firstprivate (sp, m)
      {
	long long s = 0;
	for (int j = 0; j < 256; j++)
	  s += r[j];
	sp[m] = s;
      }
    }
#pragma omp task input (y >> br[BIG]) firstprivate (bp)
  {
    long long s = 0;
    for (int j = 0; j < BIG; j++)
      s += br[j];
    *bp = s;
  }

#pragma omp taskwait

  long long total = 0;
  for (int m = 0; m < 250; m++)
    {
      CHECK_EQ (sums[m], 65536LL * m + 32640);
      total += sums[m];
    }
  CHECK_EQ (total, 2047968000LL);
  CHECK_EQ (big, 134209536LL);
  return check_done ("beyond-growing-buffers", "%lld %lld", total, big);
}
