/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Run-time diagnostic: a tick whose count is not the horizon of the
   peeks pending on its stream stops the program with a message naming
   the stream, the tick's count and the peek's horizon (OMP-STREAM-SPEC.md
   6.4, 7: "TICK burst of %d elements does not match the burst %d of
   preceding PEEK operations"; task.h, er_stream_tick).  A writer of 40
   elements on the stream samples, a peek of 40, then tick (samples >> 24).
   The message's wording is not fixed: the test wants, after the
   program's own line, the word tick and the stream's name samples (in
   either order) and the numbers 24 and 40 somewhere; and the program must
   not go on past the tick.  */
/* { dg-do run } */
/* { dg-shouldfail "tick count 24 against a pending peek of 40" } */
/* { dg-output "before the tick\[^\n\]*\n(?=.*\[^0-9\]24\[^0-9\])(?=.*\[^0-9\]40\[^0-9\]).*(\[Tt\]\[Ii\]\[Cc\]\[Kk\].*samples|samples.*\[Tt\]\[Ii\]\[Cc\]\[Kk\])" } */

#include "check.h"

int
main (void)
{
  int samples __attribute__ ((stream));
  int w[40], p[40];
  int sum = -1;
  int *sp = &sum;

#pragma omp task output (samples << w[40])
  for (int k = 0; k < 40; k++)
    w[k] = k;
#pragma omp task peek (samples >> p[40]) firstprivate (sp)
  *sp = p[0] + p[39];

  printf ("before the tick\n");
  fflush (stdout);
#pragma omp tick (samples >> 24)

#pragma omp taskwait
  printf ("not reached: the program went on past the tick\n");
  return 0;
}
