/* SPDX-License-Identifier: GPL-3.0-or-later */ /* main.c -- one unit of testsuite/lto/lto.exp's separately compiled
   program (units.h): the consumer process and main, which checks the sum
   of the UNITS_N values the producer of producer.c wrote.  lto.exp cites
   the line of the consumer's loop (17).  */

#include <stdio.h>
#include "units.h"

long long sum;

process consumer (record(int) re)
{
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, 4096);
  long long s = 0;
  for (int i = 0; i < UNITS_N; i++)
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
  run producer (re);
  run consumer (re);
  er_wait_all ();
  long long expect = (long long) UNITS_N * (UNITS_N - 1) / 2;
  printf ("units: sum %lld %s\n", sum, sum == expect ? "ok" : "WRONG");
  return sum != expect;
}
