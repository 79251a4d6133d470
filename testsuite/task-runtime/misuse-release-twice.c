/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: a stream released once more than it was made and
   retained (erbium/task.h, er_stream_release), after instances held and
   dropped their references; a retain and its release pass.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-shouldfail "misuse" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: stream_release: stream r released once more than it was made and retained" } */

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
  er_stream *r = er_stream_new (4, "r");
  er_stream_retain (r);
  TR_TASK (site, unused, TR_OUT (r, 1));
  er_stream_release (r);
  er_taskwait ();
  er_stream_release (r);
  printf ("reached the misuse\n");
  fflush (stdout);
  er_stream_release (r);
  printf ("error: the misuse was not reported\n");
  (void) site, (void) unused;
  return 0;
}
