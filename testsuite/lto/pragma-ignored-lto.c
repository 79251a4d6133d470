/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Link-time optimisation: a #pragma erbium burst that chooses no loop's
   burst is reported at the link, where the strip-miner runs (lto1), at
   the pragma's line, with the reason.  pragma-off-lto.c turns the
   warning off in cc1.  */
/* { dg-do link } */
/* { dg-options "-O3 -flto" } */

#include <erbium.h>

int sum;

process consumer (record(int) re)
{
  view(int) r = new_read_view(re);
  register_view(r);
  alloc(r, 1024);
  int i, s = 0;
#pragma erbium burst(256) /* { dg-warning ".#pragma erbium burst. ignored: the loop at line 19 is not strip-mined \\(more than one exit" } */
  for (i = 0; i < 50000; i++)
    {
      update (r, i + 1);
      if (r[i] < 0)
	break;
      s += r[i];
      release (r, i + 1);
    }
#pragma erbium burst(128) /* { dg-warning ".#pragma erbium burst. ignored: the loop at line 28 is not strip-mined" } */
  for (; i < 100000; i++)
    {
      update (r, i + 1);
      if (r[i] < 0)
	break;
      s += r[i];
      release (r, i + 1);
    }
  sum = s;
}

int
main (void)
{
  record(int) re = new_record (1, 1);
  run consumer (re);
  return 0;
}
