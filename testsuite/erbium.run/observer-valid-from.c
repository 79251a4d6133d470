/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Observers (paper section 3, "Creation": non-registered views "may
   safely miss parts of the data stream"; erbium/record.h, observer
   contract): an unregistered read view that falls behind its writer never
   reads an overwritten value silently.  The producer streams N values
   with horizon 64 and holds for nobody; the observer reads its first
   burst, then waits (update on a second record) until the producer has
   written 131072 values, more than the record's window holds, and reads
   on.  valid_from(r, tl) says from which index its burst holds the
   written values; the observer checks each of those, counts the others as
   missed, and resumes where valid_from points when it is beyond the
   burst.  Every index is read or missed, some were missed, and the values
   read are right.  */
/* { dg-do run } */
/* { dg-output "ok: observer read \[0-9\]+, missed \[0-9\]+, none wrong" } */

#include "er-run.h"

#define N 200000
#define BEHIND 131072

static inline int val (int i) { return i * 17 + 3; }

process producer (record(int) re, record(int) ctl)
{
  view(int) w = new_write_view (re);
  view(int) sig = new_write_view (ctl);
  register_view (w);
  register_view (sig);
  alloc (w, 64);
  alloc (sig, 1);
  for (int tl = 0; tl < N; tl += 32)
    {
      int hd = tl + 32 < N ? tl + 32 : N;
      stall (w, hd);
      for (int i = tl; i < hd; i++)
	w[i] = val (i);
      commit (w, hd);
      if (hd == BEHIND)
	{
	  stall (sig, 1);
	  commit (sig, 1);
	}
    }
}

process observer (record(int) re, record(int) ctl, long *cnt, long *bad,
		  long *missed)
{
  view(int) r = new_read_view (re);	/* not registered */
  view(int) sig = new_read_view (ctl);
  register_view (sig);
  alloc (r, 64);
  alloc (sig, 1);
  int tl = 0, hd;
  long c = 0, m = 0;
  while ((hd = update (r, tl + 32)) != 0)
    {
      int from = valid_from (r, tl);
      m += (from < hd ? from : hd) - tl;
      for (int i = from; i < hd; i++)
	{
	  if (r[i] != val (i))
	    ++*bad;
	  c++;
	}
      if (from > hd)
	{
	  m += from - hd;
	  hd = from;
	}
      release (r, hd);
      tl = hd;
      if (tl == 32)
	RT_EQ (update (sig, 1), 1);
    }
  *cnt = c;
  *missed = m;
}

int
main (void)
{
  static long oc, ob, om;
  record(int) re = new_record (1, 0);
  record(int) ctl = new_record (1, 1);
  run observer (re, ctl, &oc, &ob, &om);
  run producer (re, ctl);
  er_wait_all ();
  RT_EQ (ob, 0);
  RT_EQ (oc + om, N);
  RT_CHECK (om > 0, "the observer fell behind, yet missed nothing");
  RT_OK ("observer read %ld, missed %ld, none wrong", oc, om);
  return 0;
}
