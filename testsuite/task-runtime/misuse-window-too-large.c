/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: an access whose window no stream buffer can hold (the buffer
   holds four windows, at most 2^31 elements and 2^40 bytes:
   erbium/task.h, er_task_create): a window of 2^23 elements of 64 KiB
   (2^39 bytes) passes the element bound and not the byte bound; the
   program stops at the creation, naming the site, the access, the
   stream and the sizes, instead of leaving the stream without a
   buffer.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-shouldfail "misuse" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: task_create at task site \[^:\]*misuse-window-too-large.c:\[0-9\]+: access 0, output of stream big: a window of 8388608 elements of 65536 bytes is more than a stream buffer holds \\(2\\^29 elements and 2\\^38 bytes at most\\)" } */

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
  er_stream *big = er_stream_new ((size_t) 1 << 16, "big");
  printf ("reached the misuse\n");
  fflush (stdout);
  TR_TASK (site, unused, TR_OUT (big, (int64_t) 1 << 23));
  printf ("error: the misuse was not reported\n");
  (void) unused;
  return 0;
}
