/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Stream buffers are mapped at a stream's first window, given back when
   the stream dies or, for large windows, once it holds nothing more to
   read, and kept for later streams of their size or of up to a quarter
   of it (runtime/src/ostream.c, runtime/src/mirror.c).  A buffer taken
   back holds what its last stream left: no instance may see it.
   1. 6 instances of a site with a process per instance each run 8
      rounds: make a stream whose window changes from round to round
      (2^10 to 2^19 int32 elements: buffers of 16 KiB in an arena up to
      8 MiB of their own), write two windows with one task and read them
      with another, each value salted with the instance and round, and
      release the stream: streams made and dropped by several processes
      at once, their buffers passing from one to another among sizes.
   2. Stream x lives over three rounds.  An input of burst B and horizon
      2B leaves positions [B, 2B) written and not released: x's buffer
      must stay, although every range of x is passed, and the next reader
      of [B, 2B) must see x's values; meanwhile a stream y of x's size
      writes its own values and dies, so that a buffer x gave back too
      early would come back to x with y's data.  Round 3 reads all, x
      gives its buffer back, and its next window maps one again:
      positions go on from 4B, values checked.  */
/* { dg-do run } */
/* { dg-timeout 120 } */
/* { dg-output "ok: 48 streams of 6 processes, a window left to read kept its buffer, positions go on after a buffer given back" } */

#include "task-rt.h"

struct w { er_stream *s; int64_t first; int n; uint32_t salt; };
struct r { int64_t first; int n; uint32_t salt; _Atomic int *bad; };

static int32_t
val (uint32_t salt, int64_t p)
{
  return tr_val (p) ^ (int32_t) (salt * 0x9e3779b9u);
}

static void
write_pos (void *args, void *const *win)
{
  struct w *a = args;
  for (int k = 0; k < a->n; k++)
    ((int32_t *) win[0])[k] = val (a->salt, a->first + k);
}

static void
check_pos (void *args, void *const *win)
{
  struct r *a = args;
  for (int k = 0; k < a->n; k++)
    if (((const int32_t *) win[0])[k] != val (a->salt, a->first + k))
      {
	atomic_fetch_add (a->bad, 1);
	return;
      }
}

static er_site writer = TR_SITE (write_pos);
static er_site reader = TR_SITE (check_pos);
static _Atomic int bad, streams;

/* Write [FIRST, FIRST + N) of S salted SALT, in one task.  */
static void
put (er_stream *s, int64_t first, int n, uint32_t salt)
{
  struct w a = { s, first, n, salt };
  TR_TASK (writer, a, TR_OUT (s, n));
}

/* Read [FIRST, FIRST + H) of S with an input of burst N, horizon H.  */
static void
get (er_stream *s, int64_t first, int n, int h, uint32_t salt)
{
  struct r a = { first, h, salt, &bad };
  TR_TASK (reader, a, TR_IN (s, n, h));
}

struct inst { int id; };

static void
rounds (void *args, void *const *win)
{
  (void) win;
  struct inst *a = args;
  static const int log2s[] = { 10, 16, 18, 19, 17, 19, 12, 18 };
  for (int k = 0; k < 8; k++)
    {
      int n = 1 << log2s[(k + a->id) % 8];
      uint32_t salt = (uint32_t) (a->id * 100 + k + 1);
      er_stream *s = er_stream_new (sizeof (int32_t), NULL);
      put (s, 0, n, salt);
      put (s, n, n, salt);
      get (s, 0, n, n, salt);
      get (s, n, n, n, salt);
      er_taskwait ();
      er_stream_release (s);
      atomic_fetch_add (&streams, 1);
    }
}

static er_site round_site = TR_SITE_PER_INSTANCE (rounds);

int
main (void)
{
  for (int i = 0; i < 6; i++)
    {
      struct inst a = { i };
      er_task_create (&round_site, &a, sizeof a, NULL, 0, 0);
    }
  er_taskwait ();
  RT_EQ (atomic_load (&bad), 0);
  RT_EQ (atomic_load (&streams), 48);

  /* B: windows of 1 MiB, a buffer of 8 MiB (4 x the 2B horizon).  */
  const int b = 1 << 18;
  er_stream *x = er_stream_new (sizeof (int32_t), "x");
  put (x, 0, 2 * b, 1);
  get (x, 0, b, 2 * b, 1);
  er_taskwait ();
  er_stream *y = er_stream_new (sizeof (int32_t), "y");
  put (y, 0, 2 * b, 2);
  get (y, 0, 2 * b, 2 * b, 2);
  er_taskwait ();
  er_stream_release (y);
  get (x, b, b, b, 1);
  er_taskwait ();
  RT_EQ (atomic_load (&bad), 0);
  put (x, 2 * b, 2 * b, 1);
  get (x, 2 * b, 2 * b, 2 * b, 1);
  er_taskwait ();
  put (x, 4 * b, b, 1);
  get (x, 4 * b, b, b, 1);
  er_stream_release (x);
  er_taskwait ();
  RT_EQ (atomic_load (&bad), 0);
  RT_OK ("48 streams of 6 processes, a window left to read kept its "
	 "buffer, positions go on after a buffer given back");
  return 0;
}
