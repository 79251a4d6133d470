/* SPDX-License-Identifier: GPL-3.0-or-later */ /* When growing a buffer cannot help, a deadlock is reported
   (erbium/task.h; erbium/process.h, ER_EXIT_DEADLOCK): a reader of
   horizon 3 on xs[1] (an array of streams) gets positions [0, 3), but
   only two writers are created; at exit every instance has finished but
   that reader, which waits for position 2 forever.  The report names
   the instance's site and number, the stream, the positions it waits
   for and what was written, and main waiting for it at the end of the
   program (in any order); exit status 70.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-shouldfail "deadlock, exit status 70" } */
/* { dg-output "erbium: deadlock: (?=.*\\(task site \[^,\]*deadlock-unwritten-positions.c:\[0-9\]+, instance 0\\) waits for positions \\\[0, 3\\) of stream xs\\\[1\\\] \\(input, horizon 3, burst 3\\): written below 2 \\(commit frontier\\), write counter 2 \\(no writer created for positions 2 \\.\\. 2\\))(?=.*main thread waits at the end of the program for the task instances: 1 not finished).*child exit status 70" } */

#include "task-rt.h"

static void
write_one (void *args, void *const *win)
{
  *(int32_t *) win[0] = *(int *) args;
}

static void
read_three (void *args, void *const *win)
{
  (void) args, (void) win;
  printf ("error: the reader ran\n");
  exit (1);
}

static er_site reader = TR_SITE (read_three);
static er_site writer = TR_SITE (write_one);

static int
scenario (void)
{
  er_stream *xs[2];
  er_stream_new_array (xs, 2, sizeof (int32_t), "xs");
  int k = 0;
  TR_TASK (reader, k, TR_IN (xs[1], 3, 3));
  TR_TASK (writer, k, TR_OUT (xs[1], 1));
  TR_TASK (writer, k, TR_OUT (xs[1], 1));
  er_stream_release (xs[0]);
  er_stream_release (xs[1]);
  return 0;
}

int
main (void)
{
  return rt_expect_deadlock (scenario);
}
