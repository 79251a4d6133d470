/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: er_new_record with an element size above 1 MiB (erbium/record.h:
   elements of ESIZE bytes, 1..2^20).  */
/* { dg-do run } */
/* { dg-shouldfail "element size 2^20 + 1" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: new_record: invalid element size 1048577 bytes" } */

#include "rt-test.h"

int
main (void)
{
  printf ("reached the misuse\n");
  fflush (stdout);
  er_new_record (1, 1, ((size_t) 1 << 20) + 1);
  printf ("error: the misuse was not reported\n");
  return 0;
}
