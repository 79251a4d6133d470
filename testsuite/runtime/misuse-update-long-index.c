/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: a 64-bit index far above the window is exact, so update
   reports it as a burst larger than the horizon instead of reading it
   modulo 2^32 (erbium/sync.h, "Indices" and er_xlat: an index that no
   32-bit int or unsigned int holds is read exactly; er_update: an I more
   than the view's horizon above its release index is a misuse).  With
   horizon 8 and indices 0..16 committed, update(2^32 + 5) is reported;
   modulo 2^32 it would have been update(5), granted.
   The runtime must print a message naming the record, the view, the index
   and the rule, then abort (erbium/record.h, erbium/sync.h: misuse is
   reported on stderr and aborts; nothing returns an error code).  */
/* { dg-do run } */
/* { dg-shouldfail "update of a 64-bit index above the horizon" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: update\\(record \[0-9\]+ read view \[0-9\]+ \\(id 1\\), 4294967301\\): burst larger than the horizon: release index 0, horizon 8, so update can observe at most index 8" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r);
  er_register (w, 1);
  er_register (rd, 1);
  er_alloc (w, 16);
  er_alloc (rd, 8);
  er_stall (w, 16);
  er_commit (w, 16);
  printf ("reached the misuse\n");
  fflush (stdout);
  er_update (rd, (1L << 32) + 5);
  printf ("error: the misuse was not reported\n");
  return 0;
}
