/* SPDX-License-Identifier: GPL-3.0-or-later */ /* ERBIUM_SPLIT (docs/environment.md; runtime/src/task.c): N from 1 to
   1024 (blanks around ignored) runs every split task site on N workers,
   whatever its flags ask; auto (any case), empty or unset leaves each
   site its own (here 2 workers, from its flags).  The placement report
   (ERBIUM_PLACEMENT_REPORT=1) names the workers of the child's split
   site and why.  Anything else (0, 1025, a word, a number with a sign
   or a unit) warns once and keeps auto.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-set-target-env-var ERBIUM_SPLIT "many" } */
/* { dg-output "erbium: warning: ERBIUM_SPLIT='many' is not a number from 1 to 1024 or auto; using the default \\(auto\\)\n.*: 2 workers \\(the site's flags;.*child done\n.*ok: ERBIUM_SPLIT read" } */

#include "env-tasks.h"

/* Run the child with ERBIUM_SPLIT=VALUE (NULL: as inherited); check the
   warning (WARNED: whether one is expected) and that the split site had
   WORKERS workers for the reason HOW.  Returns the child's output.  */
static char *
check (const char *value, int warned, int workers, const char *how)
{
  char *out = env_run ("ERBIUM_SPLIT", value, env_report, 1);
  env_check_warning (out, "ERBIUM_SPLIT", value ? value
		     : getenv ("ERBIUM_SPLIT"), warned ? "a number from 1 to "
		     "1024 or auto; using the default (auto)\n" : NULL);
  char want[128];
  snprintf (want, sizeof want, ": %d worker%s (%s;", workers,
	    workers == 1 ? "" : "s", how);
  RT_CHECK (strstr (out, want) && strstr (out, "child done\n"),
	    "ERBIUM_SPLIT='%s': no \"%s\" in:\n%s", value ? value
	    : "(inherited)", want, out);
  return out;
}

int
main (int argc, char **argv)
{
  (void) argv;
  env_start (argc, env_pipeline, "ERBIUM_SPLIT");
  free (check ("3", 0, 3, "ERBIUM_SPLIT"));
  free (check (" 1 ", 0, 1, "ERBIUM_SPLIT"));
  free (check ("AUTO", 0, 2, "the site's flags"));
  free (check (" auto", 0, 2, "the site's flags"));
  free (check (" ", 0, 2, "the site's flags"));
  static const char *const invalid[] = { "0", "1025", "x", "3x", "+3",
					 "-2", NULL };
  for (int k = 0; invalid[k]; k++)
    free (check (invalid[k], 1, 2, "the site's flags"));
  char *out = check (NULL, 1, 2, "the site's flags");
  fputs (out, stdout);
  free (out);
  RT_OK ("ERBIUM_SPLIT read");
  return 0;
}
