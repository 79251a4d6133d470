/* SPDX-License-Identifier: GPL-3.0-or-later */
/* plugin.cc -- entry point of the Erbium GCC plugin: version check,
   plugin arguments, the call of each part's init function, and the
   table of where each pass of the plugin runs (erbium_passes).

   Arguments (-fplugin-arg-erbium-NAME[=VALUE]) are listed once, in
   erbium_args below, which makes the help text and the list of valid
   names in the error for an unknown argument; their options are in
   erbium-plugin.h (struct erbium_options) and docs/plugin.md.  The warning
   options (-Wno-erbium-NAME, and the arguments Werror=NAME and
   Wno-error=NAME) are read here and kept by warnings.cc.  GCC
   internals: "Plugins" (plugin_init, plugin_default_version_check,
   register_callback).

   Two compilers load the plugin.  cc1, the C compiler, runs the front
   end (attributes, pragmas, frontend.cc) and every pass.  With -flto,
   cc1 stops after the IPA passes' summaries and writes GIMPLE into the
   object; the link runs lto1 with the -fplugin and -fplugin-arg options
   of the link's command line, and the passes after IPA, strip-mining,
   window addressing and the lowering among them, run there (in each
   ltrans job).  lto1 has no C front end, and GCC loads plugins with
   dlopen (RTLD_NOW | RTLD_GLOBAL) (gcc/plugin.cc): every symbol the
   plugin refers to must resolve at load.  Of the three ways to keep the
   front end's symbols out of lto1 (weak references, the front end in a
   second shared object that only cc1 loads, calls through dlsym), the
   plugin uses weak references (c-frontend.h): the front-end code stays
   where it is, one file per concern, one shared object is installed, and
   the decision is made once, here: the front-end callbacks are
   registered only when lang_hooks names the C front end
   (erbium_c_frontend), so no weak symbol is used in lto1.  A second
   object would split files such as stripmine.cc (its pragma and its
   pass) and still need the same care about which symbols each half
   uses; dlsym would hide every call behind a pointer.  The testsuite
   (testsuite/lto) checks that lto1 defines every other symbol the
   plugin needs.  What the passes know from the front end reaches lto1
   on the declarations in the object: primitives.cc carries the runtime's
   declarations and the complete struct er_view and er_record,
   stripmine.cc the #pragma erbium burst of each function.  Any other
   front end (cc1plus ...) is refused with an error.  */

#include "gcc-plugin.h"
#include "plugin-version.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "c-frontend.h"
#include "tree-pass.h"
#include "context.h"
#include "dumpfile.h"
#include "diagnostic-core.h"
#include "langhooks.h"
#include "erbium-plugin.h"
/* ERBIUM_VERSION_STRING, the version of AC_INIT (configure.ac).  */
#include "erbium/version.h"

/* GCC loads only plugins that define this (GCC internals, "Plugins").  */
int plugin_is_GPL_compatible;

/* See erbium-plugin.h.  */
bool erbium_c_frontend;

/* The defaults of the plugin arguments; see erbium-plugin.h.  */
struct erbium_options erbium_opts = {
  /* lower */ true,
  /* window */ true,
  /* check */ false,
  /* stripmine */ true,
  /* burst */ 0,
  /* loopalign */ ERBIUM_LOOPALIGN_CHANGED,
  /* ivmerge */ true,
  /* graph */ NULL,
  /* fuse */ ERBIUM_FUSE_AUTO,
  /* split */ ERBIUM_SPLIT_AUTO,
};

/* The comma-separated pass list given to dump=, or "" for all passes;
   NULL when no dump was requested.  Read by erbium_dump_requested.  */
static const char *erbium_dump_list;

