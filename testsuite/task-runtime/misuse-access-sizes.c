/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: bursts and horizons outside the rules of er_task_access
   (erbium/task.h): an output whose horizon is not its burst, in a child
   process, an input of burst 0, a peek of burst 1 and an input whose
   burst exceeds its horizon each stop with a message naming the site,
   the access, the stream and the rule; this program checks the last,
   after the others in children (each must die).  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-shouldfail "misuse" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: task_create at task site \[^:\]*misuse-access-sizes.c:\[0-9\]+: access 0, input of stream s with burst 3 and horizon 2 \\(rule: an input has 1 <= burst <= horizon" } */

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
  er_stream *s = er_stream_new (4, "s");
  struct er_task_access bad[3] = { { s, ER_ACCESS_OUTPUT, 2, 3 },
    { s, ER_ACCESS_INPUT, 0, 1 }, { s, ER_ACCESS_PEEK, 1, 1 } };
  for (int k = 0; k < 3; k++)
    {
      fflush (stdout);
      pid_t pid = fork ();
      RT_CHECK (pid >= 0, "fork");
      if (pid == 0)
	{
	  fclose (stderr);
	  er_task_create (&site, &unused, sizeof unused, &bad[k], 1, 0);
	  _exit (0);
	}
      int st;
      RT_CHECK (waitpid (pid, &st, 0) == pid, "waitpid");
      RT_CHECK (WIFSIGNALED (st) && WTERMSIG (st) == SIGABRT,
		"bad access %d was not reported", k);
    }
  printf ("reached the misuse\n");
  fflush (stdout);
  TR_TASK (site, unused, TR_IN (s, 3, 2));
  printf ("error: the misuse was not reported\n");
  (void) site, (void) unused;
  return 0;
}
