/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The single-producer single-consumer path (docs/runtime.md, erbium/record.h
   er_view_info.single_peer): with exactly one writer and one reader both
   views refresh from the one peer's index; when a second registered reader
   connects, the writer must switch to the general minimum (its single_peer
   flag drops at its next stall) while each reader, facing one writer,
   keeps the fast path.  Data stays correct throughout.  */
/* { dg-do run } */
/* { dg-output "1W1R: writer 1, reader 1; 1W2R: writer 0, readers 1 1\[^\n\]*\n.*ok: single-peer path" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_view *r1 = er_new_read_view (r);
  er_register (w, 1);
  er_register (r1, 1);
  er_alloc (w, 16);
  er_alloc (r1, 16);
  for (int tl = 0; tl < 64; tl += 8)
    {
      rt_write_range (w, tl, tl + 8, 8);
      RT_EQ (rt_read_range (r1, tl, tl + 8, 8), tl + 8);
    }
  int a = rt_info (w).single_peer, b = rt_info (r1).single_peer;

  er_view *r2 = er_new_read_view (r);
  er_register (r2, 2);
  er_alloc (r2, 16);
  er_release (r2, 64);
  for (int tl = 64; tl < 128; tl += 8)
    {
      rt_write_range (w, tl, tl + 8, 8);
      RT_EQ (rt_read_range (r1, tl, tl + 8, 8), tl + 8);
      RT_EQ (rt_read_range (r2, tl, tl + 8, 8), tl + 8);
    }
  int c = rt_info (w).single_peer, d = rt_info (r1).single_peer,
    e = rt_info (r2).single_peer;
  printf ("1W1R: writer %d, reader %d; 1W2R: writer %d, readers %d %d\n",
	  a, b, c, d, e);
  RT_EQ (a, 1);
  RT_EQ (b, 1);
  RT_EQ (c, 0);
  RT_EQ (d, 1);
  RT_EQ (e, 1);
  er_free_view (w, ER_TERMINATE);
  er_free_view (r1, ER_TERMINATE);
  er_free_view (r2, ER_TERMINATE);
  RT_OK ("single-peer path");
  return 0;
}
