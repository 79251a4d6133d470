/* SPDX-License-Identifier: GPL-3.0-or-later */
/* erbium-plugin.h -- declarations shared by the files of the Erbium GCC
   plugin.  plugin.cc parses the plugin arguments into erbium_opts, calls
   each part's init function and places every pass (its table
   erbium_passes); every other file owns one concern (see the table in
   docs/plugin.md), registers its own callbacks from its init function
   and makes its pass object (erbium_make_*_pass).  GCC internals:
   "Plugins" chapter of the GCC internals manual.  */

#ifndef ERBIUM_PLUGIN_H
#define ERBIUM_PLUGIN_H

/* ATTRIBUTE_GCC_DIAG, for erbium_warning_at.  Included last, after the
   GCC headers each file needs.  */
#include "diagnostic-core.h"

/* Values of the loopalign option: which functions erbium-loopalign
   places the loops of.  */
enum erbium_loopalign
{
  ERBIUM_LOOPALIGN_OFF,		/* loopalign=0: none */
  ERBIUM_LOOPALIGN_CHANGED,	/* loopalign=1: those the plugin changed */
  ERBIUM_LOOPALIGN_ALL		/* loopalign=all: every function */
};

/* Values of the fuse option: which eligible edges of the network of
   OpenMP stream task sites are fused (docs/omp-stream.md, "Grain").  */
enum erbium_fuse_mode
{
  ERBIUM_FUSE_AUTO,		/* fuse=auto: as the plugin decides */
  ERBIUM_FUSE_OFF,		/* fuse=off: none */
  ERBIUM_FUSE_ALL		/* fuse=all: every eligible edge */
};

/* Values of the split option: whether sites may be split into
   workers.  */
enum erbium_split_mode
{
  ERBIUM_SPLIT_AUTO,		/* split=auto: as the plugin decides */
  ERBIUM_SPLIT_OFF		/* split=off: none */
};

/* Options set by -fplugin-arg-erbium-NAME[=VALUE] (GCC internals,
   "Plugins": struct plugin_name_args); parsed by plugin_init, defaults in
   plugin.cc, listed by -fplugin-arg-erbium-help and in docs/plugin.md
   ("Arguments").  A boolean takes 0 or 1 (also no or yes; no
   value means 1); any other value, an out-of-range burst or an unknown
   NAME is a GCC error naming the argument, and plugin_init then fails
   (GCC reports that the plugin did not initialise).  dump[=PASS,...] is
   not here: see erbium_dump_requested.  */
