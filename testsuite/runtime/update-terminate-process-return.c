/* SPDX-License-Identifier: GPL-3.0-or-later */ /* An explicit or implicit return terminates a process (paper section 3,
   "Termination"; erbium/process.h): the views it still owns are freed with
   ER_TERMINATE, so a reader's update returns the terminal commit index
   once and then 0.  This is the paper's Figure 2 consumer loop, with a
   producer that commits 0..29 in bursts of 4 and returns without freeing
   its view; the consumer reads in bursts of 8.  */
/* { dg-do run } */
/* { dg-output "consumer: 30 elements, last update 6, then 0\[^\n\]*\n.*ok: process return terminates" } */

#include "rt-test.h"

#define N 30

struct args { er_record *r; };

static void
producer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, 8);
  rt_write_range (w, 0, N, 4);
  /* No free_view: returning terminates the stream.  */
}

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  struct args a = { r };
  er_run (producer, &a, sizeof a);

  er_view *rd = er_new_read_view (r);
  er_register (rd, 1);
  er_alloc (rd, 8);
  int tl = 0, hd, last = -1, n = 0;
  long sum = 0, expect = 0;
  for (;;)
    {
      hd = tl + 8;
      er_receive (rd, hd);
      hd = er_update (rd, hd);
      if (!hd)
	break;
      RT_CHECK (hd > tl, "update returned %d at %d", hd, tl);
      last = hd - tl;
      for (int i = tl; i < hd; i++, n++)
	{
	  RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
	  sum += ER_AT (rd, int32_t, i);
	}
      er_release (rd, hd);
      tl = hd;
    }
  for (int i = 0; i < N; i++)
    expect += rt_val (i);
  RT_EQ (n, N);
  RT_EQ (sum, expect);
  RT_EQ (er_update (rd, tl + 1), 0);
  printf ("consumer: %d elements, last update %d, then 0\n", n, last);
  er_wait_all ();
  RT_OK ("process return terminates its streams");
  return 0;
}
