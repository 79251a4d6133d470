/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A read view that registers while the writer streams holds the writer
   back from its first stall after the change (erbium/sync.h er_stall:
   every registered connected read view must have released i - horizon),
   even when the writer resynchronises outside its slow path (here alloc
   with the same horizon).  The writer's cached minimum of the readers
   was the old readers' and must not grant anything past the new one
   (runtime/src/record.c er_resync).  */
/* { dg-do run } */
/* { dg-output "ok: new reader holds the writer back" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r), *r1 = er_new_read_view (r);
  er_register (w, 1);
  er_register (r1, 1);
  er_alloc (w, 4);
  er_alloc (r1, 4);
  for (int tl = 0; tl < 8; tl += 4)
    {
      rt_write_range (w, tl, tl + 4, 4);
      RT_EQ (rt_read_range (r1, tl, tl + 4, 4), tl + 4);
    }
  er_stall (w, 9);		/* caches reader 1's release index, 8 */
  er_commit (w, 9);
  er_view *r2 = er_new_read_view (r);
  er_register (r2, 2);
  er_alloc (r2, 4);
  er_alloc (w, 4);
  /* Reader 2 released nothing: nothing past 4 may be granted, so the
     writer's stall from 10 is not granted at once.  */
  RT_EQ (er_stall_upto (w, 10, 12), 9);
  er_release (r2, 8);
  er_stall (w, 12);
  RT_EQ (rt_info (w).stall_or_update, 12);
  er_free_view (w, ER_TERMINATE);
  er_free_view (r1, ER_TERMINATE);
  er_free_view (r2, ER_TERMINATE);
  RT_OK ("new reader holds the writer back");
  return 0;
}
