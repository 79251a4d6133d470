/* SPDX-License-Identifier: GPL-3.0-or-later */ /* ERBIUM_FIBERS (docs/environment.md; runtime/src/fiber.c): on, the
   processes run as fibers of per-core workers (on x86-64, where fibers
   exist), off as threads, whatever the program asked; unset, as the
   program asked (this one asks nothing: threads).  The kind of the
   child's process is read from the report of ERBIUM_STATS=1 ("fiber
   process 1" or "thread process 1"); elsewhere only the warning is
   checked.  A value that does not read warns
   once and keeps the program's choice.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-set-target-env-var ERBIUM_FIBERS "maybe" } */
/* { dg-output "erbium: warning: ERBIUM_FIBERS='maybe' is not a boolean \\(1/0, true/false, yes/no, on/off\\); using the default \\(0\\)\n.* thread process 1\n.*ok: ERBIUM_FIBERS read" } */

#include "env-test.h"

/* 1 when the child's process was a fiber.  */
static int
effect (const char *out)
{
  int fiber = strstr (out, " fiber  process 1\n") != NULL;
  RT_CHECK (fiber || strstr (out, " thread process 1\n"),
	    "no line for process 1 in:\n%s", out);
  return fiber;
}

int
main (int argc, char **argv)
{
  (void) argv;
  env_start (argc, env_run_idle, "ERBIUM_FIBERS");
  static const char *const stats[] = { "ERBIUM_STATS=1", NULL };
#if defined __x86_64__
  env_check_bool ("ERBIUM_FIBERS", 0, stats, effect, 1);
#else
  /* No fibers: every process is a thread; a bad value still warns.  */
  char *out = env_run ("ERBIUM_FIBERS", NULL, stats, 1);
  env_check_warning (out, "ERBIUM_FIBERS", getenv ("ERBIUM_FIBERS"),
		     ENV_BOOL_RULE "(0)");
  RT_CHECK (!effect (out), "a fiber without fibers:\n%s", out);
  fputs (out, stdout);
  free (out);
#endif
  RT_OK ("ERBIUM_FIBERS read");
  return 0;
}
