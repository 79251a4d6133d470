/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A record is deallocated when its last view is freed (paper section 3,
   "Termination": "When free_view() is called for the last view connected
   to a given record, the latter is deallocated"; erbium/record.h
   er_free_view, er_live_records).  Checked for a record whose views live
   in one thread (freed explicitly, writer first and reader first) and for
   one whose views belong to processes (freed by their return).  */
/* { dg-do run } */
/* { dg-output "ok: records deallocated after their last view" } */

#include "rt-test.h"

struct args { er_record *r; };

static void
writer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, 8);
  rt_write_range (w, 0, 100, 8);
}

static void
reader (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, 1);
  er_alloc (rd, 8);
  RT_EQ (rt_read_range (rd, 0, 200, 8), 100);
}

int
main (void)
{
  int n0 = er_live_records ();
  RT_EQ (n0, 0);

  for (int order = 0; order < 2; order++)
    {
      er_record *r = er_new_record (1, 1, sizeof (int32_t));
      RT_EQ (er_live_records (), 1);
      er_view *w = er_new_write_view (r);
      er_view *rd = er_new_read_view (r);
      er_register (w, 1);
      er_register (rd, 1);
      er_alloc (w, 8);
      er_alloc (rd, 8);
      rt_write_range (w, 0, 8, 8);
      RT_EQ (rt_read_range (rd, 0, 8, 8), 8);
      if (order == 0)
	{
	  er_free_view (w, ER_TERMINATE);
	  RT_EQ (er_live_records (), 1);
	  RT_EQ (er_update (rd, 9), 0);
	  er_free_view (rd, ER_TERMINATE);
	}
      else
	{
	  er_free_view (rd, ER_TERMINATE);
	  RT_EQ (er_live_records (), 1);
	  rt_write_range (w, 8, 100, 8);	/* nobody holds it back now */
	  er_free_view (w, ER_TERMINATE);
	}
      RT_EQ (er_live_records (), 0);
    }

  er_record *r1 = er_new_record (1, 1, sizeof (int32_t));
  er_record *r2 = er_new_record (1, 1, sizeof (int32_t));
  RT_EQ (er_live_records (), 2);
  struct args a = { r1 };
  er_run (writer, &a, sizeof a);
  er_run (reader, &a, sizeof a);
  a.r = r2;
  er_run (writer, &a, sizeof a);
  er_run (reader, &a, sizeof a);
  er_wait_all ();
  RT_EQ (er_live_records (), 0);
  RT_OK ("records deallocated after their last view");
  return 0;
}
