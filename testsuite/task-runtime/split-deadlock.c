/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A deadlock on a site split into 2 workers is reported like any other
   (erbium/task.h, ER_SITE_SPLIT; erbium/process.h, ER_EXIT_DEADLOCK):
   three readers of one position each of x, but two writers; the third
   reader, instance 2 of the site, runs on worker 0 and waits for
   position 2 forever, while worker 1 waits for instances.  The report
   names the stalled instance with its site, its number and its worker,
   the positions it waits for and what was written, and the idle worker;
   exit status 70.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-shouldfail "deadlock, exit status 70" } */
/* { dg-output "erbium: deadlock: (?=.*\\(task site \[^,\]*split-deadlock.c:\[0-9\]+, instance 2, on worker 0 of 2\\) waits for positions \\\[2, 3\\) of stream x \\(input, horizon 1, burst 1\\): written below 2 \\(commit frontier\\), write counter 2 \\(no writer created for positions 2 \\.\\. 2\\))(?=.*\\(worker 1 of 2 of task site \[^ \]*split-deadlock.c:\[0-9\]+\\) waits for instances: none queued).*child exit status 70" } */

#include "task-rt.h"

static int32_t seen[3];

static void
write_one (void *args, void *const *win)
{
  *(int32_t *) win[0] = *(int *) args;
}

static void
read_one (void *args, void *const *win)
{
  seen[*(int *) args] = *(const int32_t *) win[0];
}

static er_site reader = TR_SITE_SPLIT (read_one, 2);
static er_site writer = TR_SITE (write_one);

static int
scenario (void)
{
  er_stream *x = er_stream_new (sizeof (int32_t), "x");
  for (int k = 0; k < 3; k++)
    TR_TASK (reader, k, TR_IN (x, 1, 1));
  for (int k = 0; k < 2; k++)
    TR_TASK (writer, k, TR_OUT (x, 1));
  er_stream_release (x);
  return 0;
}

int
main (void)
{
  return rt_expect_deadlock (scenario);
}
