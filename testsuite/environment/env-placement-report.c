/* SPDX-License-Identifier: GPL-3.0-or-later */ /* ERBIUM_PLACEMENT_REPORT (docs/environment.md; runtime/src/placement.c
   and task.c): on, the runtime prints its placement settings and
   decisions on stderr ("erbium: placement: ..."); off, the default,
   nothing.  A value that does not read warns once, though both
   placement.c and task.c read the variable (the child runs a split task
   site, whose workers the report would name), and prints no report.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-set-target-env-var ERBIUM_PLACEMENT_REPORT "maybe" } */
/* { dg-output "erbium: warning: ERBIUM_PLACEMENT_REPORT='maybe' is not a boolean \\(1/0, true/false, yes/no, on/off\\); using the default \\(0\\)\n.*child done\n.*ok: ERBIUM_PLACEMENT_REPORT read" } */

#include "env-tasks.h"

/* 1 when the child printed the report: its settings and the workers of
   the split site.  */
static int
effect (const char *out)
{
  RT_CHECK (strstr (out, "child done\n"), "the child did not end:\n%s",
	    out);
  int on = strstr (out, "erbium: placement: ") != NULL;
  RT_CHECK (on ? strstr (out, "erbium: task site ") != NULL
	    && strstr (out, ": 2 workers (the site's flags;")
	    : !strstr (out, "erbium: task site "),
	    "the report is %s, but:\n%s", on ? "on" : "off", out);
  return on;
}

int
main (int argc, char **argv)
{
  (void) argv;
  return env_test_bool (argc, env_pipeline, "ERBIUM_PLACEMENT_REPORT", 0,
			NULL, effect, 1);
}
