/* SPDX-License-Identifier: GPL-3.0-or-later */ /* With int index variables, Figure 2's idiom `hd = update (v, hd); if
   (!hd) break;' stops 2^32 indices in: the int hd wraps to 0 there, and
   update (v, 0) is granted index 2^32 and returns its argument, 0
   (erbium/sync.h, "Indices" and er_update; docs/runtime.md says so next to
   the idiom).  The index itself was exact: the view's update index is
   2^32, and the same loop goes on with a long index.  One thread owns a
   writer and a reader of horizon 2^20 and streams in jumps of 2^20
   without writing elements.  update-long-2p32.c is the same idiom with
   long variables, correct for any stream length.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "int idiom stopped after 4293918720 indices, update index 4294967296\[^\n\]*\n.*ok: update-int-wraps" } */

#include "er-run.h"

#define P (1 << 20)

int
main (void)
{
  record(int) re = new_record (1, 1);
  view(int) w = new_write_view (re);
  view(int) r = new_read_view (re);
  register_view (w);
  register_view (r);
  alloc (w, P);
  alloc (r, P);
  int tl = 0, hd;
  long count = 0;
  for (;;)
    {
      hd = (int) ((unsigned) tl + P);
      stall (w, hd);
      commit (w, hd);
      hd = update (r, hd);
      if (!hd)
	break;
      release (r, hd);
      count += (unsigned) hd - (unsigned) tl;
      tl = hd;
    }
  long at = rt_info ((er_view *) r).stall_or_update;
  printf ("int idiom stopped after %ld indices, update index %ld\n", count,
	  at);
  RT_EQ (count, (1L << 32) - P);
  RT_EQ (at, 1L << 32);
  /* Index 2^32 as an int is 0: granted, returned as given.  */
  RT_EQ (update (r, 0), 0);
  /* As a long it is itself, nonzero, and the stream goes on.  */
  long lhd = 1L << 32;
  RT_EQ (update (r, lhd), 1L << 32);
  release (r, lhd);
  stall (w, lhd + P);
  commit (w, lhd + P);
  RT_EQ (update (r, lhd + P), (1L << 32) + P);
  RT_EQ (rt_info ((er_view *) r).stall_or_update, (1L << 32) + P);
  RT_OK ("update-int-wraps");
  return 0;
}
