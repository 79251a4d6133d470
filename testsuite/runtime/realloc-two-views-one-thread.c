/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A thread that holds two views of a record being reallocated by another
   thread must park both (runtime/src/record.c er_park_owned).  The main
   thread streams through a write view and a read view of the same record
   (a feedback loop, horizons 4) while a process connects an observer
   with horizon 4096, which grows the buffer.  The main thread's next
   primitive parks one of its views and waits for the reallocation; the
   other view must park too, or the reallocation waits for it forever
   (this was reported as a deadlock: the wait for a reallocation parked
   no other view of the record it waited on).  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "ok: both views of one thread parked for a reallocation" } */

#include "rt-test.h"

static _Atomic long joined;

static void
joiner (void *p)
{
  er_record *r = *(er_record **) p;
  er_view *o = er_new_read_view (r);	/* observer: id 0 */
  er_alloc (o, 4096);
  RT_CHECK (rt_info (o).slots >= 4096 + 4, "slots %llu",
	    (unsigned long long) rt_info (o).slots);
  atomic_store (&joined, 1);
  er_free_view (o, ER_TERMINATE);
}

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r), *rd = er_new_read_view (r);
  er_register (w, 1);
  er_register (rd, 1);
  er_alloc (w, 4);
  er_alloc (rd, 4);
  er_run (joiner, &r, sizeof r);
  long s = 0, n = 0;
  /* Keep streaming until the reallocation is over, and a little more.  */
  for (int i = 0, left = 1000; left > 0; i++, n++)
    {
      if (atomic_load (&joined))
	left--;
      er_stall (w, i + 1);
      ER_AT (w, int32_t, i) = rt_val (i);
      er_commit (w, i + 1);
      RT_EQ (er_update (rd, i + 1), i + 1);
      s += ER_AT (rd, int32_t, i) == rt_val (i);
      er_release (rd, i + 1);
    }
  RT_EQ (s, n);
  RT_CHECK (rt_info (w).slots >= 4096 + 4, "slots %llu",
	    (unsigned long long) rt_info (w).slots);
  RT_OK ("both views of one thread parked for a reallocation");
  return 0;
}