/* How an argument's value is read (plugin_init).  */
enum erbium_arg_kind
{
  ERBIUM_ARG_BOOL,		/* NAME[=0|1]: sets *FLAG */
  ERBIUM_ARG_BURST,		/* burst=N */
  ERBIUM_ARG_LOOPALIGN,		/* loopalign=0|1|all */
  ERBIUM_ARG_DUMP,		/* dump[=PASS,...] */
  ERBIUM_ARG_GRAPH,		/* graph=FILE */
  ERBIUM_ARG_FUSE,		/* fuse=auto|off|all */
  ERBIUM_ARG_SPLIT,		/* split=auto|off */
  ERBIUM_ARG_WERROR,		/* Werror=NAME,... */
  ERBIUM_ARG_WNO_ERROR,		/* Wno-error=NAME,... */
  ERBIUM_ARG_VERSION,		/* version */
  ERBIUM_ARG_HELP		/* help */
};

/* The plugin's arguments (-fplugin-arg-erbium-NAME[=VALUE]): NAME, its
   form and what it does for the help text (-fplugin-arg-erbium-help),
   how its value is read and, for a boolean, the option it sets.  The
   words of fuse= and split= are read from their forms.  The
   help text and the list of valid names in the error for an unknown
   argument are made from this table.  */
static const struct erbium_arg
{
  const char *name;
  const char *form;
  const char *help;
  enum erbium_arg_kind kind;
  bool *flag;
} erbium_args[] = {
  { "lower", "lower=0|1",
    "inline the primitives after the vectoriser (default 1)",
    ERBIUM_ARG_BOOL, &erbium_opts.lower },
  { "window", "window=0|1",
    "window addressing for view elements (default 1)",
    ERBIUM_ARG_BOOL, &erbium_opts.window },
  { "check", "check=0|1",
    "keep per-access ERBIUM_CHECK checks in loops (default 0)",
    ERBIUM_ARG_BOOL, &erbium_opts.check },
  { "stripmine", "stripmine=0|1",
    "strip-mine element-at-a-time view loops into bursts (default 1)",
    ERBIUM_ARG_BOOL, &erbium_opts.stripmine },
  { "burst", "burst=N",
    "the strip-miner's burst in elements (default 0: 64 cache lines of "
    "elements)", ERBIUM_ARG_BURST, NULL },
  { "loopalign", "loopalign=0|1|all",
    "start short loops of transformed functions (1) or of all functions "
    "where no 64-byte block overflows the op cache (x86, default 1)",
    ERBIUM_ARG_LOOPALIGN, NULL },
  { "ivmerge", "ivmerge=0|1",
    "one index instead of a pointer per view in loops whose views advance "
    "alike (default 1)", ERBIUM_ARG_BOOL, &erbium_opts.ivmerge },
  { "dump", "dump[=PASS,...]",
    "write the plugin passes' dumps (erbium-noop, erbium-stripmine, "
    "erbium-window, erbium-lower, erbium-ivmerge, erbium-loopalign, "
    "erbium-tasks; default all)",
    ERBIUM_ARG_DUMP, NULL },
  { "graph", "graph=FILE",
    "write the unit's network of OpenMP stream task sites and Erbium-C "
    "processes as Graphviz to FILE", ERBIUM_ARG_GRAPH, NULL },
  { "fuse", "fuse=auto|off|all",
    "fuse the writer and reader of eligible streams between OpenMP stream "
    "task sites into one process: as the plugin decides, never, or always "
    "(default auto)", ERBIUM_ARG_FUSE, NULL },
  { "split", "split=auto|off",
    "run eligible OpenMP stream task sites as several workers as the "
    "plugin decides, or never (default auto)", ERBIUM_ARG_SPLIT, NULL },
  { "Werror", "Werror=NAME,...",
    "make the plugin's warnings -WNAME errors (GCC rejects "
    "-Werror=erbium-...)", ERBIUM_ARG_WERROR, NULL },
  { "Wno-error", "Wno-error=NAME,...",
    "keep the plugin's warnings -WNAME warnings under -Werror (GCC rejects "
    "-Wno-error=erbium-...)", ERBIUM_ARG_WNO_ERROR, NULL },
  { "version", "version",
    "print the plugin's version on standard output", ERBIUM_ARG_VERSION,
    NULL },
  { "help", "help", "print this text", ERBIUM_ARG_HELP, NULL },
};

