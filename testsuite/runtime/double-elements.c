/* SPDX-License-Identifier: GPL-3.0-or-later */ /* double elements (erbium/record.h er_new_record with sizeof (double),
   ER_AT with T = double): a process pair streams i * 0.5 and the consumer
   checks each value and the exact sum.  */
/* { dg-do run } */
/* { dg-output "ok: double elements, sum 4999950000" } */

#include "rt-test.h"

#define N 100000

struct args { er_record *r; };

static void
writer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, 128);
  for (int tl = 0; tl < N; tl += 50)
    {
      er_stall (w, tl + 50);
      for (int i = tl; i < tl + 50; i++)
	ER_AT (w, double, i) = i * 0.5;
      er_commit (w, tl + 50);
    }
}

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (double));
  struct args a = { r };
  er_run (writer, &a, sizeof a);
  er_view *rd = er_new_read_view (r);
  er_register (rd, 1);
  er_alloc (rd, 64);
  double sum = 0;
  int tl = 0;
  for (;;)
    {
      int hd = er_update (rd, tl + 64);
      if (!hd)
	break;
      for (int i = tl; i < hd; i++)
	{
	  double x = ER_AT (rd, double, i);
	  RT_CHECK (x == i * 0.5, "index %d holds %g", i, x);
	  sum += x;
	}
      er_release (rd, hd);
      tl = hd;
    }
  RT_EQ (tl, N);
  RT_CHECK (sum == 0.5 * ((double) N * (N - 1) / 2), "sum %.1f", sum);
  er_wait_all ();
  RT_OK ("double elements, sum %.0f", sum * 2);
  return 0;
}
