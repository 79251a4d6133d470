/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Hand-over (paper section 3, "Creation" and "Termination"): a write view
   freed without the termination argument leaves its id to the next view
   that registers it; the one-argument register_view takes that id, and
   the reader sees one uninterrupted stream.  */
/* { dg-do run } */
/* { dg-output "ok: hand-over" } */

#include "er-run.h"

#define N 40

static _Atomic long a_done;

process writer_a (record(int) re)
{
  view(int) w = new_write_view (re);
  RT_EQ (register_view (w), 1);
  alloc (w, 8);
  for (int i = 0; i < N / 2; i++)
    {
      stall (w, i + 1);
      w[i] = rt_val (i);
      commit (w, i + 1);
    }
  free_view (w);		/* hand-over */
  a_done = 1;
}

process writer_b (record(int) re)
{
  view(int) w = new_write_view (re);
  RT_EQ (register_view (w), 1);	/* takes over id 1 */
  RT_EQ (rt_info ((er_view *) w).commit_or_release, N / 2);
  alloc (w, 8);
  for (int i = N / 2; i < N; i++)
    {
      stall (w, i + 1);
      w[i] = rt_val (i);
      commit (w, i + 1);
    }
  free_view (w, ER_TERMINATE);
}

int
main (void)
{
  record(int) re = new_record (1, 1);
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, 8);
  run writer_a (re);
  int tl = 0, hd, b_started = 0;
  while ((hd = update (r, tl + 3)) != 0)
    {
      for (int i = tl; i < hd; i++)
	RT_EQ (r[i], rt_val (i));
      release (r, hd);
      tl = hd;
      if (tl + 3 > N / 2 && !b_started)
	{
	  /* Writer A stops at N / 2 without terminating: start B once it
	     has freed its view.  */
	  rt_wait_at_least (&a_done, 1, "writer A");
	  run writer_b (re);
	  b_started = 1;
	}
    }
  RT_EQ (tl, N);
  RT_OK ("hand-over");
  return 0;
}