/* The plugin's description for GCC (PLUGIN_INFO: gcc -v prints the
   version on its "Versions of loaded plugins" line), its help text made
   from erbium_args by erbium_make_help.  */
static struct plugin_info erbium_plugin_info = { ERBIUM_VERSION_STRING,
						 NULL };

/* Concatenate the N strings of PARTS into a new string (xmalloc).  */
static char *
erbium_join (const char *const *parts, size_t n)
{
  size_t len = 1;
  for (size_t i = 0; i < n; i++)
    len += strlen (parts[i]);
  char *s = XNEWVEC (char, len), *p = s;
  for (size_t i = 0; i < n; i++)
    p = stpcpy (p, parts[i]);
  return s;
}

/* The help text: a line on the plugin, then every argument's form and
   what it does, then the plugin's warnings.  */
static char *
erbium_make_help (void)
{
  const size_t n = ARRAY_SIZE (erbium_args);
  const char *parts[4 + 4 * ARRAY_SIZE (erbium_args)];
  size_t k = 0;
  parts[k++] = "Erbium streaming processes, records and views for C "
	       "(Miranda et al., CASES 2010).  Arguments "
	       "(-fplugin-arg-erbium-NAME[=VALUE]): ";
  for (size_t i = 0; i < n; i++)
    {
      parts[k++] = erbium_args[i].form;
      parts[k++] = " ";
      parts[k++] = erbium_args[i].help;
      parts[k++] = i + 1 < n ? "; " : ".";
    }
  parts[k++] = "  Warnings (each off with -Wno-NAME): ";
  parts[k++] = erbium_warnings_help ();
  parts[k++] = ".";
  return erbium_join (parts, k);
}

/* Print the help of -fplugin-arg-BASE_NAME-help on stdout, one line
   per argument of erbium_args: the option with its value's form, then
   what it does; then a line per warning of the plugin.  Compilation
   goes on after it (docs/plugin.md).  */
static void
erbium_print_help (const char *base_name)
{
  int width = 0;
  for (const auto &a : erbium_args)
    width = MAX (width, (int) strlen (a.form));
  fprintf (stdout, "Erbium plugin arguments "
	   "(-fplugin-arg-%s-NAME[=VALUE]):\n", base_name);
  for (const auto &a : erbium_args)
    fprintf (stdout, "  -fplugin-arg-%s-%-*s  %s\n", base_name, width,
	     a.form, a.help);
  fprintf (stdout, "Erbium warnings (each off with -Wno-NAME): %s\n",
	   erbium_warnings_help ());
  fflush (stdout);
}

/* The names of the arguments, separated by commas (the error for an
   unknown argument).  */
static char *
erbium_arg_names (void)
{
  const size_t n = ARRAY_SIZE (erbium_args);
  const char *parts[2 * ARRAY_SIZE (erbium_args)];
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    {
      parts[k++] = erbium_args[i].name;
      if (i + 1 < n)
	parts[k++] = ", ";
    }
  return erbium_join (parts, k);
}

/* Parse VALUE of boolean argument KEY into *OUT: "1" (or "yes", or no
   value) sets it, "0" (or "no") clears it.  Anything else is an error
   naming KEY and saying it EXPECTED ("0 or 1" for a plain boolean);
   returns false then.  */
static bool
erbium_parse_bool (const char *key, const char *value, bool *out,
		   const char *expected = "0 or 1")
{
  if (!value || !strcmp (value, "1") || !strcmp (value, "yes"))
    *out = true;
  else if (!strcmp (value, "0") || !strcmp (value, "no"))
    *out = false;
  else
    {
      error ("erbium plugin: argument %<%s=%s%>: expected %s",
	     key, value, expected);
      return false;
    }
  return true;
}

/* Parse VALUE of argument ARG, one of the words its form lists after
   `=' ("fuse=auto|off|all"), into *OUT: the word's position (0 for the
   first).  Anything else (or no value) is an error naming ARG and the
   words allowed ("auto, off or all"); returns false then.  */
