/* SPDX-License-Identifier: GPL-3.0-or-later */ /* figure2.h -- the paper's Figure 2 as examples/producer-consumer writes
   it, with a small N and bursts that do not divide each other (the
   consumer's bursts of 6 straddle the producer's bursts of 8, and its last
   update returns a partial burst on termination).  The example checks the
   consumer's sum against the closed form and exits 1 when it differs: the
   producer defines indices 0 .. M-1, M = ((N - 1) / P_BURST) * P_BURST =
   20000 here, so the sum is M (M - 1) / 2 = 199990000.  Included by
   figure2-*.c, which choose the optimisation level.  */

#define N 20001
#define P_HORIZ 64
#define P_BURST 8
#define C_HORIZ 32
#define C_BURST 6

#include "../../examples/producer-consumer/producer-consumer.c"
