/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: with ERBIUM_CHECK=1, an element access at a 64-bit index far
   outside the window is reported with that index, not read modulo 2^32
   (erbium/sync.h, "Indices" and er_elem: an index that no 32-bit int or
   unsigned int holds is checked exactly).  After update(6) and
   release(2), index 3 is in the window and index 2^32 + 3, which is 3
   modulo 2^32, is reported.  */
/* { dg-do run } */
/* { dg-set-target-env-var ERBIUM_CHECK "1" } */
/* { dg-shouldfail "read access at a 64-bit index outside the window" } */
/* { dg-output "in-window read ok\[^\n\]*\n.*erbium: error: element access record \[0-9\]+ read view \[0-9\]+ \\(id 1\\) at index 4294967299: index outside the horizon, window is \\\[2, 6\\)" } */

#include "rt-test.h"

int
main (void)
{
  RT_EQ (er_checking (), 1);
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r);
  er_register (w, 1);
  er_register (rd, 1);
  er_alloc (w, 8);
  er_alloc (rd, 8);
  rt_write_range (w, 0, 8, 8);
  RT_EQ (er_update (rd, 6), 6);
  er_release (rd, 2);
  RT_EQ (ER_AT (rd, int32_t, 3L), rt_val (3));
  printf ("in-window read ok\n");
  fflush (stdout);
  volatile int32_t x = ER_AT (rd, int32_t, (1L << 32) + 3);
  printf ("error: read index 2^32 + 3 = %d without a report\n", x);
  return 0;
}
