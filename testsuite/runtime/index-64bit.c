/* SPDX-License-Identifier: GPL-3.0-or-later */ /* 64-bit indices (erbium/sync.h, "Indices", er_xlat): every primitive
   takes and returns an er_index.  A value that a 32-bit int or unsigned
   int holds is read modulo 2^32 relative to the view's own index; any
   other is exact.  One thread owns a writer and a reader of horizon 2^20
   and streams past 2^32 with 64-bit indices in Figure 2's idiom (update
   returns its nonzero index there); then the int, unsigned and exact
   64-bit spellings of indices are told apart by release, commit and
   stall, er_update_upto returns 64-bit and int indices, and a terminated
   stream's last update returns the terminal index in the representation
   of its argument (an int's wrapped index).  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "ok: 64-bit indices" } */

#include "rt-test.h"

#define H (1 << 20)

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int64_t));
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r);
  er_register (w, 1);
  er_register (rd, 1);
  er_alloc (w, H);
  er_alloc (rd, H);

  /* Past 2^32 in Figure 2's idiom; the last element of each burst holds
     its index.  */
  const er_index end = (1L << 32) + 3 * H;
  er_index tl = 0, hd;
  while (tl < end)
    {
      hd = tl + H;
      er_stall (w, hd);
      *(int64_t *) er_elem (w, hd - 1) = hd - 1;
      er_commit (w, hd);
      hd = er_update (rd, hd);
      RT_EQ (hd, tl + H);
      RT_EQ (*(int64_t *) er_elem (rd, hd - 1), hd - 1);
      er_release (rd, hd);
      tl = hd;
    }
  RT_EQ (rt_info (rd).stall_or_update, end);
  RT_EQ (rt_info (w).commit_or_release, end);

  /* Exact outside the 32-bit range: far below, nothing happens, although
     modulo 2^32 these are END + 10 and END + 8.  */
  er_commit (w, end + 10 - (1L << 36));
  er_stall (w, end + 8 - (1L << 36));
  RT_EQ (rt_info (w).commit_or_release, end);
  RT_EQ (rt_info (w).stall_or_update, end);

  er_stall (w, end + 16);
  er_commit (w, end + 16);
  RT_EQ (er_update (rd, end + 16), end + 16);
  /* int and unsigned spellings are read relative to the view's index.  */
  er_release (rd, (int) (end + 2));
  RT_EQ (rt_info (rd).commit_or_release, end + 2);
  er_release (rd, (unsigned) (end + 4));
  RT_EQ (rt_info (rd).commit_or_release, end + 4);
  er_release (rd, end + 6 - (1L << 36));
  RT_EQ (rt_info (rd).commit_or_release, end + 4);
  er_release (rd, end + 6);
  RT_EQ (rt_info (rd).commit_or_release, end + 6);

  /* The strip-miner's grants: LO plus the indices granted, exactly.  */
  er_stall (w, end + 24);
  er_commit (w, end + 24);
  RT_EQ (er_update_upto (rd, end + 17, end + 20), end + 20);
  RT_EQ (er_update_upto (rd, (int) (end + 21), (int) (end + 100)),
	 (int) (end + 24));
  RT_EQ (er_update_upto (rd, end + 25, end + 30), end + 24);
  RT_EQ (rt_info (rd).stall_or_update, end + 24);

  /* Termination: update (v, I) returns I less the indices missing, so an
     int program gets its wrapped index; then 0.  */
  er_stall (w, end + 28);
  er_commit (w, end + 28);
  er_free_view (w, ER_TERMINATE);
  RT_EQ (er_update (rd, (int) (end + 32)), (int) (end + 28));
  RT_EQ (er_update (rd, end + 32), 0);
  RT_OK ("64-bit indices");
  return 0;
}
