/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The serializer token idiom: a stateful computation split over two
   sites that both read and write one token stream,
   input (tok >> tin) output (tok << tout), seeded by one write and
   drained by one tick, runs its instances one at a time in creation
   order (OMP-STREAM-SPEC.md 6.12, after examples/fmradio's
   serializer[]).  Instance k (k = 0 .. 39; even k on one site, odd k on
   the other) gets token position k for its input and k + 1 for its
   output, so it waits for instance k - 1.  Each instance appends k to a
   shared log (reading the log's length, working a little, then writing
   it back), folds k into acc = (acc * 31 + k) mod 1000003, and passes
   the token on incremented.  Serialized in creation order, the log is
   0 .. 39, instance k receives token k, and acc ends at 165984.  */
/* { dg-do run } */
/* { dg-output "interleave-serializer: 40 instances in order, acc 165984: ok" } */

#include "check.h"

#define N 40

struct state
{
  int n;
  int order[N];
  int token[N];
  long acc;
};

static void
step (struct state *st, int k, int tin)
{
  int n = st->n;
  volatile int spin = 0;
  for (int j = 0; j < 2000; j++)
    spin += j;
  st->order[n] = k;
  st->token[k] = tin;
  st->acc = (st->acc * 31 + k) % 1000003;
  st->n = n + 1;
}

int
main (void)
{
  int tok __attribute__ ((stream));
  int tin, tout;
  struct state state;
  struct state *st = &state;

  memset (&state, -1, sizeof state);
  state.n = 0;
  state.acc = 0;

#pragma omp task output (tok << tout)
  tout = 0;

  for (int k = 0; k < N; k++)
    {
      if (k % 2 == 0)
	{
#pragma omp task input (tok >> tin) output (tok << tout) firstprivate (st, k)
	  {
	    step (st, k, tin);
	    tout = tin + 1;
	  }
	}
      else
	{
#pragma omp task input (tok >> tin) output (tok << tout) firstprivate (st, k)
	  {
	    step (st, k, tin);
	    tout = tin + 1;
	  }
	}
    }
#pragma omp tick (tok)

#pragma omp taskwait

  CHECK_EQ (state.n, N);
  for (int k = 0; k < N; k++)
    {
      CHECK_EQ (state.order[k], k);
      CHECK_EQ (state.token[k], k);
    }
  CHECK_EQ (state.acc, 165984);
  return check_done ("interleave-serializer", "%d instances in order, acc %ld",
		     state.n, state.acc);
}
