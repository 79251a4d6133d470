/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Figure 2's consumer idiom `hd = update (v, hd); if (!hd) break;' is
   correct for any stream length with 64-bit indices (erbium/sync.h,
   "Indices": the primitives take and return er_index, and update returns
   0 only at the end of the stream).  The producer commits 2^32 + 2^20 + 3
   indices, in jumps of its horizon (2^20) and then 3, writing only the
   elements from index 2^32 on, and returns (which terminates its view);
   the consumer updates in bursts of 2^16, which divides 2^32, with long
   variables, and checks the elements from 2^32 on through long
   subscripts.  Its last update returns the terminal index 2^32 + 2^20 + 3
   (not its argument) once, then 0.  With int indices the same loop stops
   at 2^32 (update-int-wraps.c).  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "consumer: 4296015875 indices, 1048579 checked, last update 4296015875 then 0\[^\n\]*\n.*ok: update-long-2p32" } */

#include "er-run.h"

#define P (1L << 20)		/* producer's horizon and jump */
#define B (1L << 16)		/* consumer's burst */
#define BASE (1L << 32)		/* first element written and checked */
#define TOTAL (BASE + P + 3)

/* The value of element I.  */
static int
val (long i)
{
  return (int) (i - BASE) * 7 + 1;
}

process producer (record(int) re)
{
  view(int) w = new_write_view (re);
  register_view (w);
  alloc (w, P);
  long tl = 0;
  while (tl < TOTAL)
    {
      long hd = tl + P <= TOTAL ? tl + P : TOTAL;
      stall (w, hd);
      for (long i = tl > BASE ? tl : BASE; i < hd; i++)
	w[i] = val (i);
      commit (w, hd);
      tl = hd;
    }
}

process consumer (record(int) re, long *count, long *checked, long *last)
{
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, B);
  long tl = 0, hd;
  for (;;)
    {
      hd = tl + B;
      hd = update (r, hd);
      if (!hd)
	break;
      *last = hd;
      for (long i = tl > BASE ? tl : BASE; i < hd; i++)
	{
	  RT_EQ (r[i], val (i));
	  ++*checked;
	}
      *count += hd - tl;
      release (r, hd);
      tl = hd;
    }
}

int
main (void)
{
  static long count, checked, last;
  record(int) re = new_record (1, 1);
  run producer (re);
  run consumer (re, &count, &checked, &last);
  er_wait_all ();
  printf ("consumer: %ld indices, %ld checked, last update %ld then 0\n",
	  count, checked, last);
  RT_EQ (count, TOTAL);
  RT_EQ (checked, TOTAL - BASE);
  RT_EQ (last, TOTAL);
  RT_OK ("update-long-2p32");
  return 0;
}
