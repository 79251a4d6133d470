/* SPDX-License-Identifier: GPL-3.0-or-later */ /* producer.c -- one unit of testsuite/lto/lto.exp's separately compiled
   program (units.h): the producer process, whose element-at-a-time loop
   has its own burst.  lto.exp cites the lines of the pragma (20) and of
   the loop (21).  */

#include "units.h"

/* The values written: the index itself.  */
static int
value (int i)
{
  return i;
}

process producer (record(int) re)
{
  view(int) w = new_write_view (re);
  register_view (w);
  alloc (w, 4096);
#pragma erbium burst(128)
  for (int i = 0; i < UNITS_N; i++)
    {
      stall (w, i + 1);
      w[i] = value (i);
      commit (w, i + 1);
    }
}
