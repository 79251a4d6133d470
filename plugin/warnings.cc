/* SPDX-License-Identifier: GPL-3.0-or-later */
/* warnings.cc -- the plugin's warning options: every warning the plugin
   emits has a name (-Werbium-NAME), printed after the message as GCC
   prints its own options ([-Werbium-NAME], or [-Werror=erbium-NAME] when
   it is made an error), and can be turned off or kept from being an
   error on its own.

   GCC 12 has no way for a plugin to add options to its table
   (cl_options is a constant array), so:
   * -Wno-erbium-NAME turns warning NAME off: GCC accepts an unknown
     -Wno-* option silently and keeps it in save_decoded_options
     (OPT_SPECIAL_unknown), where plugin_init finds it.  GCC then adds a
     note that it did not recognise the option when the unit has other
     diagnostics (toplev.cc, print_ignored_options); the option works
     all the same.  -Werbium-NAME itself is GCC's error "unrecognized
     command-line option" (every warning is on by default).
   * -Werror=erbium-NAME and -Wno-error=erbium-NAME are GCC errors ("no
     option -Werbium-NAME": opts.cc, enable_warning_as_error, before the
     plugin loads); the plugin arguments -fplugin-arg-erbium-Werror=NAME
     and -fplugin-arg-erbium-Wno-error=NAME do that instead.
   The warnings are emitted with option index 0 (no GCC option), so
   #pragma GCC diagnostic does not apply to them; -w silences them, and
   -Werror makes them errors unless -fplugin-arg-erbium-Wno-error names
   them.  GCC internals: "Plugins"; diagnostic.h (struct
   diagnostic_context: warning_as_error_requested, option_name).  */

#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "options.h"
#include "opts.h"
#include "toplev.h"
#include "diagnostic.h"
#include "erbium-plugin.h"

/* How a warning is reported.  */
enum erbium_warning_state
{
  ERBIUM_WS_DEFAULT,		/* a warning; an error under -Werror */
  ERBIUM_WS_OFF,		/* -Wno-erbium-NAME */
  ERBIUM_WS_ERROR,		/* -fplugin-arg-erbium-Werror=NAME */
  ERBIUM_WS_NO_ERROR		/* -fplugin-arg-erbium-Wno-error=NAME */
};

/* The plugin's warnings: the name after -W, what it reports (the help
   text) and its state, in the order of enum erbium_warning.  */
static struct erbium_warning_info
{
  const char *name;
  const char *help;
  enum erbium_warning_state state;
} erbium_warnings[ERBIUM_WARN_COUNT] = {
  { "erbium-noop",
    "a commit, update, stall or release that provably does nothing (its "
    "index is not above the one an earlier call of the same primitive on "
    "the same view reached on every path)", ERBIUM_WS_DEFAULT },
  { "erbium-burst-pragma",
    "a #pragma erbium burst that is malformed or sets no loop's burst",
    ERBIUM_WS_DEFAULT },
  { "erbium-negative-index",
    "a negative constant index in a view subscript or a primitive (stream "
    "indices count from 0)", ERBIUM_WS_DEFAULT },
  { "erbium-implicit-stream",
    "a pointer that is not declared as a stream used as one in a clause of "
    "a task pragma (implicitly typed stream)", ERBIUM_WS_DEFAULT },
  { "erbium-split",
    "a #pragma erbium grain split (N), N > 1, before a task site that may "
    "not be split into workers (it runs on one process)", ERBIUM_WS_DEFAULT },
};

/* The warning being emitted by erbium_warning_at, for
   erbium_option_name; ERBIUM_WARN_COUNT when none.  */
static enum erbium_warning erbium_current_warning = ERBIUM_WARN_COUNT;

/* GCC's own option_name hook, which erbium_option_name calls for every
   other diagnostic.  */
static char *(*erbium_gcc_option_name) (diagnostic_context *, int,
					diagnostic_t, diagnostic_t);

/* diagnostic_context::option_name while a warning of the plugin is
   emitted: "-Werbium-NAME", or "-Werror=erbium-NAME" when the warning
   became an error (ORIG_KIND DK_WARNING, KIND DK_ERROR), as GCC names
   its own options (opts.cc, compiler_diagnostic_option_name).  Returns
   malloced memory, or GCC's answer for other diagnostics.  */
static char *
erbium_option_name (diagnostic_context *dc, int option_index,
		    diagnostic_t orig_kind, diagnostic_t kind)
{
  if (option_index != 0 || erbium_current_warning == ERBIUM_WARN_COUNT)
    return (erbium_gcc_option_name
	    ? erbium_gcc_option_name (dc, option_index, orig_kind, kind)
	    : NULL);
  const char *name = erbium_warnings[erbium_current_warning].name;
  if (orig_kind == DK_WARNING && kind == DK_ERROR)
    return concat ("-Werror=", name, NULL);
  return concat ("-W", name, NULL);
}