struct erbium_options
{
  /* lower=0|1 (default 1): expand the primitives inline after the
     vectoriser, as sync.h's fast paths (1, lower.cc), or leave them as
     calls into liberbium (0).  Only at -O1 and above, not -Os.  Source:
     paper section 4 (the primitives' "shared-memory specializations
     after the main optimization passes"); GCC-PLUGIN-NOTES.md, "Passes",
     for the placement.  */
  bool lower;
  /* window=0|1 (default 1): turn view element accesses (er_elem) into
     window addressing the loop optimisers can see (1, window.cc), or
     leave er_elem calls (0).  Source: paper section 4 (one buffer per
     record, shared by its views; its mapping twice back to back is this
     project's); GCC internals, "Loop Analysis and Representation"
     (simple_iv, loop_version).  */
  bool window;
  /* check=0|1 (default 0): keep ERBIUM_CHECK=1 index checking on every
     element access (1), even where window addressing would hoist it out
     of a loop (0).  Source: the runtime's check mode (sync.h er_elem),
     not the paper.  */
  bool check;
  /* stripmine=0|1 (default 1): strip-mine element-at-a-time loops over
     views into bursts (1, stripmine.cc; paper section 4, "we
     systematically strip-mine bursts"), or leave them (0).  */
  bool stripmine;
  /* burst=N: the strip-miner's burst in elements, 0 to 2^24, for every
     loop without its own #pragma erbium burst; 0 (default) derives it
     from the cache line size and the element size (GCC's
     --param l1-cache-line-size, the GCC manual's "Optimize Options").  */
  int burst;
  /* loopalign=0|1|all (default 1): start the short innermost loops of
     the functions the plugin changed (1), or of every function (all:
     for plain C built to be compared with Erbium code, e.g. the FM
     benchmark's peers), where no 64-byte block of their code holds
     more instructions than the op cache keeps (loopalign.cc; x86
     only), or leave them where GCC puts them (0).  Source: measured,
     not from a manual (docs/performance.md, "Code placement"); GCC
     internals, "RTL passes" and "Instruction Attributes".  */
  enum erbium_loopalign loopalign;
  /* ivmerge=0|1 (default 1): after IVOPTs, give the induction variables
     of an innermost loop that address views with the same step one index
     and a base per view (1, ivmerge.cc), or keep IVOPTs' pointer per view
     (0).  Source: measured on the FM receiver (one index and a base per
     view took fewer instructions per iteration), not the paper; GCC internals, "Loop Analysis and Representation".  */
  bool ivmerge;
  /* graph=FILE: write the unit's network of OpenMP stream task sites
     (network.h) as Graphviz to FILE, a path relative to the compiler's
     working directory, overwritten; NULL (default) writes nothing.  A
     FILE that cannot be written is a GCC error naming it.  Source: the
     Erbium paper's process network (section 3); the format is
     Graphviz's DOT language.  */
  const char *graph;
  /* fuse=auto|off|all (default auto): fuse the writer and the reader of
     the edges of the network of OpenMP stream task sites that may be
     fused (netgrain.cc) into one process with a static schedule: as the
     plugin decides (auto: when both bodies are cheap by the network's
     work estimate, fuse.cc), none (off), or every eligible edge (all).  A site's
     `#pragma erbium grain fuse(...)' overrides auto.  Source: the
     Erbium paper's grain adaptation (section 3); docs/omp-stream.md,
     "Grain".  */
  enum erbium_fuse_mode fuse;
  /* split=auto|off (default auto): run a site that may be split
     (netgrain.cc) as several persistent workers as the plugin decides
     (auto), or never (off).  A site's `#pragma erbium grain split(N)'
     overrides auto.  Same sources.  */
  enum erbium_split_mode split;
};

extern struct erbium_options erbium_opts;

/* True when the plugin runs in cc1, the C compiler: the front-end parts
   (attributes' macro, pragmas, frontend.cc) register their callbacks
   only then.  False in lto1, where the plugin runs its passes at the
   link of -flto objects and GCC's C front end does not exist
   (c-frontend.h).  Set by plugin_init before any part's init.  */
extern bool erbium_c_frontend;

/* The plugin's warnings, each with its option name -Werbium-NAME
   (warnings.cc has the names and what each reports; docs/language.md lists
   them).  */
enum erbium_warning
{
  /* -Werbium-noop: a commit, update, stall or release that provably
     does nothing (noop.cc).  */
  ERBIUM_WARN_NOOP,
  /* -Werbium-burst-pragma: a malformed #pragma erbium burst, or one that
     sets no loop's burst (stripmine.cc).  */
  ERBIUM_WARN_BURST_PRAGMA,
  /* -Werbium-negative-index: a negative constant index in a view
     subscript or a primitive (primitives.cc).  */
  ERBIUM_WARN_NEGATIVE_INDEX,
  /* -Werbium-implicit-stream: a pointer that is no declared stream used
     as one in a clause of a task pragma (OMP-STREAM-SPEC.md 2.4;
     pragmas.cc).  */
  ERBIUM_WARN_IMPLICIT_STREAM,
  /* -Werbium-split: #pragma erbium grain split (N) with N > 1 before a
     task site that may not be split (netgrain.cc).  */
  ERBIUM_WARN_SPLIT,
  ERBIUM_WARN_COUNT
};

/* Emit warning W at LOC with the message GMSGID (a GCC diagnostic
   format) and its arguments, followed by [-Werbium-NAME], or as an error
   followed by [-Werror=erbium-NAME] under -Werror or
   -fplugin-arg-erbium-Werror=erbium-NAME (not under
   -fplugin-arg-erbium-Wno-error=erbium-NAME); nothing under
   -Wno-erbium-NAME or -w.  Returns true when a diagnostic was emitted.
   Defined in warnings.cc.  */
