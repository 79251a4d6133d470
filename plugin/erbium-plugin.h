/* erbium-plugin.h -- declarations shared by the files of the Erbium GCC
   plugin.  plugin.cc parses the plugin arguments into erbium_opts and calls
   each part's init function; every other file owns one concern (see the
   table in plugin/README.md) and registers its own callbacks and passes
   from its init function.  GCC internals: "Plugins" chapter of the GCC
   internals manual.  */

#ifndef ERBIUM_PLUGIN_H
#define ERBIUM_PLUGIN_H

/* Options set by -fplugin-arg-erbium-NAME[=VALUE]; defaults in plugin.cc.
   The README's "Plugin arguments" table documents each one.  */
struct erbium_options
{
  /* lower=0|1: expand the primitives inline after the vectoriser (1), or
     leave them as calls into liberbium (0).  */
  bool lower;
  /* window=0|1: turn view element accesses into window addressing the
     loop optimisers can see (1), or leave er_elem calls (0).  */
  bool window;
  /* check=0|1: keep ERBIUM_CHECK=1 index checking on every element access,
     even where window addressing would hoist it out of a loop.  */
  bool check;
};

extern struct erbium_options erbium_opts;

/* Each part registers its callbacks; PLUGIN_NAME is the name GCC gave the
   plugin (needed by register_callback).  */
void erbium_init_attributes (const char *plugin_name);	/* attributes.cc */
void erbium_init_primitives (const char *plugin_name);	/* primitives.cc */
void erbium_init_frontend (const char *plugin_name);	/* frontend.cc */
void erbium_init_window (const char *plugin_name);	/* window.cc */
void erbium_init_lower (const char *plugin_name);	/* lower.cc */

/* Turn on the dump of the plugin pass NAME (its -fdump-tree-NAME file),
   as if -fdump-tree-NAME had been given: GCC 12 parses dump options
   before plugins load.  Returns false when NAME is no registered pass.
   Defined in plugin.cc; a pass's init calls it after registering the
   pass when the dump argument names it.  */
bool erbium_enable_dump (const char *pass_name);

/* True when -fplugin-arg-erbium-dump named PASS_NAME (or named no pass,
   meaning all of them).  */
bool erbium_dump_requested (const char *pass_name);

#endif /* ERBIUM_PLUGIN_H */
