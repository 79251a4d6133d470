/* SPDX-License-Identifier: GPL-3.0-or-later */ /* ERBIUM_WINDOW_CACHE (docs/environment.md; runtime/src/mirror.c): a
   size in bytes, a number optionally followed by k, M or G in either
   case (blanks around and before the unit ignored), bounds the mirrored
   buffers kept for reuse; unset or blank, the bound is the most the
   program had in buffers at once, at least 16 MiB.  The bound in force
   is read from the buffers line of ERBIUM_STATS=1's report of a child
   that maps one record's window.  Anything else (an unknown unit, a
   sign, a fraction, no number) warns once and keeps the default.
   testsuite/task-runtime/stream-buffer-bound.c checks what the bound
   does to the buffers.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-set-target-env-var ERBIUM_WINDOW_CACHE "64MB" } */
/* { dg-output "erbium: warning: ERBIUM_WINDOW_CACHE='64MB' is not a size in bytes \\(a number, optionally followed by k, M or G\\); using the default \\(the most the program had in buffers at once, at least 16 MiB\\)\n.*erbium: stats: buffers: .*bound 16777216 bytes\n.*ok: ERBIUM_WINDOW_CACHE read" } */

#include "env-test.h"

/* One record's window, mapped and given back.  */
static void
child (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_register (w, 1);
  er_alloc (w, 1024);
  er_free_view (w, ER_TERMINATE);
}

/* Run the child with ERBIUM_WINDOW_CACHE=VALUE (NULL: as inherited);
   check the warning (WARNED: whether one is expected) and return the
   bound its report gave.  */
static long long
bound_with (const char *value, int warned)
{
  static const char *const stats[] = { "ERBIUM_STATS=1", NULL };
  char *out = env_run ("ERBIUM_WINDOW_CACHE", value, stats, 1);
  env_check_warning (out, "ERBIUM_WINDOW_CACHE", value ? value
		     : getenv ("ERBIUM_WINDOW_CACHE"), warned ? "a size in "
		     "bytes (a number, optionally followed by k, M or G); "
		     "using the default (the most the program had in "
		     "buffers at once, at least 16 MiB)\n" : NULL);
  long long bound = -1;
  const char *l = strstr (out, "bytes kept for reuse, bound ");
  RT_CHECK (l && sscanf (l, "bytes kept for reuse, bound %lld", &bound)
		 == 1, "no bound in:\n%s", out);
  if (!value)
    fputs (out, stdout);
  free (out);
  return bound;
}

int
main (int argc, char **argv)
{
  (void) argv;
  env_start (argc, child, "ERBIUM_WINDOW_CACHE");
  RT_EQ (bound_with ("64M", 0), 64LL << 20);
  RT_EQ (bound_with (" 2 k ", 0), 2048);
  RT_EQ (bound_with ("1g", 0), 1LL << 30);
  RT_EQ (bound_with ("3K", 0), 3072);
  RT_EQ (bound_with ("4096", 0), 4096);
  RT_EQ (bound_with ("0", 0), 0);
  RT_EQ (bound_with ("", 0), 16 << 20);
  static const char *const invalid[] = { "64X", "-1", "M", "1.5M", "+8",
					 "99999999999999999999", NULL };
  for (int k = 0; invalid[k]; k++)
    RT_EQ (bound_with (invalid[k], 1), 16 << 20);
  RT_EQ (bound_with (NULL, 1), 16 << 20);
  RT_OK ("ERBIUM_WINDOW_CACHE read");
  return 0;
}
