/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Termination (paper section 3): the producer frees its view with the
   termination argument after a number of elements that is no multiple of
   the consumer's burst; update returns the smaller terminal index once,
   then 0.  A process's implicit return terminates its views too.  */
/* { dg-do run } */
/* { dg-output "last burst 1000 -> 1003, then 0\[^\n\]*\n.*ok: termination" } */

#include "er-run.h"

#define N 1003

process producer (record(long) re)
{
  view(long) w = new_write_view (re);
  register_view (w);
  alloc (w, 10);
  for (int i = 0; i < N; i++)
    {
      stall (w, i + 1);
      w[i] = (long) i * i;
      commit (w, i + 1);
    }
  free_view (w, ER_TERMINATE);
}

/* Terminates through the implicit return.  */
process short_producer (record(long) re)
{
  view(long) w = new_write_view (re);
  register_view (w);
  alloc (w, 4);
  stall (w, 3);
  w[0] = 5; w[1] = 6; w[2] = 7;
  commit (w, 3);
}

int
main (void)
{
  record(long) re = new_record (1, 1);
  run producer (re);
  view(long) r = new_read_view (re);
  register_view (r);
  alloc (r, 10);
  int tl = 0, hd, last = 0;
  for (;;)
    {
      hd = update (r, tl + 10);
      if (!hd)
	break;
      for (int i = tl; i < hd; i++)
	RT_EQ (r[i], (long) i * i);
      release (r, hd);
      last = tl;
      tl = hd;
    }
  printf ("last burst %d -> %d, then 0\n", last, tl);
  RT_EQ (tl, N);
  RT_EQ (update (r, tl + 10), 0);

  record(long) re2 = new_record (1, 1);
  run short_producer (re2);
  view(long) r2 = new_read_view (re2);
  register_view (r2);
  alloc (r2, 4);
  RT_EQ (update (r2, 4), 3);
  RT_EQ (r2[0] + r2[1] + r2[2], 18);
  RT_EQ (update (r2, 4), 0);
  RT_OK ("termination");
  return 0;
}
