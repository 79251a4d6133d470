/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A burst may be as large as the horizon (erbium/sync.h er_stall: an I
   more than h above the commit index is a misuse, I == commit + h is
   fine; paper Figure 2 bursts).  Writer and reader both use horizon 16 and
   bursts of exactly 16 over 16000 elements, through a process pair.  */
/* { dg-do run } */
/* { dg-output "ok: bursts equal to the horizon" } */

#include "rt-test.h"

#define H 16
#define N (H * 1000)

struct args { er_record *r; };

static void
writer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, H);
  for (int tl = 0; tl < N; tl += H)
    {
      er_stall (w, tl + H);
      int32_t *q = er_burst (w, tl, H);
      for (int k = 0; k < H; k++)
	q[k] = rt_val (tl + k);
      er_commit (w, tl + H);
    }
}

static long total;

static void
reader (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, 1);
  er_alloc (rd, H);
  int tl = 0;
  for (;;)
    {
      int hd = er_update (rd, tl + H);
      if (!hd)
	break;
      RT_EQ (hd, tl + H);
      const int32_t *q = er_burst (rd, tl, H);
      for (int k = 0; k < H; k++)
	RT_EQ (q[k], rt_val (tl + k));
      er_release (rd, hd);
      tl = hd;
    }
  total = tl;
}

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  struct args a = { r };
  er_run (writer, &a, sizeof a);
  er_run (reader, &a, sizeof a);
  er_wait_all ();
  RT_EQ (total, N);
  RT_OK ("bursts equal to the horizon");
  return 0;
}
