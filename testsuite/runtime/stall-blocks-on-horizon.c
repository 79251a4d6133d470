/* SPDX-License-Identifier: GPL-3.0-or-later */ /* stall(v, i) waits as long as a registered reader's release index is
   below i - h (paper section 3, "Resource management"; erbium/sync.h
   er_stall).  Writer horizon 8: stall(8) is granted with nothing released,
   stall(9) waits until the reader releases 1, and stall(10) then waits
   until it releases 2: the exact boundary, one index at a time.  */
/* { dg-do run } */
/* { dg-output "ok: stall blocks exactly on the horizon" } */

#include "rt-test.h"

static _Atomic long writer_at;

struct args { er_record *r; };

static void
writer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, 8);
  er_stall (w, 8);
  for (int i = 0; i < 8; i++)
    ER_AT (w, int32_t, i) = rt_val (i);
  er_commit (w, 8);
  atomic_store (&writer_at, 8);
  er_stall (w, 9);
  ER_AT (w, int32_t, 8) = rt_val (8);
  er_commit (w, 9);
  atomic_store (&writer_at, 9);
  er_stall (w, 10);
  ER_AT (w, int32_t, 9) = rt_val (9);
  er_commit (w, 10);
  atomic_store (&writer_at, 10);
}

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *rd = er_new_read_view (r);
  er_register (rd, 1);
  er_alloc (rd, 16);
  struct args a = { r };
  er_run (writer, &a, sizeof a);

  rt_wait_at_least (&writer_at, 8, "stall(8) with release 0");
  RT_EXPECT_STUCK (&writer_at, 8, "stall(9) with release 0");
  RT_EQ (er_update (rd, 8), 8);
  for (int i = 0; i < 8; i++)
    RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
  er_release (rd, 1);
  rt_wait_at_least (&writer_at, 9, "stall(9) after release(1)");
  RT_EXPECT_STUCK (&writer_at, 9, "stall(10) with release 1");
  er_release (rd, 2);
  rt_wait_at_least (&writer_at, 10, "stall(10) after release(2)");
  RT_EQ (er_update (rd, 10), 10);
  RT_EQ (ER_AT (rd, int32_t, 8), rt_val (8));
  RT_EQ (ER_AT (rd, int32_t, 9), rt_val (9));
  er_release (rd, 10);
  er_wait_all ();
  RT_EQ (er_update (rd, 11), 0);
  RT_OK ("stall blocks exactly on the horizon");
  return 0;
}
