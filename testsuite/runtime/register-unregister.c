/* SPDX-License-Identifier: GPL-3.0-or-later */ /* register(v, -1) unregisters v (paper section 3, "Creation";
   erbium/record.h er_register): an unregistered read view no longer holds
   writers back.  The reader releases nothing; while registered, a writer of
   horizon 4 cannot stall past 4; after register(rd, -1) it streams 1000
   elements in the same thread without waiting.  */
/* { dg-do run } */
/* { dg-output "ok: an unregistered reader does not hold the writer" } */

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
  er_alloc (w, 4);
  for (int tl = 0; tl < N; tl += 2)
    {
      rt_write_range (w, tl, tl + 2, 2);
      atomic_store (&writer_at, tl + 2);
    }
}

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *rd = er_new_read_view (r);
  RT_EQ (er_register (rd, 1), 1);
  RT_EQ (rt_info (rd).id, 1);
  er_alloc (rd, 4);
  struct args a = { r };
  er_run (writer, &a, sizeof a);
  rt_wait_at_least (&writer_at, 4, "the writer to fill its horizon");
  RT_EXPECT_STUCK (&writer_at, 4, "the writer held by the registered "
		   "reader");
  RT_EQ (er_register (rd, -1), -1);
  RT_EQ (rt_info (rd).id, 0);
  rt_wait_at_least (&writer_at, N, "the writer after the reader "
		    "unregistered");
  er_wait_all ();
  /* The reader may have missed data, but the stream still ends.  */
  er_release (rd, N - 4);
  RT_EQ (er_update (rd, N), N);
  for (int i = N - 4; i < N; i++)
    RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
  er_release (rd, N);
  RT_EQ (er_update (rd, N + 1), 0);
  RT_OK ("an unregistered reader does not hold the writer");
  return 0;
}
