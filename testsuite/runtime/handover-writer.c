/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Hand-over of a write view (paper section 3, "Creation" and
   "Termination"; erbium/record.h er_register, er_free_view): writer A
   (id 1) commits 0..9 and frees its view with ER_HANDOVER.  The reader
   gets those 10 elements, then blocks at the terminal index 10 (no
   termination: update(12) must neither return 10 nor 0).  Writer B
   registers with the same id, starts from commit index 10 and continues
   to 20, and the reader sees one uninterrupted stream 0..19.  */
/* { dg-do run } */
/* { dg-output "writer B took over at commit 10\[^\n\]*\n.*ok: write view hand-over" } */

#include "rt-test.h"

#define N 20

static _Atomic long a_done, reader_at, b_start;

struct args { er_record *r; };

static void
writer_a (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, 8);
  rt_write_range (w, 0, 10, 4);
  er_free_view (w, ER_HANDOVER);
  atomic_store (&a_done, 1);
}

static void
writer_b (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  atomic_store (&b_start, rt_info (w).commit_or_release);
  er_alloc (w, 8);
  rt_write_range (w, 10, N, 4);
}

static void
reader (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, 1);
  er_alloc (rd, 4);
  RT_EQ (rt_read_stream (rd, 2, &reader_at), N);
}

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  struct args a = { r };
  er_run (reader, &a, sizeof a);
  er_run (writer_a, &a, sizeof a);
  rt_wait_at_least (&a_done, 1, "writer A");
  rt_wait_at_least (&reader_at, 10, "the reader to reach 10");
  RT_EXPECT_STUCK (&reader_at, 10, "the reader at the hand-over index");
  er_run (writer_b, &a, sizeof a);
  er_wait_all ();
  printf ("writer B took over at commit %ld\n", atomic_load (&b_start));
  RT_EQ (atomic_load (&b_start), 10);
  RT_EQ (atomic_load (&reader_at), N);
  RT_OK ("write view hand-over");
  return 0;
}
