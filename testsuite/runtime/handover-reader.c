/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Hand-over of a read view (paper section 3, "Creation"; erbium/record.h
   er_register, er_free_view): reader A (id 1) reads 0..15, releases 16 and
   frees its view with ER_HANDOVER.  Its release index keeps holding the
   writer back: with horizon 8 the writer (a process) can stall up to 24
   and no further.  Reader B registers with id 1, takes over update and
   release index 16, and reads 16..39: no element is lost or repeated.  */
/* { dg-do run } */
/* { dg-output "reader B took over at update 16, release 16\[^\n\]*\n.*ok: read view hand-over" } */

#include "rt-test.h"

#define N 40

static _Atomic long writer_at;

struct args { er_record *r; };

static void
writer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, 8);
  for (int tl = 0; tl < N; tl += 4)
    {
      rt_write_range (w, tl, tl + 4, 4);
      atomic_store (&writer_at, tl + 4);
    }
}

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  struct args a = { r };

  er_view *ra = er_new_read_view (r);
  er_register (ra, 1);
  er_alloc (ra, 8);
  er_run (writer, &a, sizeof a);
  RT_EQ (rt_read_range (ra, 0, 16, 8), 16);
  er_free_view (ra, ER_HANDOVER);

  rt_wait_at_least (&writer_at, 24, "the writer to reach 24");
  RT_EXPECT_STUCK (&writer_at, 24, "the writer held by the handed-over "
		   "release index 16");

  er_view *rb = er_new_read_view (r);
  er_register (rb, 1);
  struct er_view_info in = rt_info (rb);
  printf ("reader B took over at update %lld, release %lld\n",
	  (long long) in.stall_or_update, (long long) in.commit_or_release);
  RT_EQ (in.stall_or_update, 16);
  RT_EQ (in.commit_or_release, 16);
  er_alloc (rb, 8);
  RT_EQ (rt_read_range (rb, 16, N, 8), N);
  RT_EQ (er_update (rb, N + 1), 0);
  er_wait_all ();
  RT_OK ("read view hand-over");
  return 0;
}