static bool
erbium_parse_word (const struct erbium_arg *arg, const char *value,
		   int *out)
{
  const char *words = strchr (arg->form, '=') + 1;
  int bars = 0;
  for (const char *w = words;; w++, bars++)
    {
      size_t len = strcspn (w, "|");
      if (value && strlen (value) == len && !strncmp (value, w, len))
	{
	  *out = bars;
	  return true;
	}
      w += len;
      if (!*w)
	break;
    }
  char *allowed = XNEWVEC (char, 4 * strlen (words) + 1), *p = allowed;
  for (const char *c = words; *c; c++)
    if (*c != '|')
      *p++ = *c;
    else
      p = stpcpy (p, --bars ? ", " : " or ");
  *p = 0;
  error ("erbium plugin: argument %<%s=%s%>: expected %s", arg->name,
	 value ? value : "", allowed);
  free (allowed);
  return false;
}

/* See erbium-plugin.h.  */
bool
erbium_dump_requested (const char *pass_name)
{
  if (!erbium_dump_list)
    return false;
  if (!*erbium_dump_list)
    return true;
  size_t n = strlen (pass_name);
  for (const char *p = erbium_dump_list; *p;)
    {
      const char *e = strchr (p, ',');
      size_t len = e ? (size_t) (e - p) : strlen (p);
      if (len == n && !strncmp (p, pass_name, n))
	return true;
      p += len + (e != NULL);
    }
  return false;
}

/* Register PASS (a new pass object of the plugin) with GCC's pass
   manager at POS (PASS_POS_INSERT_AFTER or _BEFORE) relative to instance
   INSTANCE (1 = the first; 0 = every one, each getting a clone of PASS)
   of the pass named REF, for the plugin PLUGIN_NAME (GCC internals,
   "Plugins": "Interacting with the pass manager"); then turn on PASS's
   dump when the dump argument names it (erbium_dump_requested).  An
   unknown REF is GCC's fatal error at registration.  */
static void
erbium_register_pass (const char *plugin_name, opt_pass *pass,
		      const char *ref, int instance, int pos)
{
  struct register_pass_info info;
  info.pass = pass;
  info.reference_pass_name = ref;
  info.ref_pass_instance_number = instance;
  info.pos_op = (enum pass_positioning_ops) pos;
  const char *name = pass->name;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
  if (erbium_dump_requested (name))
    erbium_enable_dump (name);
}

/* See erbium-plugin.h.  */
bool
erbium_enable_dump (const char *pass_name)
{
  gcc::dump_manager *dumps = g->get_dumps ();
  bool ok = false;
  for (const char *kind : { "tree-", "rtl-" })
    {
      char *sw = concat (kind, pass_name, NULL);
      ok = dumps->get_dump_file_info_by_switch (sw) != NULL;
      if (ok)
	dumps->dump_switch_p (sw);
      free (sw);
      if (ok)
	break;
    }
  return ok;
}

/* When a row of erbium_passes is registered.  */
enum erbium_pass_when
{
  ERBIUM_PASS_ALWAYS,		/* in cc1 and lto1 */
  ERBIUM_PASS_CC1,		/* only with the C front end (cc1) */
  ERBIUM_PASS_NO_TSAN,		/* without -fsanitize=thread */
  ERBIUM_PASS_TSAN		/* with -fsanitize=thread */
};

/* Where each pass of the plugin runs, in the order of GCC's pipeline, as
   GCC's passes.def lists its own: the pass (made by its file's
   erbium_make_*_pass), the GCC pass REF it is placed at, which
   instance of REF (1 = the first; 0 = every one, each getting a clone),
   before or after it, and when the row applies.  erbium_register_passes
   registers the rows placed at a pass of GCC first, then those placed at
   a pass of the plugin (erbium-stripmine just before erbium-window).
   The passes run after cc1's front end; those after IPA run in lto1 too
   at -flto (the head comment).  GCC-PLUGIN-NOTES.md, "Passes".  */
