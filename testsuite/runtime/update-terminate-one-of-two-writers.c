/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Termination held by one of two writers (paper section 3, "Termination"):
   update stops waiting only when the minimum commit index is held by a
   view freed with ER_TERMINATE.  Writer 1 terminates at 20 while writer 2
   (a process) is still at 8: update(10) must wait for writer 2, since the
   minimum is held by a live view.  Once writer 2 passes 20 the minimum is
   writer 1's terminal index: update(28) returns 20, then 0.  */
/* { dg-do run } */
/* { dg-output "update\\(10\\) = 10, update\\(28\\) = 20, then 0\[^\n\]*\n.*ok: termination held by one of two writers" } */

#include "rt-test.h"

static _Atomic long w2_go;
static _Atomic long reader_at;

struct args { er_record *r; };

static void
writer2 (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 2);
  er_alloc (w, 32);
  /* Writer 2 owns indices 8..31 (writer 1 owns 0..7).  */
  er_commit (w, 8);
  rt_wait_at_least (&w2_go, 1, "the go signal for writer 2");
  er_stall (w, 32);
  for (int i = 8; i < 32; i++)
    ER_AT (w, int32_t, i) = rt_val (i);
  er_commit (w, 32);
  /* Keep the view until main is done checking the reader.  */
  rt_wait_at_least (&w2_go, 2, "the end signal for writer 2");
  er_free_view (w, ER_TERMINATE);
}

static int results[3];

static void
reader (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, 1);
  er_alloc (rd, 32);
  results[0] = er_update (rd, 10);
  atomic_store (&reader_at, 10);
  results[1] = er_update (rd, 28);
  for (int i = 0; i < results[1]; i++)
    RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
  er_release (rd, results[1]);
  results[2] = er_update (rd, 28);
  atomic_store (&reader_at, 28);
}

int
main (void)
{
  er_record *r = er_new_record (2, 1, sizeof (int32_t));
  er_view *w1 = er_new_write_view (r);
  er_register (w1, 1);
  er_alloc (w1, 8);
  struct args a = { r };
  er_run (writer2, &a, sizeof a);
  er_run (reader, &a, sizeof a);

  rt_write_range (w1, 0, 8, 8);
  er_commit (w1, 20);		/* nothing else of writer 1's below 20 */
  er_free_view (w1, ER_TERMINATE);

  RT_EXPECT_STUCK (&reader_at, 0,
		   "update(10) while the live writer 2 is at 8");
  atomic_store (&w2_go, 1);
  rt_wait_at_least (&reader_at, 28, "the reader's termination");
  atomic_store (&w2_go, 2);
  er_wait_all ();
  printf ("update(10) = %d, update(28) = %d, then %d\n", results[0],
	  results[1], results[2]);
  RT_EQ (results[0], 10);
  RT_EQ (results[1], 20);
  RT_EQ (results[2], 0);
  RT_OK ("termination held by one of two writers");
  return 0;
}
