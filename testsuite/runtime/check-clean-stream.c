/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Index checking has no false positives (erbium/sync.h er_elem, er_burst
   with ERBIUM_CHECK=1): a correct program touching exactly the edges of
   every window — a read view from its release index to just below its
   update index, a write view over the h indices below its stall index —
   and whole bursts through er_burst, runs to completion with checking on,
   in a process pair and across a termination.  */
/* { dg-do run } */
/* { dg-set-target-env-var ERBIUM_CHECK "1" } */
/* { dg-output "ok: checked stream without false positives" } */

#include "rt-test.h"

#define N 20000
#define HW 24
#define HR 16

struct args { er_record *r; };

static void
writer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, HW);
  for (int tl = 0; tl < N; tl += 8)
    {
      er_stall (w, tl + 8);
      /* Lowest index of the write window: stall - h (once it exists).  */
      if (tl + 8 >= HW)
	(void) *(volatile int32_t *) er_elem (w, tl + 8 - HW);
      int32_t *q = er_burst (w, tl, 8);
      for (int k = 0; k < 8; k++)
	q[k] = rt_val (tl + k);
      ER_AT (w, int32_t, tl + 7) = rt_val (tl + 7);	/* highest index */
      er_commit (w, tl + 8);
    }
}

int
main (void)
{
  RT_EQ (er_checking (), 1);
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  struct args a = { r };
  er_run (writer, &a, sizeof a);
  er_view *rd = er_new_read_view (r);
  er_register (rd, 1);
  er_alloc (rd, HR);
  RT_EQ (rd->check, 1);
  int tl = 0;
  for (;;)
    {
      int hd = er_update (rd, tl + HR);
      if (!hd)
	break;
      RT_EQ (ER_AT (rd, int32_t, tl), rt_val (tl));
      RT_EQ (ER_AT (rd, int32_t, hd - 1), rt_val (hd - 1));
      const int32_t *q = er_burst (rd, tl, hd - tl);
      for (int i = tl; i < hd; i++)
	RT_EQ (q[i - tl], rt_val (i));
      /* Release half, then look at the rest again.  */
      int mid = tl + (hd - tl) / 2;
      er_release (rd, mid);
      for (int i = mid; i < hd; i++)
	RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
      er_release (rd, hd);
      tl = hd;
    }
  RT_EQ (tl, N);
  er_wait_all ();
  RT_OK ("checked stream without false positives");
  return 0;
}