static const struct erbium_pass_place
{
  opt_pass *(*make) (gcc::context *);
  const char *ref;
  int instance;
  enum pass_positioning_ops pos;
  enum erbium_pass_when when;
} erbium_passes[] = {
  /* erbium-noop (noop.cc): right after "ssa", at every -O level.  */
  { erbium_make_noop_pass, "ssa", 1, PASS_POS_INSERT_AFTER,
    ERBIUM_PASS_ALWAYS },
  /* erbium-stripmine (stripmine.cc): just before erbium-window.  */
  { erbium_make_stripmine_pass, "erbium-window", 1, PASS_POS_INSERT_BEFORE,
    ERBIUM_PASS_ALWAYS },
  /* erbium-window (window.cc): after "laddress", i.e. before lim2.  */
  { erbium_make_window_pass, "laddress", 1, PASS_POS_INSERT_AFTER,
    ERBIUM_PASS_ALWAYS },
  /* erbium-lower (lower.cc) under -fsanitize=thread: one instance just
     before the first "tsan", which runs before the loop pipeline:
     ThreadSanitizer instruments the code it sees then, and the inline
     fast paths must be part of it, their acquire loads and release
     stores becoming __tsan_atomic64_load/store calls (tsan.cc,
     instrument_builtin_call).  Expanded after it, the fast paths would
     publish and read indices unseen, and every element a consumer reads
     would be reported as a race with the producer's write.  The
     vectoriser then sees the expanded code, which does not matter for a
     program built to be checked.  */
  { erbium_make_lower_pass, "tsan", 1, PASS_POS_INSERT_BEFORE,
    ERBIUM_PASS_TSAN },
  /* erbium-taskloop (taskloop.cc): the static conversion of task
     creation loops, just before the loop pipeline.  */
  { erbium_make_taskloop_pass, "loop", 1, PASS_POS_INSERT_BEFORE,
    ERBIUM_PASS_CC1 },
  /* erbium-lower (lower.cc): after "vect" (GCC-PLUGIN-NOTES.md, "Late
     lowering"), and a clone after every "slp": functions without loops
     skip the loop pipeline (pass_tree_no_loop runs instead), and "slp"
     is the pass there that corresponds to "vect".  The clones are named
     erbium-lower1 (after slp1 in the loop pipeline, finding nothing
     left) and erbium-lower2 (pass_tree_no_loop).  */
  { erbium_make_lower_pass, "vect", 1, PASS_POS_INSERT_AFTER,
    ERBIUM_PASS_NO_TSAN },
  { erbium_make_lower_pass, "slp", 0, PASS_POS_INSERT_AFTER,
    ERBIUM_PASS_NO_TSAN },
  /* erbium-ivmerge (ivmerge.cc): right after the first "ivopts".  */
  { erbium_make_ivmerge_pass, "ivopts", 1, PASS_POS_INSERT_AFTER,
    ERBIUM_PASS_ALWAYS },
  /* erbium-tasks (tasksites.cc): the dump of every task site, after
     "optimized".  */
  { erbium_make_tasks_pass, "optimized", 1, PASS_POS_INSERT_AFTER,
    ERBIUM_PASS_CC1 },
  /* erbium-loopalign (loopalign.cc): after "mach" (machine-dependent
     reorg: the last pass that moves instructions on x86), on x86 only.
     The plugin is built by and for the native GCC 12 (Makefile), so the
     host's architecture is the target's.  */
#if defined (__x86_64__) || defined (__i386__)
  { erbium_make_loopalign_pass, "mach", 1, PASS_POS_INSERT_AFTER,
    ERBIUM_PASS_ALWAYS },
#endif
};

/* Whether the row PLACE of erbium_passes applies to this compiler.  */
static bool
erbium_pass_applies_p (const struct erbium_pass_place &place)
{
  bool tsan = (flag_sanitize & SANITIZE_THREAD) != 0;
  switch (place.when)
    {
    case ERBIUM_PASS_CC1:
      return erbium_c_frontend;
    case ERBIUM_PASS_NO_TSAN:
      return !tsan;
    case ERBIUM_PASS_TSAN:
      return tsan;
    default:
      return true;
    }
}

