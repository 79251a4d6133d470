/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: a tick of a negative count (erbium/task.h,
   er_stream_tick); a tick of 0 does nothing.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-shouldfail "misuse" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: tick \\(t >> -2\\): negative count" } */

#include "task-rt.h"

static void
nothing (void *args, void *const *win)
{
  (void) args, (void) win;
}

static er_site site = TR_SITE (nothing);

int
main (void)
{
  int unused = 0;
  er_stream *t = er_stream_new (4, "t");
  er_stream_tick (t, 0);
  printf ("reached the misuse\n");
  fflush (stdout);
  er_stream_tick (t, -2);
  printf ("error: the misuse was not reported\n");
  (void) site, (void) unused;
  return 0;
}
