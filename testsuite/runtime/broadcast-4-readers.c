/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Broadcast (paper section 3, "Simple example": run several consumers with
   their own ids and set rreg accordingly): one writer, four registered
   readers with different horizons and bursts; each reader sees every
   element, in order, with its value, and the writer never overwrites an
   element some reader has not released.  */
/* { dg-do run } */
/* { dg-output "ok: broadcast to 4 readers" } */

#include "rt-test.h"

#define N 100000
#define R 4

struct args { er_record *r; int id; };

static void
writer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, 128);
  rt_write_range (w, 0, N, 32);
}

static _Atomic long count[R + 1];
static long sums[R + 1];

static void
reader (void *p)
{
  struct args *a = p;
  static const int horizon[R + 1] = { 0, 8, 16, 33, 64 };
  static const int burst[R + 1] = { 0, 8, 5, 33, 17 };
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, a->id);
  er_alloc (rd, horizon[a->id]);
  int tl = 0;
  long sum = 0;
  for (;;)
    {
      int hd = er_update (rd, tl + burst[a->id]);
      if (!hd)
	break;
      const int32_t *q = er_burst (rd, tl, hd - tl);
      for (int i = tl; i < hd; i++)
	{
	  RT_CHECK (q[i - tl] == rt_val (i), "reader %d: index %d holds %d",
		    a->id, i, q[i - tl]);
	  sum += q[i - tl];
	}
      er_release (rd, hd);
      tl = hd;
    }
  sums[a->id] = sum;
  atomic_store (&count[a->id], tl);
}

int
main (void)
{
  er_record *r = er_new_record (1, R, sizeof (int32_t));
  struct args a = { r, 0 };
  for (a.id = 1; a.id <= R; a.id++)
    er_run (reader, &a, sizeof a);
  er_run (writer, &a, sizeof a);
  er_wait_all ();
  long expect = 0;
  for (int i = 0; i < N; i++)
    expect += rt_val (i);
  for (int k = 1; k <= R; k++)
    {
      RT_EQ (atomic_load (&count[k]), N);
      RT_EQ (sums[k], expect);
    }
  RT_OK ("broadcast to 4 readers");
  return 0;
}
