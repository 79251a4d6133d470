/* SPDX-License-Identifier: GPL-3.0-or-later */ /* ERBIUM_STATS (docs/environment.md; runtime/src/stats.c): on, the
   program prints at exit what each process did while it waited
   ("erbium: stats: ..." lines: the summary, the child's process, the
   buffers); off, the default, nothing.  A value that does not read warns
   once and prints no report.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-set-target-env-var ERBIUM_STATS "maybe" } */
/* { dg-output "erbium: warning: ERBIUM_STATS='maybe' is not a boolean \\(1/0, true/false, yes/no, on/off\\); using the default \\(0\\)\n.*child done\n.*ok: ERBIUM_STATS read" } */

#include "env-test.h"

static void
child (void)
{
  env_run_idle ();
  printf ("child done\n");
  fflush (stdout);
}

/* 1 when the child printed the report at its exit.  */
static int
effect (const char *out)
{
  const char *done = strstr (out, "child done\n");
  RT_CHECK (done, "the child did not end:\n%s", out);
  int on = strstr (out, "erbium: stats: ") != NULL;
  RT_CHECK (!on || (strstr (done, "erbium: stats: 2 threads and fibers, ")
		    && strstr (done, " process 1\n")
		    && strstr (done, "erbium: stats: buffers: ")),
	    "an incomplete report:\n%s", out);
  return on;
}

int
main (int argc, char **argv)
{
  (void) argv;
  return env_test_bool (argc, child, "ERBIUM_STATS", 0, NULL, effect, 1);
}