bool erbium_warning_at (location_t loc, enum erbium_warning w,
			const char *gmsgid, ...) ATTRIBUTE_GCC_DIAG (3, 4);

/* Whether warning W is on (not turned off by -Wno-erbium-NAME or -w):
   what cc1 records for a warning that lto1 will emit.  warnings.cc.  */
bool erbium_warning_enabled (enum erbium_warning w);

/* Turn the warnings named in the comma-separated list NAMES (the value of
   the plugin argument KEY: Werror or Wno-error) into errors (AS_ERROR) or
   keep them warnings under -Werror (!AS_ERROR).  Returns false after a GCC
   error naming an unknown warning.  warnings.cc; called by plugin_init
   after erbium_read_warning_options.  */
bool erbium_set_warnings_error (const char *key, const char *names,
				bool as_error);

/* Turn off the warnings named by -Wno-erbium-NAME options on GCC's
   command line (which GCC keeps as unknown options); warn about a name
   that is no warning of the plugin.  warnings.cc; called by
   plugin_init.  */
void erbium_read_warning_options (void);

/* The list of the plugin's warnings for the help text: "-Werbium-NAME
   what it reports; ...".  warnings.cc.  */
const char *erbium_warnings_help (void);

/* True once the front end has met a function of a unit that includes
   <erbium.h> (a unit written in the language, not a program of the
   runtime's C API alone); read by the passes that check the language
   after parsing (noop.cc).  Defined in frontend.cc.  */
extern bool erbium_language_unit;

/* Each part registers its callbacks; PLUGIN_NAME is the name GCC gave the
   plugin (needed by register_callback).  */
void erbium_init_attributes (const char *plugin_name);	/* attributes.cc */
void erbium_init_primitives (const char *plugin_name);	/* primitives.cc */
void erbium_init_frontend (const char *plugin_name);	/* frontend.cc */
void erbium_init_stripmine (const char *plugin_name);	/* stripmine.cc */
/* The OpenMP stream extension (omp-stream.h): streams.cc, taskrt.cc,
   pragmas.cc (first of all the parts: it adjusts flag_openmp before
   GCC registers its pragmas), outline.cc (after frontend.cc),
   tasksites.cc.  */
void erbium_init_omp_stream (const char *plugin_name);	/* pragmas.cc */

/* The plugin's passes: each returns a new object of its pass for the
   pass manager CTXT (GCC internals, "Plugins": "Interacting with the
   pass manager"; GCC's own make_pass_* functions).  Where each runs is
   the table erbium_passes in plugin.cc.  */
namespace gcc { class context; }
struct opt_pass;
opt_pass *erbium_make_noop_pass (gcc::context *ctxt);	/* noop.cc */
opt_pass *erbium_make_taskloop_pass (gcc::context *ctxt);	/* taskloop.cc */
opt_pass *erbium_make_stripmine_pass (gcc::context *ctxt); /* stripmine.cc */
opt_pass *erbium_make_window_pass (gcc::context *ctxt);	/* window.cc */
opt_pass *erbium_make_lower_pass (gcc::context *ctxt);	/* lower.cc */
opt_pass *erbium_make_ivmerge_pass (gcc::context *ctxt);	/* ivmerge.cc */
opt_pass *erbium_make_tasks_pass (gcc::context *ctxt);	/* tasksites.cc */
opt_pass *erbium_make_loopalign_pass (gcc::context *ctxt); /* loopalign.cc */

/* Record that a pass of the plugin changed FUN (window.cc, stripmine.cc,
   lower.cc), so that erbium-ivmerge and erbium-loopalign work on it.
   Defined in transformed.cc.  */
struct function;
void erbium_note_transformed (struct function *fun);

/* Whether erbium_note_transformed was called for FUN.  Defined in
   transformed.cc.  */
bool erbium_transformed_p (struct function *fun);

/* Turn on the dump of the plugin pass NAME (its -fdump-tree-NAME or,
   for an RTL pass, -fdump-rtl-NAME file), as if that option had been
   given: GCC 12 parses dump options
   before plugins load.  Returns false when NAME is no registered pass.
   Defined in plugin.cc; called after registering a pass whose dump the
   dump argument names.  */
bool erbium_enable_dump (const char *pass_name);

