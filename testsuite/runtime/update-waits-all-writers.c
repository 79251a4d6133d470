/* SPDX-License-Identifier: GPL-3.0-or-later */ /* update(v, i) waits until the minimum commit index of ALL connected write
   views reaches i (paper section 3, "Data streaming").  Two writers share
   indices 0..9: writer 1 writes 0..4 and commits 10 (it has nothing else
   below 10), writer 2 commits 5 before writing anything, then writes 5..9
   and commits 10.  A reader process waiting in update(10) must stay
   blocked until the second writer's last commit.  */
/* { dg-do run } */
/* { dg-output "ok: update waited for the minimum commit of both writers" } */

#include "rt-test.h"

static _Atomic long returned;	/* reader passed update(10) */
static _Atomic long sum_ok;

struct args { er_record *r; };

static void
reader (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, 1);
  er_alloc (rd, 16);
  int got = er_update (rd, 10);
  atomic_store (&returned, 1);
  RT_EQ (got, 10);
  for (int i = 0; i < 10; i++)
    RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
  er_release (rd, 10);
  atomic_store (&sum_ok, 1);
}

int
main (void)
{
  er_record *r = er_new_record (2, 1, sizeof (int32_t));
  er_view *w1 = er_new_write_view (r);
  er_view *w2 = er_new_write_view (r);
  er_register (w1, 1);
  er_register (w2, 2);
  er_alloc (w1, 16);
  er_alloc (w2, 16);
  struct args a = { r };
  er_run (reader, &a, sizeof a);

  er_stall (w1, 5);
  for (int i = 0; i < 5; i++)
    ER_AT (w1, int32_t, i) = rt_val (i);
  er_commit (w1, 10);
  RT_EXPECT_STUCK (&returned, 0, "update(10) with writer 2 at commit 0");

  er_commit (w2, 5);
  RT_EXPECT_STUCK (&returned, 0, "update(10) with writer 2 at commit 5");

  er_stall (w2, 10);
  for (int i = 5; i < 10; i++)
    ER_AT (w2, int32_t, i) = rt_val (i);
  er_commit (w2, 10);
  rt_wait_at_least (&returned, 1, "update(10) after both writers reached 10");
  er_wait_all ();
  RT_EQ (atomic_load (&sum_ok), 1);
  RT_OK ("update waited for the minimum commit of both writers");
  return 0;
}
