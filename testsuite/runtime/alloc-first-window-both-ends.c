/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The first alloc of a record sizes its buffer for both ends (erbium/
   record.h er_alloc): a writer's alloc counts the readers the record
   expects with the writer's horizon, so that a reader allocating the same
   horizon finds room and the buffer is not reallocated (the window's
   address stays).  A larger read horizon still reallocates, and the
   elements written so far survive.  */
/* { dg-do run } */
/* { dg-output "ok: first window for both ends" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r);
  RT_EQ (er_register (w, 1), 1);
  RT_EQ (er_register (rd, 1), 1);
  er_alloc (w, 1024);
  RT_EQ (rt_info (w).slots, 2048);
  er_stall (w, 10);
  void *before = er_elem (w, 0);
  for (int i = 0; i < 10; i++)
    ER_AT (w, int32_t, i) = rt_val (i);
  er_commit (w, 10);
  er_alloc (rd, 1024);
  RT_EQ (rt_info (rd).slots, 2048);
  RT_CHECK (er_elem (rd, 0) == before, "window moved: %p -> %p", before,
	    er_elem (rd, 0));
  /* Beyond what was anticipated: one reallocation, contents kept.  */
  er_alloc (rd, 4096);
  RT_EQ (rt_info (rd).slots, 8192);
  RT_EQ (er_update (rd, 10), 10);
  for (int i = 0; i < 10; i++)
    RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
  er_release (rd, 10);

  /* A record without readers: the writer's horizon alone.  */
  er_record *r2 = er_new_record (1, 0, sizeof (int32_t));
  er_view *w2 = er_new_write_view (r2);
  RT_EQ (er_register (w2, 1), 1);
  er_alloc (w2, 1024);
  RT_EQ (rt_info (w2).slots, 1024);

  er_free_view (w, ER_TERMINATE);
  er_free_view (rd, ER_TERMINATE);
  er_free_view (w2, ER_TERMINATE);
  RT_OK ("first window for both ends");
  return 0;
}
