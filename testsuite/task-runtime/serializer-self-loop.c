/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The serializer idiom (OMP-STREAM-SPEC.md 6.12, 10): two sites each
   read a token from stream ser and write the next one to it, created
   alternately; one write seeds the stream and a tick drains the last
   token.  Positions order the instances: the k-th created reads
   position k (written by the (k - 1)-th) and writes position k + 1, so
   they run one after the other in creation order, across the two sites'
   processes, though each waits for the other's output (a self-loop
   through a bounded buffer, which must not deadlock).  The log of which
   instance ran, and the tokens, are checked.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-output "ok: 2000 instances ran in creation order" } */

#include "task-rt.h"

#define N 2000

static int order[N], ran;

static void
step (void *args, void *const *win)
{
  int k = *(int *) args;
  int32_t tok = *(const int32_t *) win[0];
  RT_CHECK (tok == k, "instance %d read token %d", k, tok);
  order[ran++] = k;
  *(int32_t *) win[1] = k + 1;
}

static void
seed (void *args, void *const *win)
{
  (void) args;
  *(int32_t *) win[0] = 0;
}

static er_site even_site = TR_SITE (step);
static er_site odd_site = TR_SITE (step);
static er_site seed_site = TR_SITE (seed);

int
main (void)
{
  er_stream *ser = er_stream_new (sizeof (int32_t), "serializer");
  int unused = 0;
  TR_TASK (seed_site, unused, TR_OUT (ser, 1));
  for (int k = 0; k < N; k++)
    {
      if (k % 2)
	TR_TASK (odd_site, k, TR_IN (ser, 1, 1), TR_OUT (ser, 1));
      else
	TR_TASK (even_site, k, TR_IN (ser, 1, 1), TR_OUT (ser, 1));
    }
  er_stream_tick (ser, 1);
  er_stream_release (ser);
  er_taskwait ();
  RT_EQ (ran, N);
  for (int k = 0; k < N; k++)
    RT_EQ (order[k], k);
  RT_OK ("%d instances ran in creation order", N);
  return 0;
}
