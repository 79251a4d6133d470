/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Bounded buffers must not deadlock a program that finishes with
   unbounded ones (OMP-STREAM-SPEC.md 10; erbium/task.h): a stream's
   buffer starts at 4096 elements here, and the runtime grows it when
   every thread is blocked and a writer waits for room in it, instead of
   reporting a deadlock.
   1. 20 000 writers of one element each, then taskwait, then the
      readers: the writers past the buffer wait for room that only the
      readers would make, while main waits for the writers.
   2. 30 000 writers of one element and one reader of horizon 30 000 (a
      window larger than the buffer), main waiting at taskwait.
   3. a writer of burst 10 000 into a buffer made for windows of 2.
   Every value is checked.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "ok: 20000 written before any read, a 30000-element window, a 10000-element burst" } */

#include "task-rt.h"

struct w { int64_t first; int n; };
struct r { int64_t first; int n; _Atomic int *bad; };

static void
write_pos (void *args, void *const *win)
{
  struct w *a = args;
  for (int k = 0; k < a->n; k++)
    ((int32_t *) win[0])[k] = tr_val (a->first + k);
}

static void
check_pos (void *args, void *const *win)
{
  struct r *a = args;
  for (int k = 0; k < a->n; k++)
    if (((const int32_t *) win[0])[k] != tr_val (a->first + k))
      atomic_fetch_add (a->bad, 1);
}

static er_site writer = TR_SITE (write_pos);
static er_site reader = TR_SITE (check_pos);
static _Atomic int bad;

int
main (void)
{
  er_stream *x = er_stream_new (sizeof (int32_t), "x");
  for (int i = 0; i < 20000; i++)
    {
      struct w a = { i, 1 };
      TR_TASK (writer, a, TR_OUT (x, 1));
    }
  er_taskwait ();
  for (int i = 0; i < 20000; i += 4)
    {
      struct r a = { i, 4, &bad };
      TR_TASK (reader, a, TR_IN (x, 4, 4));
    }
  er_stream_release (x);
  er_taskwait ();
  RT_EQ (atomic_load (&bad), 0);

  er_stream *y = er_stream_new (sizeof (int32_t), "y");
  for (int i = 0; i < 30000; i++)
    {
      struct w a = { i, 1 };
      TR_TASK (writer, a, TR_OUT (y, 1));
    }
  struct r big = { 0, 30000, &bad };
  TR_TASK (reader, big, TR_IN (y, 30000, 30000));
  er_stream_release (y);
  er_taskwait ();
  RT_EQ (atomic_load (&bad), 0);

  er_stream *z = er_stream_new (sizeof (int32_t), "z");
  for (int i = 0; i < 100; i++)
    {
      struct w a = { 2 * i, 2 };
      TR_TASK (writer, a, TR_OUT (z, 2));
      struct r b = { 2 * i, 2, &bad };
      TR_TASK (reader, b, TR_IN (z, 2, 2));
    }
  struct w a = { 200, 10000 };
  TR_TASK (writer, a, TR_OUT (z, 10000));
  struct r b = { 200, 10000, &bad };
  TR_TASK (reader, b, TR_IN (z, 10000, 10000));
  er_stream_release (z);
  er_taskwait ();
  RT_EQ (atomic_load (&bad), 0);
  RT_OK ("20000 written before any read, a 30000-element window, a "
	 "10000-element burst");
  return 0;
}
