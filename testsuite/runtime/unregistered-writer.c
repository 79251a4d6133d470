/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A write view that never registers still holds readers back (paper
   section 3: update waits for the minimum commit index of the connected
   write views; registration only adds gating and hand-over).  With
   wreg = 0, an unregistered writer process streams 3000 elements and
   returns; the reader sees every element and then the termination.  A
   second unregistered writer connected by main and kept at commit 0 holds
   the reader at 0 until it commits past the stream and is freed.  */
/* { dg-do run } */
/* { dg-output "ok: unregistered writers hold readers back" } */

#include "rt-test.h"

#define N 3000

static _Atomic long reader_at;

struct args { er_record *r; };

static void
writer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_alloc (w, 32);
  RT_EQ (rt_info (w).id, 0);
  rt_write_range (w, 0, N, 16);
}

static void
reader (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, 1);
  er_alloc (rd, 16);
  RT_EQ (rt_read_stream (rd, 10, &reader_at), N);
}

int
main (void)
{
  er_record *r = er_new_record (0, 1, sizeof (int32_t));
  er_view *idle = er_new_write_view (r);	/* unregistered, commit 0 */
  er_alloc (idle, 4);
  struct args a = { r };
  er_run (reader, &a, sizeof a);
  er_run (writer, &a, sizeof a);
  RT_EXPECT_STUCK (&reader_at, 0, "the reader held by an idle writer");
  er_commit (idle, N);		/* it owns nothing in the stream */
  rt_wait_at_least (&reader_at, N, "the reader to read the stream");
  er_free_view (idle, ER_TERMINATE);
  er_wait_all ();
  RT_OK ("unregistered writers hold readers back");
  return 0;
}
