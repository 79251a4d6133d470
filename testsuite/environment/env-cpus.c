/* SPDX-License-Identifier: GPL-3.0-or-later */ /* ERBIUM_CPUS (docs/environment.md; runtime/src/placement.c): a list of
   processing units (hwloc's syntax, blanks around ignored) binds the
   n-th process to the n-th listed unit: with the last CPU the test may
   run on, the child's process runs there only, and with the range from
   the first, on the first.  A list that does not read, or that names a
   unit the process may not run on, warns once and keeps automatic
   placement, which the placement report's first line says.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-set-target-env-var ERBIUM_CPUS "0,x" } */
/* { dg-output "erbium: warning: ERBIUM_CPUS='0,x' is not a list of processing units this process may run on \\(such as 0,1 or 0-3; here \[0-9,-\]+\\); using the default \\(automatic placement\\)\n.*processes on the least loaded core.*ok: ERBIUM_CPUS read" } */

#include "env-test.h"
#include <sched.h>

static cpu_set_t process_set;

static void
process (void *p)
{
  (void) p;
  RT_CHECK (sched_getaffinity (0, sizeof process_set, &process_set) == 0,
	    "sched_getaffinity");
}

/* One process; the CPUs it may run on.  */
static void
child (void)
{
  er_run (process, NULL, 0);
  er_wait_all ();
  printf ("process cpus:");
  for (int c = 0; c < CPU_SETSIZE; c++)
    if (CPU_ISSET (c, &process_set))
      printf (" %d", c);
  printf ("\n");
}

/* Run the child with ERBIUM_CPUS=VALUE (NULL: as inherited); check the
   warning (WARNED: whether one is expected) and that its process ran on
   CPU alone, or, when CPU is -1, on the settings line of automatic
   placement.  Returns the child's output.  */
static char *
check (const char *value, int warned, int cpu)
{
  char *out = env_run ("ERBIUM_CPUS", value, env_report, 1);
  env_check_warning (out, "ERBIUM_CPUS", value ? value
		     : getenv ("ERBIUM_CPUS"), warned ? "a list of processing "
		     "units this process may run on (such as 0,1 or 0-3; "
		     "here " : NULL);
  char want[64];
  snprintf (want, sizeof want, "process cpus: %d\n", cpu);
  RT_CHECK (cpu >= 0 ? strstr (out, want) && strstr (out, " in turn "
						      "(ERBIUM_CPUS)")
	    : strstr (out, "; processes on the least loaded core\n") != NULL,
	    "ERBIUM_CPUS='%s': expected %s%d in:\n%s", value ? value
	    : "(inherited)", cpu >= 0 ? "the process on CPU " : "automatic "
	    "placement ", cpu, out);
  return out;
}

int
main (int argc, char **argv)
{
  (void) argv;
  env_start (argc, child, "ERBIUM_CPUS");
  cpu_set_t set;
  RT_CHECK (sched_getaffinity (0, sizeof set, &set) == 0,
	    "sched_getaffinity");
  int first = -1, last = -1;
  for (int c = 0; c < CPU_SETSIZE; c++)
    if (CPU_ISSET (c, &set))
      last = c, first = first < 0 ? c : first;
  char value[64];
  snprintf (value, sizeof value, " %d ", last);
  free (check (value, 0, last));
  snprintf (value, sizeof value, "%d-%d", first, last);
  free (check (value, 0, first));
  free (check ("", 0, -1));
  static const char *const invalid[] = { "two", "0-x", "99999", "-", NULL };
  for (int k = 0; invalid[k]; k++)
    free (check (invalid[k], 1, -1));
  char *out = check (NULL, 1, -1);
  fputs (out, stdout);
  free (out);
  RT_OK ("ERBIUM_CPUS read");
  return 0;
}
