/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Registration gating by rreg (paper section 3, "Creation"; erbium/record.h
   er_new_record): stall on any write view waits until the read views with
   ids 1..rreg have registered.  With rreg = 1 and no reader yet, a writer
   process's first stall (which the horizon alone would grant) blocks; once
   a reader registers, the writer streams and the reader, having registered
   before reading anything, sees every element from index 0.  */
/* { dg-do run } */
/* { dg-output "ok: stall waited for read id 1 to register" } */

#include "rt-test.h"

#define N 1000

static _Atomic long writer_at;

struct args { er_record *r; };

static void
writer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, 8);
  er_stall (w, 4);
  atomic_store (&writer_at, 4);
  for (int i = 0; i < 4; i++)
    ER_AT (w, int32_t, i) = rt_val (i);
  er_commit (w, 4);
  rt_write_range (w, 4, N, 4);
  atomic_store (&writer_at, N);
}

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  struct args a = { r };
  er_run (writer, &a, sizeof a);
  RT_EXPECT_STUCK (&writer_at, 0, "stall(4) before read id 1 registers");

  er_view *rd = er_new_read_view (r);
  er_alloc (rd, 8);
  /* Connected but unregistered: still not enough.  */
  RT_EXPECT_STUCK (&writer_at, 0, "stall(4) with an unregistered reader");
  er_register (rd, 1);
  RT_EQ (rt_read_range (rd, 0, N, 8), N);
  RT_EQ (er_update (rd, N + 1), 0);
  er_wait_all ();
  RT_EQ (atomic_load (&writer_at), N);
  RT_OK ("stall waited for read id 1 to register");
  return 0;
}
