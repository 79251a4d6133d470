/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Positions make the cases OpenStream's runtime leaves undefined well
   defined (OMP-STREAM-SPEC.md 6.1, 6.3, 6.6, 6.7; erbium/task.h):
   - a reader created before the writers that fill its window waits for
     them (a reader of horizon 6, then six writers of burst 1);
   - a writer burst straddling two reader windows (bursts of 3 read by
     horizons of 2: each reader gets the two positions it was given);
   - an input window larger than its burst slides: burst 1, horizon 5,
     each reader sees positions [k, k + 5), and 5000 of them wrap the
     buffer; the last four positions are ticked away;
   - a writer whose reader is created later runs first: writers, then
     taskwait (they have all finished, their data kept), then readers.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-output "ok: reader first, straddling, sliding, writers first" } */

#include "task-rt.h"

struct w { int64_t first; int n; };
struct r { int64_t first; int n; int *bad; };

static void
write_pos (void *args, void *const *win)
{
  struct w *a = args;
  for (int k = 0; k < a->n; k++)
    ((int32_t *) win[0])[k] = tr_val (a->first + k);
}

/* Check that the window holds positions FIRST .. FIRST + N - 1.  */
static void
check_pos (void *args, void *const *win)
{
  struct r *a = args;
  for (int k = 0; k < a->n; k++)
    if (((const int32_t *) win[0])[k] != tr_val (a->first + k))
      {
	fprintf (stderr, "window at %lld, element %d: %d, expected %d\n",
		 (long long) a->first, k, ((const int32_t *) win[0])[k],
		 tr_val (a->first + k));
	__atomic_add_fetch (a->bad, 1, __ATOMIC_RELAXED);
      }
  __atomic_add_fetch (a->bad + 1, 1, __ATOMIC_RELAXED);
}

static er_site writer = TR_SITE (write_pos);
static er_site reader = TR_SITE (check_pos);

static int bad[2];

static void
expect_reads (int n)
{
  er_taskwait ();
  RT_EQ (bad[0], 0);
  RT_EQ (bad[1], n);
  bad[1] = 0;
}

int
main (void)
{
  /* Reader first.  */
  er_stream *x = er_stream_new (sizeof (int32_t), "first");
  struct r rd = { 0, 6, bad };
  TR_TASK (reader, rd, TR_IN (x, 6, 6));
  for (int i = 0; i < 6; i++)
    {
      struct w wr = { i, 1 };
      TR_TASK (writer, wr, TR_OUT (x, 1));
    }
  er_stream_release (x);
  expect_reads (1);

  /* Straddling: writers of 3, readers of 2, 3000 positions.  */
  x = er_stream_new (sizeof (int32_t), "straddle");
  for (int i = 0; i < 1000; i++)
    {
      struct w wr = { 3 * i, 3 };
      TR_TASK (writer, wr, TR_OUT (x, 3));
      if (i % 2 == 1)
	for (int k = 0; k < 3; k++)
	  {
	    struct r r2 = { 3 * (i - 1) + 2 * k, 2, bad };
	    TR_TASK (reader, r2, TR_IN (x, 2, 2));
	  }
    }
  er_stream_release (x);
  expect_reads (1500);

  /* Sliding windows.  */
  x = er_stream_new (sizeof (int32_t), "sliding");
  for (int i = 0; i < 5004; i++)
    {
      struct w wr = { i, 1 };
      TR_TASK (writer, wr, TR_OUT (x, 1));
      if (i >= 4)
	{
	  struct r r5 = { i - 4, 5, bad };
	  TR_TASK (reader, r5, TR_IN (x, 1, 5));
	}
    }
  er_stream_tick (x, 4);
  er_stream_release (x);
  expect_reads (5000);

  /* Writers first, readers after they have finished.  */
  x = er_stream_new (sizeof (int32_t), "later");
  for (int i = 0; i < 100; i++)
    {
      struct w wr = { 7 * i, 7 };
      TR_TASK (writer, wr, TR_OUT (x, 7));
    }
  er_taskwait ();
  for (int i = 0; i < 70; i++)
    {
      struct r r10 = { 10 * i, 10, bad };
      TR_TASK (reader, r10, TR_IN (x, 10, 10));
    }
  er_stream_release (x);
  expect_reads (70);

  RT_OK ("reader first, straddling, sliding, writers first");
  return 0;
}
