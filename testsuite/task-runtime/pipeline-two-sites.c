/* SPDX-License-Identifier: GPL-3.0-or-later */ /* One producer site and one consumer site (erbium/task.h): the k-th
   output instance gets positions [kB, kB + B) and the k-th input
   instance the same, whatever the order in which their processes run
   them; every value arrives, at the position it was written to.  Bursts
   1, 4 and 100 over 10 000 positions: the 4096-slot buffer wraps several
   times, and bursts of 100 straddle its wrap point (the window is
   contiguous all the same: the mirrored buffer).  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-output "ok: 10000 positions with bursts 1, 4 and 100" } */

#include "task-rt.h"

#define N 10000

struct job { int64_t first; int b; int32_t *got; };

static void
produce (void *args, void *const *win)
{
  struct job *j = args;
  int32_t *out = win[0];
  for (int k = 0; k < j->b; k++)
    out[k] = tr_val (j->first + k);
}

static void
consume (void *args, void *const *win)
{
  struct job *j = args;
  const int32_t *in = win[0];
  for (int k = 0; k < j->b; k++)
    j->got[j->first + k] = in[k];
}

static er_site producer = TR_SITE (produce);
static er_site consumer = TR_SITE (consume);

static void
run (int b)
{
  int32_t *got = calloc (N, sizeof *got);
  er_stream *x = er_stream_new (sizeof (int32_t), "x");
  RT_EQ (er_stream_esize (x), sizeof (int32_t));
  for (int64_t i = 0; i < N; i += b)
    {
      struct job j = { i, b, got };
      TR_TASK (producer, j, TR_OUT (x, b));
      TR_TASK (consumer, j, TR_IN (x, b, b));
    }
  er_stream_release (x);
  er_taskwait ();
  for (int64_t i = 0; i < N; i++)
    RT_CHECK (got[i] == tr_val (i), "burst %d: position %lld holds %d, "
	      "expected %d", b, (long long) i, got[i], tr_val (i));
  free (got);
}

int
main (void)
{
  run (1);
  run (4);
  run (100);
  RT_OK ("%d positions with bursts 1, 4 and 100", N);
  return 0;
}
