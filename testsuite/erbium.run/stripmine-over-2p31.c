/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining (paper section 4) a counted element loop that runs more
   than 2^31 times: the burst counter and the induction variables it
   recomputes (a 64-bit count C) must not wrap where the loop's own do
   not, and the grants must follow indices past 2^31 (an int index that
   wraps, as docs/runtime.md allows) and past 2^32 (a long index).  The
   producer commits in jumps of 2^15 without writing elements; the
   consumers only count.  The int-index consumer runs twice: with the
   producer's horizon 2^16 and 2^15 (with a counter that wrapped, the
   first counted N - 2^32 and the second deadlocked at index 2^31).  Each
   stream takes a few hundredths of a second strip-mined, seconds
   element by element.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-options "-O2 -fplugin-arg-erbium-dump=erbium-stripmine" } */
/* { dg-output "int indices, horizon 65536: 2147484000 iterations, counted 2147484000\[^\n\]*\n.*int indices, horizon 32768: 2147484000 iterations, counted 2147484000\[^\n\]*\n.*long indices, horizon 32768: 4294967648 iterations, counted 4294967648\[^\n\]*\n.*ok: stripmine-over-2p31" } */
/* { dg-final { scan-plugin-dump {loop at line 44: strip-mined, burst [0-9]+ .*; update at line 46 granted at the burst's head, release at line 48 once after the burst} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 60: strip-mined, burst [0-9]+ .*; update at line 62 granted at the burst's head, release at line 64 once after the burst} erbium-stripmine } } */

#include "er-run.h"

/* Commit TOTAL indices in jumps of 2^LG with a horizon of 2^HLG.  */
process producer (record(int) re, long total, int lg, int hlg)
{
  view(int) w = new_write_view (re);
  register_view (w);
  alloc (w, 1 << hlg);
  long tl = 0;
  while (tl < total)
    {
      long hd = tl + (1L << lg);
      stall (w, hd);
      commit (w, hd);
      tl = hd;
    }
}

/* Count N elements, indices passed as (int) k.  */
process consumer_int (record(int) re, unsigned n, unsigned long long *cnt)
{
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, 4096);
  unsigned long long c = 0;
  for (unsigned k = 0; k != n; k++)
    {
      update (r, (int) (k + 1));
      c++;
      release (r, (int) (k + 1));
    }
  *cnt = c;
}

/* Count N elements with long indices.  */
process consumer_long (record(int) re, long n, unsigned long long *cnt)
{
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, 4096);
  unsigned long long c = 0;
  for (long k = 0; k != n; k++)
    {
      update (r, k + 1);
      c++;
      release (r, k + 1);
    }
  *cnt = c;
}

static void
stream (int hlg, int wide)
{
  const int lg = 15;
  unsigned long long n = wide ? (1ull << 32) + 352 : (1ull << 31) + 352;
  static unsigned long long cnt;
  cnt = 0;
  record(int) re = new_record (1, 1);
  run producer (re, (long) n + (1L << lg), lg, hlg);
  if (wide)
    run consumer_long (re, (long) n, &cnt);
  else
    run consumer_int (re, (unsigned) n, &cnt);
  er_wait_all ();
  printf ("%s indices, horizon %d: %llu iterations, counted %llu\n",
	  wide ? "long" : "int", 1 << hlg, n, cnt);
  RT_EQ (cnt, n);
}

int
main (void)
{
  stream (16, 0);
  stream (15, 0);
  stream (15, 1);
  RT_OK ("stripmine-over-2p31");
  return 0;
}
