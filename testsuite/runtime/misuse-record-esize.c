/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: er_new_record with an invalid element size (erbium/record.h:
   elements of ESIZE bytes, 1..2^20).  A valid size of 2^20 is accepted,
   0 is reported.  */
/* { dg-do run } */
/* { dg-shouldfail "element size 0" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: new_record: invalid element size 0 bytes" } */

#include "rt-test.h"

int
main (void)
{
  er_record *ok = er_new_record (1, 1, (size_t) 1 << 20);
  RT_EQ (ok->esize, 1 << 20);
  er_record *ok1 = er_new_record (0, 0, 1);
  RT_EQ (ok1->esize, 1);
  printf ("reached the misuse\n");
  fflush (stdout);
  er_new_record (1, 1, 0);
  printf ("error: the misuse was not reported\n");
  return 0;
}
