/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Dynamic process creation (paper section 3, "Creation"): processes run
   processes.  A chain of DEPTH stages is built recursively: each stage
   runs the next one, connected by a fresh record, and adds 1 to every
   element it forwards.  */
/* { dg-do run } */
/* { dg-output "ok: dynamic processes" } */

#include "er-run.h"

#define N 3000
#define DEPTH 5

static _Atomic long total;

process stage (record(int) in, int depth)
{
  view(int) r = new_read_view (in);
  register_view (r);
  alloc (r, 16);
  if (depth == 0)
    {
      long s = 0;
      int tl = 0, hd;
      while ((hd = update (r, tl + 4)) != 0)
	{
	  for (int i = tl; i < hd; i++)
	    s += r[i];
	  release (r, hd);
	  tl = hd;
	}
      total = s;
      return;
    }
  record(int) out = new_record (1, 1);
  run stage (out, depth - 1);
  view(int) w = new_write_view (out);
  register_view (w);
  alloc (w, 16);
  int tl = 0, hd;
  while ((hd = update (r, tl + 4)) != 0)
    {
      stall (w, hd);
      for (int i = tl; i < hd; i++)
	w[i] = r[i] + 1;
      commit (w, hd);
      release (r, hd);
      tl = hd;
    }
  free_view (w, ER_TERMINATE);
}

process source (record(int) out)
{
  view(int) w = new_write_view (out);
  register_view (w);
  alloc (w, 16);
  for (int i = 0; i < N; i++)
    {
      stall (w, i + 1);
      w[i] = i;
      commit (w, i + 1);
    }
}

int
main (void)
{
  record(int) re = new_record (1, 1);
  run stage (re, DEPTH);
  run source (re);
  er_wait_all ();
  RT_EQ (total, (long) N * (N - 1) / 2 + (long) DEPTH * N);
  RT_OK ("dynamic processes");
  return 0;
}
