/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A subscript v[i] is element I, exactly, whatever I's type (docs/language.md;
   erbium/sync.h, "Indices"): a long I that no 32-bit int or
   unsigned int holds is not reduced modulo 2^32.  The write view's window
   is [-4, 4) after stall (w, 4); elements 0..3 are written and read back,
   through int and long subscripts; then, with ERBIUM_CHECK=1, element
   2^32 + 2 (which is 2 modulo 2^32) is reported as outside the window,
   with the record, the view and the exact index.  */
/* { dg-do run } */
/* { dg-set-target-env-var ERBIUM_CHECK "1" } */
/* { dg-shouldfail "long subscript outside the window" } */
/* { dg-output "in-window elements ok\[^\n\]*\n.*erbium: error: element access record \[0-9\]+ write view \[0-9\]+ \\(unregistered\\) at index 4294967298: index outside the horizon, window is \\\[-4, 4\\)" } */

#include "er-run.h"

int
main (void)
{
  record(int) re = new_record (0, 0);
  view(int) w = new_write_view (re);
  alloc (w, 8);
  stall (w, 4);
  for (int i = 0; i < 4; i++)
    w[i] = 10 + i;
  long one = 1;
  w[one] = 21;
  w[3L] = 23;
  RT_EQ (w[0], 10);
  RT_EQ (w[one], 21);
  RT_EQ (w[2L], 12);
  RT_EQ (w[3], 23);
  printf ("in-window elements ok\n");
  fflush (stdout);
  long big = (1L << 32) + 2;
  w[big] = 99;
  printf ("error: element 2^32 + 2 written without a report; w[2] = %d\n",
	  w[2]);
  commit (w, 4);
  return 0;
}
