/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: er_new_record with a negative registration count
   (erbium/record.h: WREG, RREG >= 0).  */
/* { dg-do run } */
/* { dg-shouldfail "negative wreg" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: new_record\\(-1, 0\\): negative registration count" } */

#include "rt-test.h"

int
main (void)
{
  printf ("reached the misuse\n");
  fflush (stdout);
  er_new_record (-1, 0, sizeof (int));
  printf ("error: the misuse was not reported\n");
  return 0;
}