/* True when -fplugin-arg-erbium-dump[=PASS,...] asked for the dump of
   the plugin pass PASS_NAME: named it in its comma-separated list, or
   gave no list (all passes).  Names that are no plugin pass are
   ignored (no error).  Defined in plugin.cc.  */
bool erbium_dump_requested (const char *pass_name);

/* The runtime's primitives and slow paths (primitives.cc).  The table
   there is the one list of them; window.cc and lower.cc recognise calls
   through erbium_primitive_call and reach the slow paths through
   erbium_runtime_decl.  */
struct gimple_stmt_iterator;

enum erbium_prim
{
  ERBIUM_PRIM_NONE = -1,
  ERBIUM_PRIM_COMMIT,
  ERBIUM_PRIM_UPDATE,
  ERBIUM_PRIM_STALL,
  ERBIUM_PRIM_RELEASE,
  ERBIUM_PRIM_RECEIVE,
  ERBIUM_PRIM_RECEIVE_RANGE,
  ERBIUM_PRIM_ELEM,
  ERBIUM_PRIM_BURST,
  /* View calls of <erbium.h> that are neither lowered nor given a spec
     (they take locks and may allocate): the front end checks them.  */
  ERBIUM_VIEW_ALLOC,
  ERBIUM_VIEW_FREE,
  ERBIUM_VIEW_REGISTER,
  ERBIUM_VIEW_REGISTER_NEXT,
  /* Out-of-line slow paths of runtime/include/erbium/sync.h, never
     lowered, only called by the lowered code.  */
  ERBIUM_SLOW_UPDATE,
  ERBIUM_SLOW_STALL,
  ERBIUM_SLOW_WAKE_VIEW,
  ERBIUM_SLOW_MISUSE,
  ERBIUM_SLOW_CHECK_ACCESS,
  /* The non-blocking burst grants the strip-miner calls at the head of a
     burst (sync.h er_update_upto, er_stall_upto); never lowered.  */
  ERBIUM_SLOW_UPDATE_UPTO,
  ERBIUM_SLOW_STALL_UPTO,
  ERBIUM_PRIM_MAX
};

/* View kinds, the values of struct er_view's KIND field: ER_READ and
   ER_WRITE of runtime/include/erbium/layout.h, which C++ cannot include
   (C11 atomics); keep them equal.  frontend.cc tracks the kind a view
   variable is known to have, lower.cc tests it as sync.h does.  */
enum erbium_view_kind
{
  ERBIUM_READ = 1,
  ERBIUM_WRITE = 2
};

/* The primitive STMT calls (a direct call of the runtime's extern
   declaration with the runtime's signature: first argument a pointer to
   struct er_view, the right number of arguments), or ERBIUM_PRIM_NONE.
   Slow paths are not primitives: for them it returns ERBIUM_PRIM_NONE.  */
enum erbium_prim erbium_primitive_call (const gimple *stmt);

/* The runtime's indices are 64-bit (er_index); one that a 32-bit int or
   unsigned int holds is read modulo 2^32 relative to the view's own
   index, any other exactly (erbium/sync.h, er_xlat).  For the index
   value I of a primitive call (a gimple value): the value of 32 bits or
   fewer that I was widened from (I = (long) X: X), I itself when its
   type has 32 bits or fewer or it is a constant that a 32-bit int or
   unsigned int holds, else NULL_TREE (a 64-bit index of its own, read
   exactly outside the 32-bit range).  primitives.cc.  */
tree erbium_index_narrow (tree i);

/* Warn at LOC when the index expression IDX (a tree of the front end,
   looked at through conversions) is a negative constant: stream indices
   count from 0 (paper section 3), so a negative constant index is never
   a valid one for a program that does not count past 2^31 with wrapping
   ints (erbium/sync.h, "Indices").  VIEW is the view of a subscript
   view[IDX], or NULL_TREE for an index argument of the primitive SPELL
   ("commit" ...).  A warning, not an error: with wrapping int indices a
   negative int may stand for an index past 2^31
   (-Werbium-negative-index).  primitives.cc.  */
void erbium_warn_negative_index (location_t loc, tree idx, const char *spell,
				 tree view);

