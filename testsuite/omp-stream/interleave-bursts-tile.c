/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Bursts and horizons that differ but tile: a reader window is covered
   by whole writer bursts (OMP-STREAM-SPEC.md 6.3, the case OpenStream
   supports; positions 6.1).  Four writer sites write bursts of 1, 2, 3
   and 4 elements; two reader sites read windows of 4 and 2.  Each round
   creates, in this order, W0 W1 R0 W2 W3 R1 W4 R2 W5 W6 R3 W7 R4 with
   bursts 1 3 2 2 4 1 1 2 (16 elements) and horizons 4 4 4 2 2 (16
   elements); writer k of round r writes 1000 * r + 100 * (k + 1) + j as
   element j.  Round 0's stream is 100 | 200 201 202 | 300 301 | 400 401 |
   500 501 502 503 | 600 | 700 | 800 801, so the readers' sums are
   100+200+201+202 = 703, 300+301+400+401 = 1402, 500+...+503 = 2006,
   600+700 = 1300 and 800+801 = 1601; round r adds 1000 * r per element.
   Ten rounds; the line shows round 0's sums.  */
/* { dg-do run } */
/* { dg-output "interleave-bursts-tile: 703 1402 2006 1300 1601: ok" } */

#include "check.h"

#define ROUNDS 10

static const int bursts[8] = { 1, 3, 2, 2, 4, 1, 1, 2 };
static const int horizons[5] = { 4, 4, 4, 2, 2 };
static const char order[] = "WWRWWRWRWWRWR";

int
main (void)
{
  int x __attribute__ ((stream));
  int w1, w2[2], w3[3], w4[4], r2[2], r4[4];
  int sums[ROUNDS * 5], want[ROUNDS * 5];
  int base_sums[5] = { 703, 1402, 2006, 1300, 1601 };
  int *out = sums;

  for (int round = 0; round < ROUNDS; round++)
    {
      int wk = 0, rk = 0;
      for (const char *c = order; *c; c++)
	if (*c == 'W')
	  {
	    int base = 1000 * round + 100 * (wk + 1);
	    switch (bursts[wk++])
	      {
	      case 1:
#pragma omp task output (x << w1) firstprivate (base)
		w1 = base;
		break;
	      case 2:
#pragma omp task output (x << w2[2]) firstprivate (base)
		for (int j = 0; j < 2; j++)
		  w2[j] = base + j;
		break;
	      case 3:
#pragma omp task output (x << w3[3]) firstprivate (base)
		for (int j = 0; j < 3; j++)
		  w3[j] = base + j;
		break;
	      default:
#pragma omp task output (x << w4[4]) firstprivate (base)
		for (int j = 0; j < 4; j++)
		  w4[j] = base + j;
		break;
	      }
	  }
	else
	  {
	    int slot = round * 5 + rk;
	    sums[slot] = -1;
	    want[slot] = base_sums[rk] + 1000 * round * horizons[rk];
	    if (horizons[rk++] == 4)
	      {
#pragma omp task input (x >> r4[4]) firstprivate (out, slot)
		out[slot] = r4[0] + r4[1] + r4[2] + r4[3];
	      }
	    else
	      {
#pragma omp task input (x >> r2[2]) firstprivate (out, slot)
		out[slot] = r2[0] + r2[1];
	      }
	  }
    }

#pragma omp taskwait

  CHECK_INTS (sums, want, ROUNDS * 5);
  return check_done ("interleave-bursts-tile", "%s", check_text (sums, 5));
}
