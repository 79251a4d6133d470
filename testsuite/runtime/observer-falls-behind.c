/* SPDX-License-Identifier: GPL-3.0-or-later */ /* An observer that falls behind never reads an overwritten value silently
   (erbium/record.h, observer contract; paper section 3, "Creation": a
   non-registered view may "safely miss parts of the data stream").  A
   writer streams N values with horizon 64 and no registered reader, so
   nothing holds it back.  The observer reads its first burst, then waits
   (update on a second record) until the writer has written four windows'
   worth: it has fallen behind for certain.  It then reads on in bursts:
   each update's indices from er_valid_from(o, tl) on must hold the
   written values; below that they were missed, and when er_valid_from is
   beyond the burst the observer resumes there.  Every index is either
   read, with its value checked, or missed; some were missed; and the
   last window's worth less a horizon, which the writer cannot overwrite
   any more once it ends, was read.  */
/* { dg-do run } */
/* { dg-output "ok: the observer read \[0-9\]+ values, all correct, and was told it missed \[0-9\]+" } */

#include "rt-test.h"

#define N 200000
#define H 64
#define B 32

struct args { er_record *r, *ctl; };
static long nread, nmissed, slots;

static void
writer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r), *sig = er_new_write_view (a->ctl);
  er_register (w, 1);
  er_register (sig, 1);
  er_alloc (w, H);
  er_alloc (sig, 1);
  int behind = 4 * (int) rt_info (w).slots;
  for (int tl = 0; tl < N; tl += B)
    {
      rt_write_range (w, tl, tl + B, B);
      if (tl + B == behind)
	{
	  er_stall (sig, 1);
	  er_commit (sig, 1);
	}
    }
}

static void
observer (void *p)
{
  struct args *a = p;
  er_view *o = er_new_read_view (a->r), *sig = er_new_read_view (a->ctl);
  er_register (sig, 1);
  er_alloc (o, H);
  er_alloc (sig, 1);
  slots = (long) rt_info (o).slots;
  int tl = 0, hd;
  while ((hd = er_update (o, tl + B)) != 0)
    {
      int from = er_valid_from (o, tl);
      RT_CHECK (from >= tl, "valid from %d below %d", from, tl);
      nmissed += (from < hd ? from : hd) - tl;
      for (int i = from; i < hd; i++)
	RT_CHECK (ER_AT (o, int32_t, i) == rt_val ((uint32_t) i),
		  "index %d holds %d, expected %d (valid from %d)", i,
		  ER_AT (o, int32_t, i), rt_val ((uint32_t) i), from);
      nread += from < hd ? hd - from : 0;
      if (from > hd)
	{
	  /* Missed beyond this burst: resume where the view can still
	     read.  */
	  nmissed += from - hd;
	  hd = from;
	}
      er_release (o, hd);
      tl = hd;
      if (tl == B)
	RT_EQ (er_update (sig, 1), 1);	/* fall behind */
    }
  RT_EQ (tl, N);
}

int
main (void)
{
  struct args a = { er_new_record (1, 0, sizeof (int32_t)),
    er_new_record (1, 1, sizeof (int32_t)) };
  er_run (observer, &a, sizeof a);
  er_run (writer, &a, sizeof a);
  er_wait_all ();
  RT_EQ (nread + nmissed, N);
  RT_CHECK (nmissed > 0, "the observer fell behind, yet missed nothing");
  RT_CHECK (nread >= slots - H, "read %ld values, the last %ld at least",
	    nread, slots - H);
  RT_OK ("the observer read %ld values, all correct, and was told it "
	 "missed %ld", nread, nmissed);
  return 0;
}
