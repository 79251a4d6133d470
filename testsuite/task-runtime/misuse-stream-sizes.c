/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: an element size outside 1 .. 2^20 bytes and a negative
   number of streams in an array (erbium/task.h, er_stream_new,
   er_stream_new_array); 2^20 bytes and an array of 0 pass.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-shouldfail "misuse" } */
/* { dg-output "reached the misuse\[^\n\]*\n.*erbium: error: stream_new_array \\(.v.\\): negative number of streams -1" } */

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
  er_stream *big = er_stream_new ((size_t) 1 << 20, "big");
  RT_EQ (er_stream_esize (big), 1 << 20);
  er_stream *none[1];
  er_stream_new_array (none, 0, 4, "none");
  fflush (stdout);
  pid_t pid = fork ();
  RT_CHECK (pid >= 0, "fork");
  if (pid == 0)
    {
      fclose (stderr);
      er_stream_new (0, "zero");
      _exit (0);
    }
  int st;
  RT_CHECK (waitpid (pid, &st, 0) == pid, "waitpid");
  RT_CHECK (WIFSIGNALED (st) && WTERMSIG (st) == SIGABRT,
	    "element size 0 was not reported");
  printf ("reached the misuse\n");
  fflush (stdout);
  er_stream_new_array (none, -1, 4, "v");
  printf ("error: the misuse was not reported\n");
  (void) site, (void) unused;
  return 0;
}
