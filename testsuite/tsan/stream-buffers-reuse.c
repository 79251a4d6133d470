/* SPDX-License-Identifier: GPL-3.0-or-later */ /* ThreadSanitizer on streams made and dropped by several processes at
   once, through the task runtime's C API (erbium/task.h): 4 instances of
   a site with a process per instance each make 6 streams in turn, with
   windows of 2^10 to 2^18 int32 elements (buffers of 16 KiB in an arena
   up to 4 MiB of their own), write two windows and read them back, and
   release the stream.  The buffers are mapped at a stream's first
   window, given back when it dies or, for the large ones, once nothing
   is left to read, and taken by other streams of other processes
   (runtime/src/ostream.c, runtime/src/mirror.c): TSan must see every
   buffer's mapping, sizes and counts pass from one process to the next
   through the runtime's locks and releases, with no report (a report
   exits 66), and every value read is checked.  */
/* { dg-do run } */
/* { dg-timeout 300 } */
/* { dg-set-target-env-var TSAN_OPTIONS "halt_on_error=1 exitcode=66" } */
/* { dg-output "ok: 24 streams of 4 processes, 0 wrong windows\n" } */

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <erbium/task.h>

struct w { int64_t first; int n; uint32_t salt; };
struct r { int64_t first; int n; uint32_t salt; };

static _Atomic int bad, streams;

static int32_t
val (uint32_t salt, int64_t p)
{
  return (int32_t) ((uint32_t) p * 2654435761u ^ salt * 0x9e3779b9u);
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
	atomic_fetch_add (&bad, 1);
	return;
      }
}

static er_site writer = { write_pos, __FILE__ ":writer", 0, 0 };
static er_site reader = { check_pos, __FILE__ ":reader", 0, 0 };

static void
rounds (void *args, void *const *win)
{
  (void) win;
  int id = *(int *) args;
  static const int log2s[] = { 10, 16, 18, 17, 12, 18 };
  for (int k = 0; k < 6; k++)
    {
      int n = 1 << log2s[(k + id) % 6];
      uint32_t salt = (uint32_t) (id * 100 + k + 1);
      er_stream *s = er_stream_new (sizeof (int32_t), NULL);
      for (int h = 0; h < 2; h++)
	{
	  struct w a = { (int64_t) h * n, n, salt };
	  struct er_task_access out = { s, ER_ACCESS_OUTPUT, n, n };
	  er_task_create (&writer, &a, sizeof a, &out, 1, 0);
	}
      for (int h = 0; h < 2; h++)
	{
	  struct r a = { (int64_t) h * n, n, salt };
	  struct er_task_access in = { s, ER_ACCESS_INPUT, n, n };
	  er_task_create (&reader, &a, sizeof a, &in, 1, 0);
	}
      er_taskwait ();
      er_stream_release (s);
      atomic_fetch_add (&streams, 1);
    }
}

static er_site round_site = { rounds, __FILE__ ":rounds",
			      ER_SITE_PER_INSTANCE, 0 };

int
main (void)
{
  for (int i = 0; i < 4; i++)
    er_task_create (&round_site, &i, sizeof i, NULL, 0, 0);
  er_taskwait ();
  printf ("ok: %d streams of 4 processes, %d wrong windows\n",
	  atomic_load (&streams), atomic_load (&bad));
  return atomic_load (&bad) != 0;
}
