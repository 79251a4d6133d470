/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining (paper section 4) an element loop with no bound of its
   own, which stops when update returns less than its index (the stream
   ended), over more than 2^31 elements: the burst counter and the 64-bit
   count C recomputed from it must not wrap where the loop's own
   variables do not.  The int-index consumer (an unsigned k, indices
   passed as (int) (k + 1) and compared as ints) reads 2^31 + 352
   elements; the long-index one 2^32 + 352.  The producer commits in
   jumps of 2^15 without writing elements, then returns (which ends the
   stream).  With a counter that wrapped, C came out as N - 2^32.  Each
   stream takes a few hundredths of a second strip-mined, seconds element
   by element.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-options "-O2 -fplugin-arg-erbium-dump=erbium-stripmine" } */
/* { dg-output "int indices: 2147484000 elements, counted 2147484000\[^\n\]*\n.*long indices: 4294967648 elements, counted 4294967648\[^\n\]*\n.*ok: stripmine-over-2p31-term" } */
/* { dg-final { scan-plugin-dump {loop at line (4[5-9]|50): strip-mined, burst [0-9]+ .*; termination tests kept in the element path} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line (6[3-8]): strip-mined, burst [0-9]+ .*; termination tests kept in the element path} erbium-stripmine } } */

#include "er-run.h"

/* Commit TOTAL indices in jumps of at most 2^15, then end the stream.  */
process producer (record(int) re, long total)
{
  view(int) w = new_write_view (re);
  register_view (w);
  alloc (w, 1 << 16);
  long tl = 0;
  while (tl < total)
    {
      long hd = total - tl < (1L << 15) ? total : tl + (1L << 15);
      stall (w, hd);
      commit (w, hd);
      tl = hd;
    }
}

/* Count the elements until the stream ends, int indices.  */
process consumer_int (record(int) re, unsigned long long *cnt)
{
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, 4096);
  unsigned long long c = 0;
  for (unsigned k = 0;; k++)
    {
      int h = update (r, (int) (k + 1));
      if (h != (int) (k + 1))
	break;
      c++;
      release (r, (int) (k + 1));
    }
  *cnt = c;
}

/* The same with long indices.  */
process consumer_long (record(int) re, unsigned long long *cnt)
{
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, 4096);
  unsigned long long c = 0;
  for (long k = 0;; k++)
    {
      if (update (r, k + 1) <= k)
	break;
      c++;
      release (r, k + 1);
    }
  *cnt = c;
}

static void
stream (int wide)
{
  unsigned long long n = wide ? (1ull << 32) + 352 : (1ull << 31) + 352;
  static unsigned long long cnt;
  cnt = 0;
  record(int) re = new_record (1, 1);
  run producer (re, (long) n);
  if (wide)
    run consumer_long (re, &cnt);
  else
    run consumer_int (re, &cnt);
  er_wait_all ();
  printf ("%s indices: %llu elements, counted %llu\n",
	  wide ? "long" : "int", n, cnt);
  RT_EQ (cnt, n);
}

int
main (void)
{
  stream (0);
  stream (1);
  RT_OK ("stripmine-over-2p31-term");
  return 0;
}
