/* SPDX-License-Identifier: GPL-3.0-or-later */ /* ERBIUM_CHECK (docs/environment.md; runtime/src/env.c reads it, os.c
   keeps it): each spelling of true turns on the checks of element
   accesses against the view's window, so that the child's read of index
   6 of a read view whose window is [2, 6) stops it with the runtime's
   message; each spelling of false, a blank value and a value that does
   not read (one warning) leave the checks off (the default) and the read
   goes through.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-set-target-env-var ERBIUM_CHECK "maybe" } */
/* { dg-output "erbium: warning: ERBIUM_CHECK='maybe' is not a boolean \\(1/0, true/false, yes/no, on/off\\); using the default \\(0\\)\n.*checking 0\n.*unchecked read of index 6: 6\n.*ok: ERBIUM_CHECK read" } */

#include "env-test.h"

/* A read outside the window: reported when the checks are on.  */
static void
child (void)
{
  printf ("checking %d\n", er_checking ());
  fflush (stdout);
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r);
  er_register (w, 1);
  er_register (rd, 1);
  er_alloc (w, 8);
  er_alloc (rd, 8);
  er_stall (w, 8);
  for (int i = 0; i < 8; i++)
    ER_AT (w, int32_t, i) = i;
  er_commit (w, 8);
  RT_EQ (er_update (rd, 6), 6);
  er_release (rd, 2);
  volatile int32_t x = ER_AT (rd, int32_t, 6);
  printf ("unchecked read of index 6: %d\n", x);
}

/* 1 when the child's checks were on: it said so, and its read was
   reported.  */
static int
effect (const char *out)
{
  int on = strstr (out, "checking 1\n") != NULL;
  RT_CHECK (on ? strstr (out, "erbium: error: element access record ")
		 && !strstr (out, "unchecked read")
	    : strstr (out, "checking 0\n")
	      && strstr (out, "unchecked read of index 6: 6\n"),
	    "the checks were %s but the read:\n%s", on ? "on" : "off", out);
  return on;
}

int
main (int argc, char **argv)
{
  (void) argv;
  return env_test_bool (argc, child, "ERBIUM_CHECK", 0, NULL, effect, 0);
}
