/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Broadcast: one writer, four registered readers (paper section 3,
   "Data streaming"): every reader sees the whole stream.  */
/* { dg-do run } */
/* { dg-output "ok: broadcast" } */

#include "er-run.h"

#define N 10000
#define NR 4

static _Atomic long sums[NR + 1];

process writer (record(int) re)
{
  view(int) w = new_write_view (re);
  register_view (w, 1);
  alloc (w, 32);
  for (int tl = 0; tl < N; tl += 8)
    {
      stall (w, tl + 8);
      for (int i = tl; i < tl + 8; i++)
	w[i] = rt_val (i);
      commit (w, tl + 8);
    }
  free_view (w, ER_TERMINATE);
}

process reader (record(int) re)
{
  view(int) r = new_read_view (re);
  int id = register_view (r);	/* the lowest free id: 1..NR */
  RT_CHECK (id >= 1 && id <= NR, "register_view gave id %d", id);
  alloc (r, 16);
  long s = 0;
  int tl = 0, hd;
  while ((hd = update (r, tl + 5)) != 0)
    {
      for (int i = tl; i < hd; i++)
	{
	  RT_EQ (r[i], rt_val (i));
	  s += r[i];
	}
      release (r, hd);
      tl = hd;
    }
  RT_EQ (tl, N);
  RT_EQ (sums[id], 0);		/* ids are distinct */
  sums[id] = s;
}

int
main (void)
{
  record(int) re = new_record (1, NR);
  run writer (re);
  for (int k = 1; k <= NR; k++)
    run reader (re);
  er_wait_all ();
  long expect = 0;
  for (int i = 0; i < N; i++)
    expect += rt_val (i);
  for (int k = 1; k <= NR; k++)
    RT_EQ (sums[k], expect);
  RT_OK ("broadcast");
  return 0;
}
