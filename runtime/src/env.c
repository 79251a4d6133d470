/* SPDX-License-Identifier: MIT */
/* Erbium runtime: reading the ERBIUM_* environment variables, lowest of
   the operating system layer.

   Every variable the runtime reads goes through here, so that all read
   alike, as GCC's OpenMP runtime reads its own (libgomp's env.c:
   parse_boolean, parse_unsigned_long, parse_stacksize): blanks around a
   value are ignored, an unset or blank variable means the default, a
   boolean is 1/0, true/false, yes/no or on/off in any case, a size is a
   number optionally followed by k, M or G (either case), and a value
   that does not read is not fatal: one warning on stderr names the
   variable, its value, what was expected and the default kept, and the
   program goes on with the default.  A variable read in several places
   (ERBIUM_PLACEMENT_REPORT) still warns once.  The list of
   processing units of ERBIUM_CPUS is read by hwloc (placement.c), which
   reports a bad one with er_env_invalid.  docs/environment.md lists the
   variables.  This file calls no other file of the runtime.  */

#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "internal.h"

/* The variables already warned about (er_env_invalid), under the lock:
   a few names, so a list searched in order.  */
#define ER_ENV_WARNED_MAX 32
static const char *er_env_warned[ER_ENV_WARNED_MAX];
static int er_env_nwarned;
static pthread_mutex_t er_env_lock = PTHREAD_MUTEX_INITIALIZER;

/* The value of the environment variable NAME without its leading and
   trailing blanks, as a new string (free it), or NULL when NAME is
   unset, empty or blank (the default holds).  Out of memory, it says so
   on stderr and returns NULL.  */
char *
er_env_string (const char *name)
{
  const char *s = getenv (name);
  if (!s)
    return NULL;
  while (isspace ((unsigned char) *s))
    s++;
  size_t n = strlen (s);
  while (n > 0 && isspace ((unsigned char) s[n - 1]))
    n--;
  if (n == 0)
    return NULL;
  char *v = strndup (s, n);
  if (!v)
    fprintf (stderr, "erbium: warning: out of memory reading %s; using "
	     "its default\n", name);
  return v;
}

/* Say once, on stderr, that the value of the environment variable NAME
   is not EXPECTED (a noun phrase: "a boolean (...)") and that DFLT (the
   default, as a user would write it or in words) holds instead.  Later
   calls for the same NAME print nothing.  */
void
er_env_invalid (const char *name, const char *expected, const char *dflt)
{
  pthread_mutex_lock (&er_env_lock);
  for (int k = 0; k < er_env_nwarned; k++)
    if (strcmp (er_env_warned[k], name) == 0)
      {
	pthread_mutex_unlock (&er_env_lock);
	return;
      }
  if (er_env_nwarned < ER_ENV_WARNED_MAX)
    er_env_warned[er_env_nwarned++] = name;
  const char *value = getenv (name);
  fprintf (stderr, "erbium: warning: %s='%s' is not %s; using the default "
	   "(%s)\n", name, value ? value : "", expected, dflt);
  fflush (stderr);
  pthread_mutex_unlock (&er_env_lock);
}

/* The boolean environment variable NAME: 1 for 1, true, yes or on, 0 for
   0, false, no or off (any case, blanks around ignored); DFLT when it is
   unset or blank, and, after a warning (er_env_invalid), when it is
   anything else.  */
int
er_env_flag (const char *name, int dflt)
{
  static const char *const words[] = { "0", "1", "false", "true", "no",
				       "yes", "off", "on" };
  char *s = er_env_string (name);
  if (!s)
    return dflt;
  int v = -1;
  for (size_t k = 0; k < sizeof words / sizeof *words; k++)
    if (strcasecmp (s, words[k]) == 0)
      v = k % 2;
  free (s);
  if (v >= 0)
    return v;
  er_env_invalid (name, "a boolean (1/0, true/false, yes/no, on/off)",
		  dflt ? "1" : "0");
  return dflt;
}

/* The environment variable NAME as a whole number from LO to HI, or the
   word WORD (if not NULL; any case), which means DFLT; DFLT when it is
   unset or blank, and, after a warning naming the range (er_env_invalid),
   when it is anything else.  */
long
er_env_long (const char *name, long lo, long hi, const char *word,
	     long dflt)
{
  char *s = er_env_string (name);
  if (!s)
    return dflt;
  char *end;
  errno = 0;
  long v = strtol (s, &end, 10);
  /* A digit first: strtol would take a sign ("+3").  */
  int ok = isdigit ((unsigned char) *s) && !*end && !errno && v >= lo
	   && v <= hi;
  if (!ok && word && strcasecmp (s, word) == 0)
    ok = 1, v = dflt;
  free (s);
  if (ok)
    return v;
  char expected[128], dtext[32];
  snprintf (expected, sizeof expected, "a number from %ld to %ld%s%s", lo,
	    hi, word ? " or " : "", word ? word : "");
  if (word)
    snprintf (dtext, sizeof dtext, "%s", word);
  else
    snprintf (dtext, sizeof dtext, "%ld", dflt);
  er_env_invalid (name, expected, dtext);
  return dflt;
}

/* The size in bytes given by the environment variable NAME: a decimal
   number, optionally followed (blanks between allowed) by k, M or G in
   either case (units of 1024, 1024^2 and 1024^3 bytes); DFLT when it is
   unset or blank, and, after a warning saying DFLT_TEXT is kept
   (er_env_invalid), when it is anything else or a size beyond
   SIZE_MAX.  */
size_t
er_env_bytes (const char *name, size_t dflt, const char *dflt_text)
{
  char *s = er_env_string (name);
  if (!s)
    return dflt;
  char *end;
  errno = 0;
  unsigned long long v = strtoull (s, &end, 10);
  while (isspace ((unsigned char) *end))
    end++;
  int shift = 0;
  switch (tolower ((unsigned char) *end))
    {
    case 'k': shift = 10; break;
    case 'm': shift = 20; break;
    case 'g': shift = 30; break;
    }
  if (shift)
    end++;
  /* A digit first: strtoull would take a sign and a negative number
     ("-1": SIZE_MAX).  */
  int ok = !errno && isdigit ((unsigned char) *s) && !*end
	   && v <= (unsigned long long) (SIZE_MAX >> shift);
  free (s);
  if (ok)
    return (size_t) v << shift;
  er_env_invalid (name, "a size in bytes (a number, optionally followed by "
		  "k, M or G)", dflt_text);
  return dflt;
}
