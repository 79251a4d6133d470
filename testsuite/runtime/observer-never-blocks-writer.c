/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Non-registered views may miss data but never hold writers back (paper
   section 3, "Creation": asymmetric broadcasts, observation processes).
   An unregistered observer with horizon 16 connects first and then does
   nothing while the writer (horizon 8) streams 100000 elements to a
   registered reader; afterwards the observer catches up by releasing and
   reads the last elements, which are the writer's final values.  */
/* { dg-do run } */
/* { dg-output "ok: an unregistered observer never blocks the writer" } */

#include "rt-test.h"

#define N 100000

static _Atomic long observer_ready, writer_done;

struct args { er_record *r; };

static void
observer (void *p)
{
  struct args *a = p;
  er_view *o = er_new_read_view (a->r);
  er_alloc (o, 16);
  RT_EQ (rt_info (o).id, 0);
  atomic_store (&observer_ready, 1);
  rt_wait_at_least (&writer_done, 1, "the writer to finish while the "
		    "observer sleeps");
  er_release (o, N - 8);
  RT_EQ (er_update (o, N), N);
  for (int i = N - 8; i < N; i++)
    RT_EQ (ER_AT (o, int32_t, i), rt_val (i));
  er_release (o, N);
}

static void
writer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, 8);
  rt_write_range (w, 0, N, 8);
  atomic_store (&writer_done, 1);
}

static void
reader (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, 1);
  er_alloc (rd, 8);
  RT_EQ (rt_read_range (rd, 0, N, 8), N);
}

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  struct args a = { r };
  er_run (observer, &a, sizeof a);
  rt_wait_at_least (&observer_ready, 1, "the observer to connect");
  er_run (writer, &a, sizeof a);
  er_run (reader, &a, sizeof a);
  er_wait_all ();
  RT_OK ("an unregistered observer never blocks the writer");
  return 0;
}
