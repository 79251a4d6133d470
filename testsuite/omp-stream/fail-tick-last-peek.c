/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Run-time diagnostic: the count of a tick must equal the horizon of the
   *last* peek created since the previous input or tick of its stream
   (OMP-STREAM-SPEC.md 6.4: "the most recently created peek becomes the
   consuming view, and the tick's count must equal that peek's horizon";
   task.h, er_stream_tick).  On the stream frames, a first group (one
   peek of 12, tick (frames >> 12)) is correct; the second has a peek of
   12 and then a peek of 30, and tick (frames >> 12) matches the first
   but not the last, so the program stops.  The test wants, after the
   program's line, the word tick, the name frames and the number 30
   (wording not fixed), and the program must not go on.  */
/* { dg-do run } */
/* { dg-shouldfail "tick count 12 against a last pending peek of 30" } */
/* { dg-output "first group closed\[^\n\]*\n(?=.*\[^0-9\]30\[^0-9\]).*(\[Tt\]\[Ii\]\[Cc\]\[Kk\].*frames|frames.*\[Tt\]\[Ii\]\[Cc\]\[Kk\])" } */

#include "check.h"

int
main (void)
{
  int frames __attribute__ ((stream));
  int w[60], a[12], b[30];
  int got[3] = { -1, -1, -1 };
  int *out = got;

#pragma omp task output (frames << w[60])
  for (int k = 0; k < 60; k++)
    w[k] = k;

#pragma omp task peek (frames >> a[12]) firstprivate (out)
  out[0] = a[11];
#pragma omp tick (frames >> 12)
  printf ("first group closed\n");
  fflush (stdout);

#pragma omp task peek (frames >> a[12]) firstprivate (out)
  out[1] = a[11];
#pragma omp task peek (frames >> b[30]) firstprivate (out)
  out[2] = b[29];
#pragma omp tick (frames >> 12)

#pragma omp taskwait
  printf ("not reached: the program went on past the tick\n");
  return 0;
}
