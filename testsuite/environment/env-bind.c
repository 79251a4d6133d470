/* SPDX-License-Identifier: GPL-3.0-or-later */ /* ERBIUM_BIND (docs/environment.md; runtime/src/placement.c): on, the
   default, the runtime binds each process to a core, which the
   placement report (ERBIUM_PLACEMENT_REPORT=1) says ("process 1 on PU
   N") and the process's CPU affinity shows (one CPU); off, it binds
   nothing and the process keeps the program's affinity.  A value that
   does not read warns once and keeps binding.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-set-target-env-var ERBIUM_BIND "maybe" } */
/* { dg-output "erbium: warning: ERBIUM_BIND='maybe' is not a boolean \\(1/0, true/false, yes/no, on/off\\); using the default \\(1\\)\n.*binding on.*erbium: placement: process 1 on PU .*ok: ERBIUM_BIND read" } */

#include "env-test.h"
#include <sched.h>

static int process_cpus;

static void
process (void *p)
{
  (void) p;
  cpu_set_t set;
  RT_CHECK (sched_getaffinity (0, sizeof set, &set) == 0,
	    "sched_getaffinity");
  process_cpus = CPU_COUNT (&set);
}

/* One process; its CPUs, and the program's.  */
static void
child (void)
{
  cpu_set_t set;
  RT_CHECK (sched_getaffinity (0, sizeof set, &set) == 0,
	    "sched_getaffinity");
  er_run (process, NULL, 0);
  er_wait_all ();
  printf ("process on %d cpus of %d\n", process_cpus, CPU_COUNT (&set));
}

/* 1 when the child bound its process: the report says so, the process
   ran on one CPU.  */
static int
effect (const char *out)
{
  int cpus = 0, all = 0;
  const char *l = strstr (out, "process on ");
  RT_CHECK (l && sscanf (l, "process on %d cpus of %d", &cpus, &all) == 2,
	    "no affinity line in:\n%s", out);
  int on = strstr (out, "; binding on,") != NULL;
  RT_CHECK (on || strstr (out, "; binding off,"), "no settings line "
	    "in:\n%s", out);
  RT_CHECK (on ? strstr (out, "erbium: placement: process 1 on PU ")
		 && cpus == 1
	    : !strstr (out, "process 1 on PU") && cpus == all,
	    "binding %s, but the process ran on %d CPUs of %d:\n%s",
	    on ? "on" : "off", cpus, all, out);
  return on;
}

int
main (int argc, char **argv)
{
  (void) argv;
  return env_test_bool (argc, child, "ERBIUM_BIND", 1, env_report, effect, 1);
}
