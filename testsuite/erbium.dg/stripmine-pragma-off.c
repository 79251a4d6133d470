/* SPDX-License-Identifier: GPL-3.0-or-later */ /* With -fplugin-arg-erbium-stripmine=0 no loop is strip-mined, so every
   #pragma erbium burst gets its -Werbium-burst-pragma warning, saying so;
   a pragma in a function without stream primitives says that no loop
   with them follows it (the pass runs on that function when strip-mining
   is on: stripmine-pragma-ignored.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-erbium-stripmine=0" } */

#include <erbium.h>

int sum;

process consumer (record(int) re)
{
  view(int) r = new_read_view(re);
  register_view(r);
  alloc(r, 1024);
  int s = 0;
#pragma erbium burst(256) /* { dg-warning ".#pragma erbium burst. ignored: strip-mining is off \\(-fplugin-arg-erbium-stripmine=0\\)" } */
  for (int i = 0; i < 50000; i++)
    {
      update (r, i + 1);
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