/* Mark the primitive call CALL (a primitive or an element access) as one
   on a cold path, which erbium-window and erbium-lower leave a library
   call: the element path of a strip-mined loop (stripmine.cc: the
   original body, run only when a burst's grants give nothing, so that
   its primitives wait anyway) and the copy of a burst loop that runs only
   under ERBIUM_CHECK=1 (window.cc).  Expanding them inline would only
   grow the function: a function of many strip-mined loops compiled twice
   as slowly.  The mark is an internal attribute of the call's function type
   (gimple_call_fntype), which keeps its fn spec.  primitives.cc.  */
void erbium_mark_cold_call (gcall *call);

/* Whether STMT, a primitive call, was marked by erbium_mark_cold_call.
   primitives.cc.  */
bool erbium_cold_call_p (const gimple *stmt);

/* The runtime's name of primitive or slow path P ("er_commit" ...).  */
const char *erbium_prim_name (enum erbium_prim p);

/* Which table entry FNDECL is: the runtime's public extern declaration
   of that name with the runtime's prototype (parameter count, first
   parameter a pointer to struct er_view), or
   ERBIUM_PRIM_NONE (a user's own function of the same name).  */
enum erbium_prim erbium_classify_decl (const_tree fndecl);

/* How <erbium.h> spells P in source ("commit", "register_view" ...), for
   messages; NULL for the slow paths, which users do not write.  */
const char *erbium_prim_spelling (enum erbium_prim p);

/* The FUNCTION_DECL of primitive or slow path P declared in this unit, or
   NULL_TREE when the unit declares none (then nothing may call it).  */
tree erbium_runtime_decl (enum erbium_prim p);

/* The FIELD_DECL called NAME of the structure type RECORD (any variant),
   or NULL_TREE.  struct er_view and struct er_record are read this way so
   that runtime/include/erbium/layout.h stays the one description.  */
tree erbium_field (tree record, const char *name);

/* The struct er_view type that the primitive call STMT's first parameter
   points to (its complete main variant, erbium_runtime_type), or
   NULL_TREE.  */
tree erbium_view_type (const gimple *stmt);

/* The complete main variant of TYPE, a structure type: TYPE's own when
   it is complete; for struct er_view and struct er_record, which an
   -flto unit streams only as incomplete copies (free_lang_data), the
   complete type the unit had before (primitives.cc, erbium_prepare_lto);
   NULL_TREE when there is none.  */
tree erbium_runtime_type (tree type);

/* Emit, before the iterator *GSI, the masked window address of element
   INDEX (an integer value) of view V (a pointer value whose target type
   is VIEW_TYPE), as in er_elem of runtime/include/erbium/sync.h:
   V->base + ((uint32_t) INDEX & (uint32_t) V->mask) * SIZE, where SIZE is
   the INTEGER_CST element size in bytes, or NULL_TREE to read V->esize.  With
   CHECK_N non-null the check of er_elem/er_burst comes first: if
   V->check is nonzero, er_check_access (V, INDEX, CHECK_N); that splits
   the block (*GSI then points into the block after the check).  Returns
   the address (a char * value), or NULL_TREE when a field or a runtime
   declaration is missing (nothing emitted).  builder.cc.  */
tree erbium_emit_masked_elem (gimple_stmt_iterator *gsi, tree v,
			      tree view_type, tree index, tree size,
			      tree check_n);

/* The COMPONENT_REF V->NAME for the pointer value V to VIEW_TYPE (a
   struct type), or NULL_TREE when the field does not exist.  builder.cc.  */
tree erbium_view_ref (tree v, tree view_type, const char *name);

/* A constant element size for the address returned by the er_elem call
   STMT: the common TYPE_SIZE_UNIT of every dereference of its result
   (MEM_REFs at offset 0), or NULL_TREE when the result is used otherwise or
   the sizes differ.  window.cc.  */
tree erbium_elem_use_size (const gimple *stmt);

/* True when TYPE is a pointer to a structure whose tag is NAME (such as
   "er_view"): how the parts recognise the runtime's own declarations
   rather than a user's function of the same name.  primitives.cc.  */
bool erbium_pointer_to_struct_p (const_tree type, const char *name);

#endif /* ERBIUM_PLUGIN_H */
