/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A stream of large windows gives its buffer back as soon as it holds
   nothing more to read (runtime/src/ostream.c, er_stream_drain), also
   when the range that reads it last runs on a site split into 2 workers
   (erbium/task.h, ER_SITE_SPLIT).  Stream x (int32, bursts of 2^18
   elements: a 4 MiB buffer) is written by a range of 2 instances and
   read by a range of 2 instances of the split site; x stays alive while
   stream y, of x's size, is written and read: y must get x's buffer
   back (ERBIUM_STATS's buffers line: 1 mapped, 1 reused), and every
   value of both is checked.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-set-target-env-var ERBIUM_STATS "1" } */
/* { dg-output "ok: x read by 2 workers gave its buffer to y.*erbium: stats: buffers: 1 mapped, 1 reused" } */

#include "task-rt.h"

#define B (1 << 18)

struct job { int64_t k; uint32_t salt; _Atomic int *bad; };

static int32_t
val (uint32_t salt, int64_t p)
{
  return tr_val (p) ^ (int32_t) (salt * 0x9e3779b9u);
}

static void
write_burst (void *args, void *const *win)
{
  struct job *j = args;
  for (int64_t e = 0; e < B; e++)
    ((int32_t *) win[0])[e] = val (j->salt, j->k * B + e);
}

static void
check_burst (void *args, void *const *win)
{
  struct job *j = args;
  for (int64_t e = 0; e < B; e++)
    if (((const int32_t *) win[0])[e] != val (j->salt, j->k * B + e))
      {
	atomic_fetch_add (j->bad, 1);
	return;
      }
}

static er_site writer = TR_SITE (write_burst);
static er_site plain_reader = TR_SITE (check_burst);
static er_site split_reader = TR_SITE_SPLIT (check_burst, 2);
static _Atomic int bad;

static const struct er_task_step step_k[] = {
  { offsetof (struct job, k), 8, 1 },
};

/* Two bursts of S salted SALT, written by a range and read by a range of
   READER.  */
static void
pass_two (er_stream *s, uint32_t salt, er_site *reader)
{
  struct job j = { 0, salt, &bad };
  struct er_task_access out = TR_OUT (s, B), in = TR_IN (s, B, B);
  er_task_create_range (&writer, &j, sizeof j, &out, 1, 0, 2, step_k, 1);
  er_task_create_range (reader, &j, sizeof j, &in, 1, 0, 2, step_k, 1);
  er_taskwait ();
}

int
main (void)
{
  er_stream *x = er_stream_new (sizeof (int32_t), "x");
  pass_two (x, 1, &split_reader);
  er_stream *y = er_stream_new (sizeof (int32_t), "y");
  pass_two (y, 2, &plain_reader);
  er_stream_release (y);
  er_stream_release (x);
  er_taskwait ();
  RT_EQ (atomic_load (&bad), 0);
  RT_OK ("x read by 2 workers gave its buffer to y");
  return 0;
}
