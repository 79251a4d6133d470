/* SPDX-License-Identifier: GPL-3.0-or-later */ /* register(v) without an id (er_register_next) never hands out a read id
   whose view was freed with ER_TERMINATE (paper section 3, "Termination":
   the termination argument forbids "the registration of a view with the
   same id", for read views as for write views; erbium/record.h
   er_register_next).  An id freed for hand-over is handed out, also to
   the successor of a hand-over; once that successor is freed with
   ER_TERMINATE, the id is never handed out again; an id given up with
   register(v, -1) before its view was freed is free.  */
/* { dg-do run } */
/* { dg-output "ok: terminated read ids are never handed out" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (1, 2, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_register (w, 1);
  er_alloc (w, 8);
  er_view *a = er_new_read_view (r), *b = er_new_read_view (r);
  RT_EQ (er_register_next (a), 1);
  RT_EQ (er_register_next (b), 2);
  er_alloc (a, 8);
  er_alloc (b, 8);
  rt_write_range (w, 0, 8, 8);
  RT_EQ (rt_read_range (a, 0, 8, 8), 8);
  RT_EQ (rt_read_range (b, 0, 4, 4), 4);

  /* Reader 1 terminates: id 1 is gone for good.  */
  er_free_view (a, ER_TERMINATE);
  er_view *c = er_new_read_view (r);
  RT_EQ (er_register_next (c), 3);

  /* Reader 2 hands over: its successor takes id 2 and its indices.  */
  er_free_view (b, ER_HANDOVER);
  er_view *d = er_new_read_view (r);
  RT_EQ (er_register_next (d), 2);
  er_alloc (d, 8);
  RT_EQ (rt_info (d).commit_or_release, 4);
  RT_EQ (rt_read_range (d, 4, 8, 4), 8);
  /* The successor terminates: id 2 is gone too.  */
  er_free_view (d, ER_TERMINATE);
  er_view *e = er_new_read_view (r);
  RT_EQ (er_register_next (e), 4);

  /* Reader 3 gives up its id, then terminates: id 3 stays free.  */
  RT_EQ (er_register (c, -1), -1);
  er_free_view (c, ER_TERMINATE);
  er_view *f = er_new_read_view (r);
  RT_EQ (er_register_next (f), 3);

  er_free_view (e, ER_TERMINATE);
  er_free_view (f, ER_TERMINATE);
  er_free_view (w, ER_TERMINATE);
  RT_OK ("terminated read ids are never handed out");
  return 0;
}