/* See erbium-plugin.h.  */
bool
erbium_warning_at (location_t loc, enum erbium_warning w,
		   const char *gmsgid, ...)
{
  gcc_checking_assert (w < ERBIUM_WARN_COUNT);
  enum erbium_warning_state s = erbium_warnings[w].state;
  if (s == ERBIUM_WS_OFF)
    return false;
  diagnostic_context *dc = global_dc;
  bool werror = dc->warning_as_error_requested;
  if (s == ERBIUM_WS_ERROR)
    dc->warning_as_error_requested = true;
  else if (s == ERBIUM_WS_NO_ERROR)
    dc->warning_as_error_requested = false;
  erbium_gcc_option_name = dc->option_name;
  dc->option_name = erbium_option_name;
  erbium_current_warning = w;
  va_list ap;
  va_start (ap, gmsgid);
  bool ret = emit_diagnostic_valist (DK_WARNING, loc, 0, gmsgid, &ap);
  va_end (ap);
  erbium_current_warning = ERBIUM_WARN_COUNT;
  dc->option_name = erbium_gcc_option_name;
  dc->warning_as_error_requested = werror;
  return ret;
}

/* See erbium-plugin.h.  -w is GCC's inhibit_warnings.  */
bool
erbium_warning_enabled (enum erbium_warning w)
{
  return (erbium_warnings[w].state != ERBIUM_WS_OFF
	  && !global_dc->dc_inhibit_warnings);
}

/* The warning called NAME (without -W: "erbium-noop"), or
   ERBIUM_WARN_COUNT.  */
static enum erbium_warning
erbium_find_warning (const char *name, size_t len)
{
  for (int i = 0; i < ERBIUM_WARN_COUNT; i++)
    if (strlen (erbium_warnings[i].name) == len
	&& !strncmp (erbium_warnings[i].name, name, len))
      return (enum erbium_warning) i;
  return ERBIUM_WARN_COUNT;
}

/* The names of the warnings, separated by commas (messages), in a
   static buffer.  */
static const char *
erbium_warning_names (void)
{
  static char buf[256];
  buf[0] = 0;
  for (int i = 0; i < ERBIUM_WARN_COUNT; i++)
    {
      if (i)
	strcat (buf, ", ");
      strcat (buf, erbium_warnings[i].name);
    }
  return buf;
}

/* See erbium-plugin.h.  */
bool
erbium_set_warnings_error (const char *key, const char *names, bool as_error)
{
  if (!names || !*names)
    {
      error ("erbium plugin: argument %qs needs the names of warnings: "
	     "%<%s=NAME[,NAME...]%>, NAME one of %s", key, key,
	     erbium_warning_names ());
      return false;
    }
  for (const char *p = names; *p;)
    {
      const char *e = strchr (p, ',');
      size_t len = e ? (size_t) (e - p) : strlen (p);
      enum erbium_warning w = erbium_find_warning (p, len);
      if (w == ERBIUM_WARN_COUNT)
	{
	  error ("erbium plugin: argument %<%s=%s%>: unknown warning "
		 "%<%.*s%>; the warnings are %s", key, names, (int) len, p,
		 erbium_warning_names ());
	  return false;
	}
      if (erbium_warnings[w].state != ERBIUM_WS_OFF)
	erbium_warnings[w].state = as_error ? ERBIUM_WS_ERROR
				   : ERBIUM_WS_NO_ERROR;
      p += len + (e != NULL);
    }
  return true;
}

/* See erbium-plugin.h.  */
void
erbium_read_warning_options (void)
{
  static const char prefix[] = "-Wno-erbium-";
  for (unsigned i = 0; i < save_decoded_options_count; i++)
    {
      const cl_decoded_option *o = &save_decoded_options[i];
      if (o->opt_index != OPT_SPECIAL_unknown || !o->arg
	  || strncmp (o->arg, prefix, sizeof prefix - 1))
	continue;
      /* The name after -Wno-: "erbium-...".  */
      const char *name = o->arg + 5;
      enum erbium_warning w = erbium_find_warning (name, strlen (name));
      if (w == ERBIUM_WARN_COUNT)
	warning (0, "erbium plugin: %qs names no warning of the plugin; "
		 "its warnings are %s", o->arg, erbium_warning_names ());
      else
	erbium_warnings[w].state = ERBIUM_WS_OFF;
    }
}

/* See erbium-plugin.h.  */
const char *
erbium_warnings_help (void)
{
  static char *help;
  if (help)
    return help;
  help = xstrdup ("");
  for (int i = 0; i < ERBIUM_WARN_COUNT; i++)
    {
      char *n = concat (help, i ? "; " : "", "-W", erbium_warnings[i].name,
			" ", erbium_warnings[i].help, NULL);
      free (help);
      help = n;
    }
  return help;
}
