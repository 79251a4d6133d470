/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Elements of a non-power-of-two size (erbium/record.h er_new_record:
   elements are 1 byte to 1 MiB): a 12-byte struct streamed by a process
   pair in bursts that cross the mirrored buffer's wrap point, read through
   er_burst pointers (so the mirror must be a whole number of elements and
   pages at the same time).  */
/* { dg-do run } */
/* { dg-output "ok: 12-byte struct elements" } */

#include "rt-test.h"

#define N 100000

struct elt { int32_t a; float b; uint32_t c; };
_Static_assert (sizeof (struct elt) == 12, "12-byte element");

struct args { er_record *r; };

static void
writer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, 300);
  for (int tl = 0; tl < N; )
    {
      int n = N - tl < 97 ? N - tl : 97;
      er_stall (w, tl + n);
      struct elt *q = er_burst (w, tl, n);
      for (int k = 0; k < n; k++)
	q[k] = (struct elt) { tl + k, (float) (tl + k) * 0.25f,
			      (uint32_t) rt_val (tl + k) };
      er_commit (w, tl + n);
      tl += n;
    }
}

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (struct elt));
  RT_EQ (r->esize, 12);
  struct args a = { r };
  er_run (writer, &a, sizeof a);
  er_view *rd = er_new_read_view (r);
  er_register (rd, 1);
  er_alloc (rd, 200);
  uint64_t slots = rt_info (rd).slots;
  RT_CHECK (slots >= 500, "slots %llu", (unsigned long long) slots);
  int tl = 0, crossings = 0;
  for (;;)
    {
      int hd = er_update (rd, tl + 131);
      if (!hd)
	break;
      if ((uint64_t) tl / slots != (uint64_t) (hd - 1) / slots)
	crossings++;
      const struct elt *q = er_burst (rd, tl, hd - tl);
      for (int k = 0; k < hd - tl; k++)
	{
	  int i = tl + k;
	  RT_EQ (q[k].a, i);
	  RT_CHECK (q[k].b == (float) i * 0.25f, "index %d: b = %g", i,
		    (double) q[k].b);
	  RT_EQ (q[k].c, (uint32_t) rt_val (i));
	}
      er_release (rd, hd);
      tl = hd;
    }
  RT_EQ (tl, N);
  RT_CHECK (crossings > 10, "only %d bursts crossed the wrap point",
	    crossings);
  er_wait_all ();
  RT_OK ("12-byte struct elements");
  return 0;
}
