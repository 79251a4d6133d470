/* SPDX-License-Identifier: GPL-3.0-or-later */ /* env-test.h -- helpers of the testsuite/environment tests.

   A test runs its own program again as a child (the executable of
   /proc/self/exe, with the argument "child") whose environment is the
   test's with some ERBIUM_* variables set or unset, and reads what the
   child printed on stdout and stderr (one pipe) and how it ended.  The
   children start with none of the runtime's variables set but those the
   test inherits from the harness (dg-set-target-env-var) or gives, so
   that a variable set where `make check' runs changes nothing.  */

#ifndef ENV_TEST_H
#define ENV_TEST_H

#include "../runtime/rt-test.h"
#include <sys/wait.h>

extern char **environ;

/* Every variable the runtime reads (docs/environment.md).  */
static const char *const env_vars[] = {
  "ERBIUM_CHECK", "ERBIUM_BIND", "ERBIUM_CPUS", "ERBIUM_BALANCE",
  "ERBIUM_SLICE", "ERBIUM_PLACEMENT_REPORT", "ERBIUM_FIBERS",
  "ERBIUM_SPLIT", "ERBIUM_STATS", "ERBIUM_WINDOW_CACHE", NULL
};

/* Unset every variable of env_vars but KEEP (the one the test is about,
   which the harness may have set): called first by each test.  */
static void
env_clean (const char *keep)
{
  for (int k = 0; env_vars[k]; k++)
    if (strcmp (env_vars[k], keep) != 0)
      unsetenv (env_vars[k]);
}

/* The settings that make a child print its placement report at start
   (docs/environment.md, ERBIUM_PLACEMENT_REPORT), as env_run's OTHER.  */
static const char *const env_report[] = { "ERBIUM_PLACEMENT_REPORT=1",
					  NULL };

/* A process that does nothing, for a child that needs one to exist.  */
static inline void
env_idle_process (void *p)
{
  (void) p;
}

/* Run one env_idle_process and wait for it: the whole work of the
   children that only need the runtime to start a process.  */
static inline void
env_run_idle (void)
{
  er_run (env_idle_process, NULL, 0);
  er_wait_all ();
}

/* The start of each test's main, with its ARGC: run as the child (an
   argument given), call CHILD and exit with 0; else unset the runtime's
   variables but NAME, the test's (env_clean), and return.  */
static inline void
env_start (int argc, void (*child) (void), const char *name)
{
  if (argc > 1)
    {
      child ();
      exit (0);
    }
  env_clean (name);
}

/* Whether the environment entry E ("NAME=VALUE") is for the variable
   of the setting S ("NAME=VALUE" or "NAME").  */
static int
env_same_name (const char *e, const char *s)
{
  size_t n = strcspn (s, "=");
  return strncmp (e, s, n) == 0 && e[n] == '=';
}

/* Run this program again with the argument "child" and the settings
   SET (a NULL-terminated list of "NAME=VALUE", which sets NAME, or
   "NAME", which unsets it) over this program's environment.  Returns
   what the child wrote on stdout and stderr (malloc'ed, NUL-terminated);
   its waitpid status in *STATUS.  */
static char *
env_child (int *status, const char *const *set)
{
  size_t n = 0, ns = 0;
  while (environ[n])
    n++;
  while (set[ns])
    ns++;
  char **envp = calloc (n + ns + 1, sizeof *envp);
  RT_CHECK (envp, "calloc");
  size_t m = 0;
  for (size_t k = 0; k < n; k++)
    {
      int given = 0;
      for (size_t j = 0; j < ns; j++)
	given |= env_same_name (environ[k], set[j]);
      if (!given)
	envp[m++] = environ[k];
    }
  for (size_t j = 0; j < ns; j++)
    if (strchr (set[j], '='))
      envp[m++] = (char *) set[j];
  int fd[2];
  RT_CHECK (pipe (fd) == 0, "pipe");
  fflush (stdout);
  fflush (stderr);
  pid_t pid = fork ();
  RT_CHECK (pid >= 0, "fork");
  if (pid == 0)
    {
      char *argv[] = { "env-test", "child", NULL };
      close (fd[0]);
      dup2 (fd[1], 1);
      dup2 (fd[1], 2);
      execve ("/proc/self/exe", argv, envp);
      _exit (127);
    }
  free (envp);
  close (fd[1]);
  size_t len = 0, cap = 4096;
  char *buf = malloc (cap);
  ssize_t got;
  while (buf && (got = read (fd[0], buf + len, cap - len - 1)) > 0)
    if ((len += got) == cap - 1)
      buf = realloc (buf, cap *= 2);
  RT_CHECK (buf, "out of memory reading the child's output");
  buf[len] = 0;
  close (fd[0]);
  RT_CHECK (waitpid (pid, status, 0) == pid, "waitpid");
  return buf;
}

/* The child's output with NAME=VALUE (VALUE NULL: as inherited) and the
   settings OTHER (as env_child's SET; NULL: none); it must exit with 0
   when OK_EXIT, else it may end either way.  */
