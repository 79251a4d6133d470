/* SPDX-License-Identifier: GPL-3.0-or-later */ /* ERBIUM_BALANCE (docs/environment.md; runtime/src/placement.c): on, the
   default, processes are moved between cores to balance their load when
   the machine has more than one core; off, never.  The placement
   report's first line (ERBIUM_PLACEMENT_REPORT=1) says which holds
   ("balancing on"); on one core it is always off.  A value that does not
   read warns once and keeps balancing.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-set-target-env-var ERBIUM_BALANCE "maybe" } */
/* { dg-output "erbium: warning: ERBIUM_BALANCE='maybe' is not a boolean \\(1/0, true/false, yes/no, on/off\\); using the default \\(1\\)\n.*erbium: placement: \[0-9\]+ cores, .*ok: ERBIUM_BALANCE read" } */

#include "env-test.h"

static int cores;

/* 1 when the report says balancing is on; with one core, whether the
   variable asked for it can not be seen: the value expected then.  */
static int
effect (const char *out)
{
  const char *l = strstr (out, "erbium: placement: ");
  RT_CHECK (l && sscanf (l, "erbium: placement: %d cores", &cores) == 1,
	    "no settings line in:\n%s", out);
  int on = strstr (out, ", balancing on,") != NULL;
  RT_CHECK (on || strstr (out, ", balancing off,"), "no balancing in:\n%s",
	    out);
  return on;
}

int
main (int argc, char **argv)
{
  (void) argv;
  env_start (argc, env_run_idle, "ERBIUM_BALANCE");
  char *out = env_run ("ERBIUM_BALANCE", "1", env_report, 1);
  effect (out);
  free (out);
  if (cores > 1)
    env_check_bool ("ERBIUM_BALANCE", 1, env_report, effect, 1);
  else
    {
      /* One core: balancing is off whatever the variable says; a value
	 that does not read still warns.  */
      out = env_run ("ERBIUM_BALANCE", NULL, env_report, 1);
      env_check_warning (out, "ERBIUM_BALANCE", getenv ("ERBIUM_BALANCE"),
			 ENV_BOOL_RULE "(1)");
      RT_CHECK (!effect (out), "balancing on one core:\n%s", out);
      fputs (out, stdout);
      free (out);
    }
  RT_OK ("ERBIUM_BALANCE read");
  return 0;
}
