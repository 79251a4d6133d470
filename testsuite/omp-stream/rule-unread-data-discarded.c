/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Data nobody reads does not hold a program up: a stream whose block
   exits with written positions that no reader and no tick took is
   destroyed, data and all, once its writers are done (OMP-STREAM-SPEC.md
   6.9: OpenStream drains unmatched writers, discarding their data; 7:
   "data discarded silently"; task.h, er_stream_release).  Each of 20
   rounds declares a stream in a block and creates there two writers of
   16 ints and no reader, then leaves the block; every writer records
   that it ran.  Then a stream read in part: 3 bursts of 16 written, one
   reader of 16 whose sum is 0 + 1 + ... + 15 = 120, the other 32
   positions left unread when the block exits.  The program must end,
   with every writer run: 40 writers, and the partial reader's 120.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-output "rule-unread-data-discarded: writers 40, partial reader 120: ok" } */

#include "check.h"

int
main (void)
{
  int ran[40] = { 0 };
  int *rp = ran;
  int sum = -1;
  int *sp = &sum;

  for (int round = 0; round < 20; round++)
    {
      int lost __attribute__ ((stream));
      int w[16];
      for (int k = 0; k < 2; k++)
	{
	  int id = 2 * round + k;
#pragma omp task output (lost << w[16]) firstprivate (rp, id)
	  {
	    for (int j = 0; j < 16; j++)
	      w[j] = id;
	    rp[id] = 1;
	  }
	}
    }

  {
    int part __attribute__ ((stream));
    int w[16], r[16];
    for (int b = 0; b < 3; b++)
      {
#pragma omp task output (part << w[16]) firstprivate (b)
	for (int j = 0; j < 16; j++)
	  w[j] = 16 * b + j;
      }
#pragma omp task input (part >> r[16]) firstprivate (sp)
    {
      int s = 0;
      for (int j = 0; j < 16; j++)
	s += r[j];
      *sp = s;
    }
  }

#pragma omp taskwait

  int writers = 0;
  for (int i = 0; i < 40; i++)
    writers += ran[i];
  CHECK_EQ (writers, 40);
  CHECK_EQ (sum, 120);
  return check_done ("rule-unread-data-discarded",
		     "writers %d, partial reader %d", writers, sum);
}
