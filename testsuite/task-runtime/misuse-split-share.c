/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A split site whose flags give a share of the work above 100 % is a
   misuse (erbium/task.h, ER_SITE_SHARE), reported at its first instance
   with the site; abort.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-shouldfail "misuse" } */
/* { dg-output "task site \[^ \]*misuse-split-share.c:\[0-9\]+: flags give a share of the work of 150% \\(rule: ER_SITE_SHARE of 0 \\.\\. 100; erbium/task.h\\)" } */

#include "task-rt.h"

static void
body (void *args, void *const *win)
{
  (void) args, (void) win;
}

static er_site site = { body, __FILE__ ":" TR_STR (__LINE__),
  ER_SITE_SPLIT | ER_SITE_SHARE (150), 0 };

int
main (void)
{
  int k = 0;
  er_stream *x = er_stream_new (sizeof (int32_t), "x");
  TR_TASK (site, k, TR_OUT (x, 1));
  er_stream_release (x);
  er_taskwait ();
  return 0;
}