static char *
env_run (const char *name, const char *value, const char *const *other,
	 int ok_exit)
{
  const char *set[16];
  char setting[256];
  int k = 0;
  if (value)
    {
      snprintf (setting, sizeof setting, "%s=%s", name, value);
      set[k++] = setting;
    }
  for (int j = 0; other && other[j] && k < 15; j++)
    set[k++] = other[j];
  set[k] = NULL;
  int status;
  char *out = env_child (&status, set);
  RT_CHECK (!ok_exit || (WIFEXITED (status) && WEXITSTATUS (status) == 0),
	    "the child with %s=%s failed, status %d; its output:\n%s", name,
	    value ? value : "(inherited)", status, out);
  return out;
}

/* The number of times NEEDLE occurs in HAY.  */
static int
env_count (const char *hay, const char *needle)
{
  int n = 0;
  for (const char *s = hay; (s = strstr (s, needle)); s += strlen (needle))
    n++;
  return n;
}

/* Check that OUT, the output of a child run with NAME=VALUE, holds no
   warning when WARNED is NULL, else exactly one warning, the one that
   starts "erbium: warning: NAME='VALUE' is not " followed by WARNED.  */
static void
env_check_warning (const char *out, const char *name, const char *value,
		   const char *warned)
{
  char want[512];
  snprintf (want, sizeof want, "erbium: warning: %s='%s' is not %s", name,
	    value ? value : "", warned ? warned : "");
  int n = env_count (out, "erbium: warning:");
  if (!warned)
    RT_CHECK (n == 0, "%s='%s': a warning in:\n%s", name, value, out);
  else
    RT_CHECK (n == 1 && strstr (out, want), "%s='%s': %d warnings, "
	      "expected one that starts \"%s\", in:\n%s", name, value, n,
	      want, out);
}

/* The boolean spellings (docs/environment.md): true, then false.  */
static const char *const env_true[] = { "1", "true", " YES ", "On\t",
					"TRUE", NULL };
static const char *const env_false[] = { "0", "false", " No", "OFF ",
					  "False", NULL };
/* What the warning for a boolean says it expected.  */
#define ENV_BOOL_RULE "a boolean (1/0, true/false, yes/no, on/off); " \
  "using the default "

/* Check that each of VALUES (NULL-terminated) given to the boolean
   variable NAME keeps its default DFLT, with the warning WARNED
   (env_check_warning; NULL: none); OTHER, EFFECT and OK_EXIT as for
   env_check_bool.  */
static void
env_check_default (const char *name, const char *const *values,
		   const char *warned, int dflt, const char *const *other,
		   int (*effect) (const char *out), int ok_exit)
{
  for (int k = 0; values[k]; k++)
    {
      char *out = env_run (name, values[k], other, ok_exit);
      env_check_warning (out, name, values[k], warned);
      RT_CHECK (effect (out) == dflt, "%s='%s' did not keep the default "
		"%d:\n%s", name, values[k], dflt, out);
      free (out);
    }
}

/* Check the boolean variable NAME, whose default is DFLT, through
   EFFECT, which says from a child's output whether the variable was on
   (1) or off (0); the children run with OTHER besides (NULL: nothing)
   and must exit with 0 when OK_EXIT.  Each spelling of true and of false
   reads, without a warning; empty and blank keep the default without a
   warning; "maybe", "2" and "yes please" warn once and keep the default;
   so does the value the harness gave (dg-set-target-env-var), whose
   child's output is printed on stdout for the test's dg-output.  */
static void
env_check_bool (const char *name, int dflt, const char *const *other,
		int (*effect) (const char *out), int ok_exit)
{
  static const char *const invalid[] = { "maybe", "2", "yes please", NULL };
  static const char *const blank[] = { "", "  ", NULL };
  for (int pass = 0; pass < 2; pass++)
    {
      const char *const *values = pass ? env_false : env_true;
      for (int k = 0; values[k]; k++)
	{
	  char *out = env_run (name, values[k], other, ok_exit);
	  env_check_warning (out, name, values[k], NULL);
	  RT_CHECK (effect (out) == !pass, "%s='%s' did not read as %d:\n%s",
		    name, values[k], !pass, out);
	  free (out);
	}
    }
  env_check_default (name, blank, NULL, dflt, other, effect, ok_exit);
  char rule[128];
  snprintf (rule, sizeof rule, ENV_BOOL_RULE "(%d)", dflt);
  env_check_default (name, invalid, rule, dflt, other, effect, ok_exit);
  const char *given = getenv (name);
  RT_CHECK (given, "the test sets no %s (dg-set-target-env-var)", name);
  char *out = env_run (name, NULL, other, ok_exit);
  env_check_warning (out, name, given, rule);
  RT_CHECK (effect (out) == dflt, "%s='%s' did not keep the default "
	    "%d:\n%s", name, given, dflt, out);
  fputs (out, stdout);
  free (out);
}

/* The whole main of a test of the boolean variable NAME (ARGC its argc,
   CHILD what the child runs): env_start, env_check_bool with DFLT,
   OTHER, EFFECT and OK_EXIT, then "ok: NAME read".  Returns 0, main's
   status; a failed check exits with 1 (RT_CHECK).  */
static inline int
env_test_bool (int argc, void (*child) (void), const char *name, int dflt,
	       const char *const *other, int (*effect) (const char *out),
	       int ok_exit)
{
  env_start (argc, child, name);
  env_check_bool (name, dflt, other, effect, ok_exit);
  RT_OK ("%s read", name);
  return 0;
}

#endif
