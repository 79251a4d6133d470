/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The paper's Figure 2 producer-consumer example, transcribed to the C
   API as literally as possible (paper section 3, "Simple example"):
   new_record(1, 1), run producer and consumer, producer bursts of P_BURST
   with stall before the definitions and commit after, consumer bursts of
   C_BURST with receive, update, release, and the two-phase termination
   (the update return value bounds the last burst, the next update returns
   0).  The producer stops at the last whole burst below N, as in the
   figure (hd >= N breaks out of the loop).  */
/* { dg-do run } */
/* { dg-output "consumer sum 1999000 over 2000 elements\[^\n\]*\n.*ok: figure 2" } */

#include "rt-test.h"

#define N 2001
#define P_HORIZ 16
#define P_BURST 8
#define C_HORIZ 8
#define C_BURST 6

static int
foo (int i)
{
  return i;
}

struct args { er_record *re; };

static void
producer (void *p)
{
  er_record *re = ((struct args *) p)->re;
  int tl = 0, hd, i;
  er_view *vi = er_new_write_view (re);
  er_register (vi, 1);
  er_alloc (vi, P_HORIZ);
  while (1)
    {
      hd = tl + P_BURST;
      if (hd >= N)
	break;
      er_stall (vi, hd);
      for (i = tl; i < hd; i++)
	ER_AT (vi, int, i) = foo (i);
      er_commit (vi, hd);
      tl = hd;
    }
}

static long sum;
static int count;

static void
consumer (void *p)
{
  er_record *re = ((struct args *) p)->re;
  int tl = 0, hd, i;
  er_view *vi = er_new_read_view (re);
  er_register (vi, 1);
  er_alloc (vi, C_HORIZ);
  while (1)
    {
      hd = tl + C_BURST;
      er_receive (vi, hd);
      hd = er_update (vi, hd);
      if (!hd)
	break;
      for (i = tl; i < hd; i++)
	{
	  RT_EQ (ER_AT (vi, int, i), foo (i));
	  sum += ER_AT (vi, int, i);
	  count++;
	}
      er_release (vi, hd);
      tl = hd;
    }
}

int
main (void)
{
  er_record *re = er_new_record (1, 1, sizeof (int));
  struct args a = { re };
  er_run (producer, &a, sizeof a);
  er_run (consumer, &a, sizeof a);
  er_wait_all ();
  printf ("consumer sum %ld over %d elements\n", sum, count);
  RT_EQ (count, 2000);
  RT_EQ (sum, 2000L * 1999 / 2);
  RT_OK ("figure 2");
  return 0;
}