/* Register the passes of erbium_passes that apply, for the plugin
   PLUGIN_NAME: first those placed at a pass of GCC, then those placed at
   a pass of the plugin, which must exist by then.  */
static void
erbium_register_passes (const char *plugin_name)
{
  for (int at_plugin = 0; at_plugin < 2; at_plugin++)
    for (const auto &place : erbium_passes)
      if (startswith (place.ref, "erbium-") == (at_plugin != 0)
	  && erbium_pass_applies_p (place))
	erbium_register_pass (plugin_name, place.make (g), place.ref,
			      place.instance, place.pos);
  /* The dumps of erbium-lower's clones (the table).  */
  if (!(flag_sanitize & SANITIZE_THREAD)
      && erbium_dump_requested ("erbium-lower"))
    {
      erbium_enable_dump ("erbium-lower1");
      erbium_enable_dump ("erbium-lower2");
    }
}

/* Which compiler loaded the plugin: cc1, the C compiler (sets
   erbium_c_frontend), or lto1.  Returns false after a GCC error for any
   other compiler, or a C compiler without the front-end symbols the
   plugin needs (c-frontend.h).  */
static bool
erbium_check_language (void)
{
  /* cc1 (the C front end and every pass) or lto1 (the passes, at the
     link of -flto objects).  lang_hooks.name is the front end's
     LANG_HOOKS_NAME, "GNU C", which c-opts.cc turns into "GNU C89" ...
     "GNU C2X" by the -std in force; "GNU GIMPLE" in lto1.  */
  const char *lang = lang_hooks.name;
  if (startswith (lang, "GNU C")
      && strspn (lang + 5, "0123456789X") == strlen (lang + 5))
    {
      const char *missing = erbium_c_frontend_missing ();
      if (missing)
	{
	  error ("erbium plugin: this C compiler does not define %qs, which "
		 "the front end of the plugin needs; rebuild the plugin with "
		 "the plugin headers of this compiler", missing);
	  return false;
	}
      erbium_c_frontend = true;
    }
  else if (strcmp (lang, "GNU GIMPLE"))
    {
      error ("erbium plugin: the Erbium language is C: the plugin runs in "
	     "the C compiler (cc1) and at link-time optimisation (lto1), not "
	     "in the %s compiler", lang);
      return false;
    }
  return true;
}

/* -fplugin-arg-erbium-version: the plugin's version (AC_INIT's, in
   configure.ac) and the GCC it was built for, on stdout.  */
static void
erbium_print_version (void)
{
  fprintf (stdout, "erbium plugin %s (Erbium for GCC), for GCC %s\n",
	   ERBIUM_VERSION_STRING, gcc_version.basever);
  fflush (stdout);
}

/* Apply argument ARG (a row of erbium_args), given as KEY with VALUE
   (NULL without `='), for the plugin BASE_NAME: into erbium_opts or the
   dump and warning settings.  Returns false after a GCC error naming a
   bad value.  */
