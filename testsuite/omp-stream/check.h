/* SPDX-License-Identifier: GPL-3.0-or-later */ /* check.h -- what the programs of testsuite/omp-stream share.  Each
   program compares the values its tasks computed with the values worked
   out by hand from the stream positions (OMP-STREAM-SPEC.md 6.1-6.3) and
   prints one line, "NAME: DETAILS: ok", that its dg-output scans; on a
   mismatch it first prints every difference, the line ends in "FAILED"
   and main returns 1.  Only the control program calls these (main, after
   a taskwait), never a task body.  No declaration of the pragma language
   is needed here: the plugin provides it.  */

#ifndef OMP_STREAM_CHECK_H
#define OMP_STREAM_CHECK_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

static int check_errors;

/* Compare GOT with WANT (integers); the message names GOT's expression
   and the line.  */
#define CHECK_EQ(got, want) \
  check_eq (__LINE__, #got, (long long) (got), (long long) (want))

static void
check_eq (int line, const char *what, long long got, long long want)
{
  if (got != want)
    {
      printf ("line %d: %s is %lld, expected %lld\n", line, what, got, want);
      check_errors++;
    }
}

/* Compare the N ints GOT[0 .. N-1] with WANT[0 .. N-1].  */
#define CHECK_INTS(got, want, n) \
  check_ints (__LINE__, #got, (got), (want), (n))

static void
check_ints (int line, const char *what, const int *got, const int *want,
	    int n)
{
  for (int k = 0; k < n; k++)
    if (got[k] != want[k])
      {
	printf ("line %d: %s[%d] is %d, expected %d\n", line, what, k,
		got[k], want[k]);
	check_errors++;
      }
}

/* The N ints V as text, "v0 v1 ...", in one of four static buffers (so
   that one printf may show up to four lists).  */
static const char *
check_text (const int *v, int n)
{
  static char bufs[4][2048];
  static int next;
  char *b = bufs[next++ % 4];
  size_t len = 0;
  b[0] = 0;
  for (int k = 0; k < n && len < sizeof bufs[0] - 16; k++)
    len += snprintf (b + len, sizeof bufs[0] - len, k ? " %d" : "%d", v[k]);
  return b;
}

/* Print "NAME: DETAILS: ok" (DETAILS from FMT) when nothing differed,
   else "NAME: DETAILS: FAILED (N mismatches)"; return main's exit
   status, 0 or 1.  */
static int
check_done (const char *name, const char *fmt, ...)
{
  va_list ap;
  printf ("%s: ", name);
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
  if (check_errors)
    printf (": FAILED (%d mismatches)\n", check_errors);
  else
    printf (": ok\n");
  fflush (stdout);
  return check_errors != 0;
}

/* For the programs that must die (a deadlock): run this program again
   with OMP_STREAM_CHILD=1 in its environment, wait for it, print "child
   exit status N" (128 + the signal number when a signal killed it) and
   return N.  In that child, return -1: the caller then runs the failing
   scenario.  The child shares stdout and stderr, so its messages come
   first in the output.  A child still running after CHECK_CHILD_SECONDS
   is killed and 3 returned.  */
#define CHECK_CHILD_SECONDS 30
extern char **environ;

static int
check_in_child (void)
{
  if (getenv ("OMP_STREAM_CHILD"))
    return -1;
  int n = 0;
  while (environ[n])
    n++;
  char **env = (char **) calloc (n + 2, sizeof *env);
  memcpy (env, environ, n * sizeof *env);
  env[n] = (char *) "OMP_STREAM_CHILD=1";
  char *argv[] = { (char *) "/proc/self/exe", NULL };
  pid_t pid;
  fflush (stdout);
  if (posix_spawn (&pid, "/proc/self/exe", NULL, NULL, argv, env) != 0)
    {
      printf ("posix_spawn failed\n");
      return 2;
    }
  /* Wait at most CHECK_CHILD_SECONDS: a child that hangs is killed
     rather than left behind when the test's time runs out.  */
  int status;
  pid_t got = 0;
  for (long waited_ms = 0; got == 0; waited_ms += 10)
    {
      got = waitpid (pid, &status, WNOHANG);
      if (got == 0 && waited_ms >= CHECK_CHILD_SECONDS * 1000L)
	{
	  kill (pid, SIGKILL);
	  waitpid (pid, &status, 0);
	  printf ("child still running after %d s: killed\n",
		  CHECK_CHILD_SECONDS);
	  fflush (stdout);
	  free (env);
	  return 3;
	}
      if (got == 0)
	usleep (10000);
    }
  if (got != pid)
    {
      printf ("waitpid failed\n");
      return 2;
    }
  int code = WIFEXITED (status) ? WEXITSTATUS (status)
	     : 128 + WTERMSIG (status);
  printf ("child exit status %d\n", code);
  fflush (stdout);
  free (env);
  return code;
}

#endif /* OMP_STREAM_CHECK_H */
