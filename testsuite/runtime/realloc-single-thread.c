/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Reallocation in a single thread (erbium/record.h er_alloc: "Calling
   alloc again changes the horizon"; a larger one reallocates the record's
   buffer).  One thread owns a writer and a reader of horizon 8; with 8
   elements committed and some of them not yet read, the reader grows its
   horizon to 5000, then the writer to 4000, then the reader to 20000:
   every committed element survives each move, the window moves, the slot
   count grows, and streaming goes on with the larger bursts.  */
/* { dg-do run } */
/* { dg-output "ok: single-thread reallocation" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r);
  er_register (w, 1);
  er_register (rd, 1);
  er_alloc (w, 8);
  er_alloc (rd, 8);
  uint64_t s0 = rt_info (w).slots;
  RT_CHECK (s0 >= 16, "slots %llu", (unsigned long long) s0);

  rt_write_range (w, 0, 8, 8);
  RT_EQ (rt_read_range (rd, 0, 5, 8), 5);	/* 5..7 committed, unread */
  int32_t *old = er_elem (rd, 5);

  er_alloc (rd, 5000);
  uint64_t s1 = rt_info (rd).slots;
  RT_CHECK (s1 >= 5008 && s1 > s0, "slots %llu after alloc(rd, 5000)",
	    (unsigned long long) s1);
  RT_EQ (rt_info (w).slots, s1);
  RT_EQ (rt_info (rd).horizon, 5000);
  RT_CHECK ((int32_t *) er_elem (rd, 5) != old, "the window did not move");
  RT_EQ (rt_read_range (rd, 5, 6, 8), 6);	/* 6..7 unread */

  er_alloc (w, 4000);
  uint64_t s2 = rt_info (w).slots;
  RT_CHECK (s2 >= 9000 && s2 > s1, "slots %llu after alloc(w, 4000)",
	    (unsigned long long) s2);
  RT_EQ (rt_info (rd).slots, s2);
  RT_EQ (rt_read_range (rd, 6, 8, 8), 8);

  rt_write_range (w, 8, 3000, 1000);
  RT_EQ (rt_read_range (rd, 8, 1000, 700), 1000);	/* 1000..2999 unread */

  er_alloc (rd, 20000);
  uint64_t s3 = rt_info (rd).slots;
  RT_CHECK (s3 >= 24000 && s3 > s2, "slots %llu after alloc(rd, 20000)",
	    (unsigned long long) s3);
  RT_EQ (rt_info (w).slots, s3);
  RT_EQ (rt_read_range (rd, 1000, 3000, 5000), 3000);

  /* Larger bursts now fit: 4000 at once.  */
  for (int tl = 3000; tl < 15000; tl += 4000)
    {
      rt_write_range (w, tl, tl + 4000, 4000);
      RT_EQ (rt_read_range (rd, tl, tl + 4000, 4000), tl + 4000);
    }
  er_free_view (w, ER_TERMINATE);
  RT_EQ (er_update (rd, 15001), 0);
  er_free_view (rd, ER_TERMINATE);
  RT_OK ("single-thread reallocation");
  return 0;
}