static bool
erbium_apply_arg (const struct erbium_arg *arg, const char *key,
		  const char *value, const char *base_name)
{
  switch (arg->kind)
    {
    case ERBIUM_ARG_BOOL:
      if (!erbium_parse_bool (key, value, arg->flag))
	return false;
      break;
    case ERBIUM_ARG_BURST:
      {
	char *end = NULL;
	long n = value ? strtol (value, &end, 10) : -1;
	if (!value || *end || n < 0 || n > (1L << 24))
	  {
	    error ("erbium plugin: argument %<burst=%s%>: expected a "
		   "number of elements from 0 (derived from the cache "
		   "line) to %ld", value ? value : "", 1L << 24);
	    return false;
	  }
	erbium_opts.burst = (int) n;
      }
      break;
    case ERBIUM_ARG_LOOPALIGN:
      {
	bool on;
	if (value && !strcmp (value, "all"))
	  erbium_opts.loopalign = ERBIUM_LOOPALIGN_ALL;
	else if (erbium_parse_bool (key, value, &on, "0, 1 or all"))
	  erbium_opts.loopalign = (on ? ERBIUM_LOOPALIGN_CHANGED
				   : ERBIUM_LOOPALIGN_OFF);
	else
	  return false;
      }
      break;
    case ERBIUM_ARG_DUMP:
      erbium_dump_list = value ? value : "";
      break;
    case ERBIUM_ARG_GRAPH:
      if (!value || !*value)
	{
	  error ("erbium plugin: argument %<graph%>: expected a file name "
		 "(%<-fplugin-arg-%s-graph=FILE.dot%>)", base_name);
	  return false;
	}
      erbium_opts.graph = value;
      break;
    case ERBIUM_ARG_FUSE:
    case ERBIUM_ARG_SPLIT:
      {
	/* The forms list the words in the order of the enums.  */
	int v;
	if (!erbium_parse_word (arg, value, &v))
	  return false;
	if (arg->kind == ERBIUM_ARG_FUSE)
	  erbium_opts.fuse = (enum erbium_fuse_mode) v;
	else
	  erbium_opts.split = (enum erbium_split_mode) v;
      }
      break;
    case ERBIUM_ARG_WERROR:
    case ERBIUM_ARG_WNO_ERROR:
      if (!erbium_set_warnings_error (key, value,
				      arg->kind == ERBIUM_ARG_WERROR))
	return false;
      break;
    case ERBIUM_ARG_VERSION:
      erbium_print_version ();
      break;
    case ERBIUM_ARG_HELP:
      erbium_print_help (base_name);
      break;
    }
  return true;
}

/* Parse the plugin's arguments in INFO (erbium_args) into erbium_opts
   and the dump and warning settings.  Returns false after a GCC error
   naming a bad or unknown argument.  */
static bool
erbium_parse_args (struct plugin_name_args *info)
{
  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key;
      const struct erbium_arg *arg = NULL;
      for (const auto &a : erbium_args)
	if (!strcmp (key, a.name))
	  arg = &a;
      if (!arg)
	{
	  char *names = erbium_arg_names ();
	  error ("erbium plugin: unknown argument %<-fplugin-arg-%s-%s%>; "
		 "valid arguments are: %s", info->base_name, key, names);
	  free (names);
	  return false;
	}
      if (!erbium_apply_arg (arg, key, info->argv[i].value, info->base_name))
	return false;
    }
  return true;
}

/* Called by GCC once after loading the plugin (GCC internals,
   "Plugins"): INFO holds its base name and arguments, VERSION the
   loading compiler's version.  Checks the version, parses the arguments
   into erbium_opts and registers every part's callbacks and passes.
   Returns 0, or 1 after a GCC error for a version mismatch or a bad
   argument (GCC then reports that the plugin failed to initialise).  */
int
plugin_init (struct plugin_name_args *info,
	     struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("erbium plugin: built for GCC %s (%s) but loaded into GCC %s "
	     "(%s); rebuild the plugin with the plugin headers of this "
	     "compiler", gcc_version.basever, gcc_version.datestamp,
	     version->basever, version->datestamp);
      return 1;
    }

  if (!erbium_check_language ())
    return 1;

  erbium_plugin_info.help = erbium_make_help ();
  erbium_read_warning_options ();
  if (!erbium_parse_args (info))
    return 1;

  register_callback (info->base_name, PLUGIN_INFO, NULL,
		     (void *) &erbium_plugin_info);
  erbium_init_attributes (info->base_name);
  erbium_init_primitives (info->base_name);
  if (erbium_c_frontend)
    {
      erbium_init_frontend (info->base_name);
      /* After frontend.cc: its PLUGIN_PRE_GENERICIZE callback runs
	 first, so that Erbium constructs in task bodies are rewritten
	 before the bodies are outlined.  */
      erbium_init_omp_stream (info->base_name);
    }
  erbium_init_stripmine (info->base_name);
  erbium_register_passes (info->base_name);
  return 0;
}
