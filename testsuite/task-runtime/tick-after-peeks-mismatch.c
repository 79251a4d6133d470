/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A tick after peeks must discard the window they share: its count must
   be the horizon of the last peek created since the stream's last input
   or tick (OMP-STREAM-SPEC.md 6.4; erbium/task.h, er_stream_tick).  The
   matching tick (4 after peeks of 4) passes, and so does an input after
   peeks (nothing checks its horizon); a tick of 3 after peeks of 2 and 4
   stops the program with a message naming the stream, the count, the
   window and the site of the last peek.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-shouldfail "tick after peeks of another horizon" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: tick \\(quad >> 3\\): the peeks of stream quad created since its last input or tick share the window \\\[6, 10\\), and the last of them \\(task site \[^)\]*tick-after-peeks-mismatch.c:\[0-9\]+\\) has horizon 4" } */

#include "task-rt.h"

static void
nothing (void *args, void *const *win)
{
  (void) args, (void) win;
}

static er_site writer = TR_SITE (nothing);
static er_site peeker = TR_SITE (nothing);
static er_site reader = TR_SITE (nothing);

int
main (void)
{
  int unused = 0;
  er_stream *x = er_stream_new (sizeof (int32_t), "quad");
  TR_TASK (writer, unused, TR_OUT (x, 8));
  TR_TASK (peeker, unused, TR_PEEK (x, 4));
  TR_TASK (peeker, unused, TR_PEEK (x, 4));
  er_stream_tick (x, 4);
  TR_TASK (peeker, unused, TR_PEEK (x, 1));
  TR_TASK (reader, unused, TR_IN (x, 2, 2));
  TR_TASK (writer, unused, TR_OUT (x, 8));
  TR_TASK (peeker, unused, TR_PEEK (x, 2));
  TR_TASK (peeker, unused, TR_PEEK (x, 4));
  er_taskwait ();
  printf ("reached the misuse\n");
  fflush (stdout);
  er_stream_tick (x, 3);
  printf ("error: the misuse was not reported\n");
  return 0;
}
