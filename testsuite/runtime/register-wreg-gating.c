/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Registration gating by wreg (paper section 3, "Creation"; erbium/record.h
   er_new_record): update on any read view waits until the write views with
   ids 1..wreg have registered, even when the writers already connected have
   committed.  With wreg = 2, writer 1 commits 0..9 and a reader process
   blocks in update(5) until writer 2 connects and registers; then it needs
   writer 2's commit as well (writer 2 owns nothing below 10 and commits
   10).  */
/* { dg-do run } */
/* { dg-output "ok: update waited for write id 2 to register" } */

#include "rt-test.h"

static _Atomic long reader_at;

struct args { er_record *r; };

static void
reader (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, 1);
  er_alloc (rd, 16);
  RT_EQ (er_update (rd, 5), 5);
  atomic_store (&reader_at, 5);
  RT_EQ (er_update (rd, 10), 10);
  for (int i = 0; i < 10; i++)
    RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
  er_release (rd, 10);
  atomic_store (&reader_at, 10);
}

int
main (void)
{
  er_record *r = er_new_record (2, 1, sizeof (int32_t));
  er_view *w1 = er_new_write_view (r);
  er_register (w1, 1);
  er_alloc (w1, 16);
  struct args a = { r };
  er_run (reader, &a, sizeof a);
  rt_write_range (w1, 0, 10, 16);
  er_commit (w1, 20);

  RT_EXPECT_STUCK (&reader_at, 0, "update(5) before write id 2 registers");

  er_view *w2 = er_new_write_view (r);
  er_alloc (w2, 16);
  er_register (w2, 2);
  /* Registered, but a connected writer at commit 0 holds readers back.  */
  RT_EXPECT_STUCK (&reader_at, 0, "update(5) with writer 2 at commit 0");
  er_commit (w2, 20);
  rt_wait_at_least (&reader_at, 10, "the reader after writer 2 committed");
  er_wait_all ();
  RT_OK ("update waited for write id 2 to register");
  return 0;
}
