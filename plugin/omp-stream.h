/* SPDX-License-Identifier: GPL-3.0-or-later */
/* omp-stream.h -- declarations shared by the files of the plugin that
   compile the OpenMP stream extension (Pop and Cohen, "A stream-computing
   extension to OpenMP", HiPEAC 2011; the syntax OpenStream kept):
     streams.cc      the stream and stream_ref attributes, stream
                     declarations (creation, release at block exit);
     taskrt.cc       the runtime interface of <erbium/task.h> as the
                     plugin declares it itself (types and functions);
     pragma-expr.cc  C expressions written inside the pragmas' clauses;
     pragmas.cc      #pragma omp|erbium task, tick, taskwait and their
                     clauses: one erbium_site per task pragma, and a
                     marker statement where the pragma stands;
     grain.cc        #pragma erbium grain before a task pragma: the
                     site's fusion and splitting settings;
     outline.cc      at PLUGIN_PRE_GENERICIZE, each marker and the
                     statement after it become the site's body function,
                     its static er_site and the er_task_create call (or,
                     for an OpenMP task without stream clause, GCC's own
                     OMP_TASK);
     tasksites.cc    when the unit is parsed, which sites run one
                     process per instance; the dump (pass erbium-tasks);
     network.cc, netbuild.cc, netgrain.cc, netdot.cc
                     the network of the unit's sites and streams, the
                     fusion and splitting eligibility, the network
                     section of the dump and the Graphviz file
                     (network.h);
     fuse.cc         the fusion of the sites of eligible edges into one
                     process each.
   The language is described in OMP-STREAM-SPEC.md of the project
   (sections 2 to 7) and in the docs/omp-stream.md; the
   runtime's contract is runtime/include/erbium/task.h.  */

#ifndef ERBIUM_OMP_STREAM_H
#define ERBIUM_OMP_STREAM_H

/* Needs <string>: the files that include it define INCLUDE_STRING
   before system.h.  */

/* Access kinds: the values of ER_ACCESS_INPUT, _OUTPUT and _PEEK of
   <erbium/task.h> (C++ cannot include it here: keep them equal).  */
enum erbium_access_kind
{
  ERBIUM_ACC_INPUT = 1,
  ERBIUM_ACC_OUTPUT = 2,
  ERBIUM_ACC_PEEK = 3
};

/* er_site.flags and er_task_create's flags of <erbium/task.h>.  */
#define ERBIUM_SITE_PER_INSTANCE 1
/* ER_SITE_SPLIT, ER_SITE_WORKERS (W) and ER_SITE_SHARE (PERCENT): a site
   run by W workers, or by as many as its share of the work gives it on
   the cores found at run time (W = 0).  */
#define ERBIUM_SITE_SPLIT 2
#define ERBIUM_SITE_WORKERS(w) (((w) & 0xfff) << 8)
#define ERBIUM_SITE_SHARE(p) (((p) & 0xff) << 20)
#define ERBIUM_TASK_UNDEFERRED 1

/* One stream access of a task clause (input, output, peek; inout_reuse
   makes an input and an output linked by REUSE).  Trees are front-end
   expressions built at the pragma, evaluated by the creating control
   program.  */
struct erbium_access
{
  enum erbium_access_kind kind;
  /* The access in the clause (its stream's name).  */
  location_t loc;
  /* The stream handle (a void * expression: `x', `xs[i]', `s'), or for
     an array of windows the array of handles (`xs').  */
  tree stream;
  /* The declaration the stream is named by (a stream, stream_ref or
     stream parameter, or an implicitly typed pointer variable).  */
  tree stream_decl;
  /* The view: a VAR_DECL or PARM_DECL; for an implicit view, the
     variable that stands for it in the task body (streams.cc,
     erbium_implicit_view: an artificial variable, or the stream's own
     declaration, whose type is then the element type TYPE until the end
     of the function).  */
  tree view;
  bool implicit_view;
  /* The view's type (for an implicit view, the element type).  */
  tree view_type;
  /* The last bracket of the view (the burst, in view elements), or
     NULL_TREE for 1.  */
  tree burst;
  /* For an array of windows `xs >> v[K][N]': K (the number of windows
     and streams); NULL_TREE otherwise.  */
  tree count;
  /* The other access of an inout_reuse pair, or -1.  */
  int reuse;
  /* The stream's element size in bytes when its declaration gives it
     (sizeof T of `T x __attribute__((stream))'), NULL_TREE for an
     implicitly typed stream (er_stream_esize at creation).  */
  tree esize;
};

/* How a task pragma is compiled.  */
enum erbium_site_kind
{
  /* An Erbium task: a body function run by a persistent process,
     er_task_create at the pragma (outline.cc).  */
  ERBIUM_SITE_STREAM,
  /* `#pragma omp task' without stream clause: GCC's own OpenMP task
     (OMP_TASK with the clauses in OMP_CLAUSES) under -fopenmp inside an
     OpenMP construct, with a clause only OpenMP tasks have (OMP_ONLY) or
     in a unit without streams; else a data-flow task without accesses
     (OMP-STREAM-SPEC.md 6.8), lowered as ERBIUM_SITE_STREAM; without
     -fopenmp, ignored where it is no data-flow task.  Decided by
     outline.cc at the end of the function.  */
  ERBIUM_SITE_OMP
};

/* A site's fusion setting (#pragma erbium grain fuse (...), grain.cc):
   as -fplugin-arg-erbium-fuse decides, never, or always when the network
   allows it.  */
enum erbium_grain_fuse
{
  ERBIUM_GRAIN_FUSE_AUTO,
  ERBIUM_GRAIN_FUSE_NEVER,
  ERBIUM_GRAIN_FUSE_ALWAYS
};

/* The most workers #pragma erbium grain split (N) may ask for.  */
#define ERBIUM_GRAIN_SPLIT_MAX 1024

/* Data-sharing defaults (the default clause).  */
enum erbium_default
{
  ERBIUM_DEFAULT_UNSPECIFIED,
  ERBIUM_DEFAULT_SHARED,
  ERBIUM_DEFAULT_NONE,
  ERBIUM_DEFAULT_FIRSTPRIVATE,
  ERBIUM_DEFAULT_PRIVATE
};

/* One task pragma of the unit (a site).  Made by pragmas.cc at the
   pragma, lowered by outline.cc at the end of its function, given its
   process kind and dumped by tasksites.cc at the end of the unit.  The
   trees are kept alive by erbium_keep.  */
struct erbium_site
{
  /* Index in erbium_sites.  */
  int id;
  location_t loc;
  /* How the pragma was spelled: "omp task" or "erbium task".  */
  const char *pragma;
  enum erbium_site_kind kind;
  /* The function the pragma is in.  */
  tree fn;
  vec<erbium_access> accesses;
  /* The decls of the firstprivate, private and shared clauses.  */
  vec<tree> firstprivate;
  vec<tree> privates;
  vec<tree> shared;
  enum erbium_default deflt;
  /* The if clause's condition, or NULL_TREE.  */
  tree if_expr;
  /* task_name (IDENT): the identifier, or NULL_TREE.  */
  tree name;
  /* ERBIUM_SITE_OMP: the OMP_CLAUSE chain (validated; NULL_TREE without
     -fopenmp), and whether a clause only OpenMP tasks have (depend,
     final) was given.  */
  tree omp_clauses;
  bool omp_only;
  /* The pragma had errors (reported): outline.cc only removes the
     marker.  */
  bool bad;
  /* A task without stream clause lowered as a data-flow task.  */
  bool plain;
  /* The task's statement is the empty statement `;', which the C parser
     does not add to the statement list.  */
  bool empty_body;
  /* The grain settings of the #pragma erbium grain before the pragma
     (grain.cc): an enum erbium_grain_fuse, the number of workers (-1:
     auto; 1: not split), and where the grain pragma stands
     (UNKNOWN_LOCATION without one: the defaults).  */
  int grain_fuse;
  int grain_split;
  location_t grain_loc;

  /* Set by outline.cc.  The static er_site, the body function the
     runtime calls (void (void *, void *const *)) and the function the
     task's statement became (called by it), the function that contains
     the er_task_create call.  */
  tree site_var;
  tree body_fn;
  tree inner_fn;
  tree creator;
  /* What outlining made of the site, for the dump (lines).  */
  std::string dump;
  /* Set by tasksites.cc: one process per instance, and why.  */
  bool per_instance;
  std::string why;
  /* Set by taskloop.cc: per creation call it analysed, the dump line
     saying whether it got the static conversion, and why (not).  */
  std::string conversion;
};

/* Every site of the unit, in source order.  pragmas.cc.  */
extern vec<erbium_site *> erbium_sites;

/* True once the unit declares a stream or has a stream task or a tick
   (erbium_set_unit_has_streams).  */
extern bool erbium_unit_has_streams;

/* Note that the unit has streams: from then on, and in the functions
   already parsed, `#pragma omp taskwait' also waits for the Erbium tasks
   (er_taskwait after GOMP_taskwait).  pragmas.cc.  */
void erbium_set_unit_has_streams (void);

/* True when the plugin owns `#pragma omp task|tick|taskwait' with
   -fopenmp given (pragmas.cc, erbium_omp_pragmas_registered).  */
extern bool erbium_openmp;

/* Keep tree T alive for the garbage collector until the end of the unit
   (the sites hold trees across functions).  Returns T.  taskrt.cc.  */
tree erbium_keep (tree t);

/* ---- streams.cc ---- */

/* What a declaration is as a stream.  */
enum erbium_stream_kind
{
  ERBIUM_NOT_STREAM,
  /* `T x __attribute__((stream))' in a block (one stream, or an array
     of streams): created at its declaration, released at block exit.  */
  ERBIUM_STREAM_VAR,
  /* A stream parameter (`T s __attribute__((stream))', `T s[]'),
     never created nor released here.  */
  ERBIUM_STREAM_PARM,
  /* `T r __attribute__((stream_ref))': a handle variable.  */
  ERBIUM_STREAM_REF
};

/* The stream kind of DECL, and in *ELT (when not NULL) the element type
   T of its declaration.  */
enum erbium_stream_kind erbium_stream_decl (const_tree decl, tree *elt);

/* True when DECL's handle is an array of stream handles (an array of
   streams or a selection array, or a `T s[]' parameter).  */
bool erbium_stream_array_p (const_tree decl);

/* The variable that stands for the implicit view of the stream STREAM
   (a declaration of kind other than ERBIUM_NOT_STREAM) in task bodies:
   an artificial variable declared in the current scope, or STREAM
   itself, typed as its element until erbium_restore_streams; see
   streams.cc.  */
tree erbium_implicit_view (tree stream, location_t loc);

/* An expression of the handle of stream DECL (a declaration of a single
   stream): DECL, or, while DECL stands for an implicit view, an access
   to its storage as a handle.  */
tree erbium_stream_ref (tree decl);

/* Give the streams that stood for implicit views their handle types
   back: at the end of their function (outline.cc).  */
void erbium_restore_streams (void);

/* When DECL is such an implicit view variable, the stream it stands
   for; else NULL_TREE.  */
tree erbium_implicit_view_stream (const_tree decl);

/* Register the attributes and the declaration callback.  */
void erbium_init_streams (const char *plugin_name);

/* ---- taskrt.cc ---- */

/* The runtime functions the lowering calls (runtime/include/erbium/
   task.h).  */
enum erbium_task_fn
{
  ERBIUM_FN_STREAM_NEW,
  ERBIUM_FN_STREAM_NEW_ARRAY,
  ERBIUM_FN_STREAM_RETAIN,
  ERBIUM_FN_STREAM_RELEASE,
  ERBIUM_FN_STREAM_ESIZE,
  ERBIUM_FN_TASK_CREATE,
  ERBIUM_FN_STREAM_TICK,
  ERBIUM_FN_TASKWAIT,
  ERBIUM_FN_TASK_CREATE_RANGE,
  ERBIUM_FN_COUNT
};

/* The FUNCTION_DECL of runtime function F: the unit's own declaration
   when it has one (it includes <erbium/task.h>), else the plugin's
   (never entered into the C scope), with void * for the er_stream,
   er_site and er_task_access pointers.  */
tree erbium_task_fn (enum erbium_task_fn f);

/* Build a call of runtime function F at LOC with the N arguments that
   follow, each converted to the parameter's type.  */
tree erbium_task_call (location_t loc, enum erbium_task_fn f, int n, ...);

/* struct er_task_access { er_stream *stream; int kind; int64_t burst;
   int64_t horizon; } and its fields; struct er_site { void (*body)
   (void *, void *const *); const char *where; int flags; void *rt; }.
   Built by the plugin with the layout of <erbium/task.h>.  */
tree erbium_access_type (void);
tree erbium_site_type (void);
/* The FIELD_DECL called NAME of TYPE (one of the two above).  */
tree erbium_task_field (tree type, const char *name);

/* struct er_task_step { uint32_t offset; uint32_t width; int64_t
   step; } of <erbium/task.h> (er_task_create_range).  */
tree erbium_step_type (void);

/* The type of a task body: void (void *, void *const *).  */
tree erbium_body_fntype (void);

/* The type int64_t (the runtime's bursts, horizons and tick counts).  */
tree erbium_int64_type (void);

/* A string literal "S" of type const char * (its address).  */
tree erbium_string_literal (const char *s);

/* Register the GC root.  */
void erbium_init_taskrt (const char *plugin_name);

/* ---- pragma-expr.cc ---- */

/* One token of a pragma line, as pragma_lex gave it (keywords as
   CPP_NAME).  */
struct erbium_ptok
{
  enum cpp_ttype type;
  tree value;
  location_t loc;
};

/* The tokens of one pragma line, read whole (erbium_read_pragma), with
   a read position.  The last token is CPP_EOF (at the end of the
   line).  */
struct erbium_pragma_tokens
{
  vec<erbium_ptok> toks;
  unsigned pos;
  const erbium_ptok &peek (unsigned n = 0) const;
  const erbium_ptok &next ();
  bool at (enum cpp_ttype t, unsigned n = 0) const;
  bool at_name (const char *name, unsigned n = 0) const;
};

/* Read the rest of the current pragma line into *T.  */
void erbium_read_pragma (erbium_pragma_tokens *t);

/* Parse a C conditional expression at T's position (the operators of C
   but assignment and comma, casts to simple type names, sizeof, calls,
   subscripts, members), as the C parser would build it (c-tree.h's
   build functions), converted to an rvalue and folded.  On a syntax
   error, reports it at the offending token and returns error_mark_node
   (the position is then past it).  */
tree erbium_parse_expr (erbium_pragma_tokens *t);

/* Parse the same, but keep an lvalue (no conversion to an rvalue; used
   for the list items of depend).  */
tree erbium_parse_lvalue (erbium_pragma_tokens *t);

/* ---- pragmas.cc ---- */

/* The marker call at a task pragma's position (outline.cc finds it and
   the statement after it), or -1 when STMT is no marker; else the
   site's index.  */
int erbium_marker_site (const_tree stmt);

/* Register the pragmas; PLUGIN_NAME as given to plugin_init.  Called
   first of all the parts (it clears and restores flag_openmp around
   GCC's pragma registration, GCC-PLUGIN-NOTES "Pragmas").  */
void erbium_init_pragmas (const char *plugin_name);

/* Into *TEXT, the significant tokens of the first line after the one
   that ends at EOL (a pragma's end of line) that has any, each followed
   by a space ("# pragma omp task ( x ) ", "; "): words and punctuators,
   a directive line's `#' and words, a string as 0; comments and blank
   lines skipped; "" when the file ends within 100 lines.  Returns
   false, with *TEXT untouched, when the source cannot be read there
   (preprocessed input, a macro expansion).  The pragma handlers cannot
   ask the C parser what follows them, so they read the source
   (pragmas.cc).  */
bool erbium_next_line_text (location_t eol, std::string *text);

/* ---- grain.cc ---- */

/* Give SITE, made by the task pragma being read, the settings of the
   grain pragmas right before it (the defaults without one); a grain
   pragma of another function is reported as not followed by a task
   pragma.  */
void erbium_grain_take (erbium_site *site);

/* The text of SITE's grain settings for the dump: "fuse never, split 2
   (#pragma erbium grain at f.c:12)", or "fuse auto, split auto
   (default)".  */
std::string erbium_grain_text (const erbium_site *site);

/* Register #pragma erbium grain (PLUGIN_PRAGMAS) and the check at the
   end of each function.  */
void erbium_init_grain (const char *plugin_name);

/* ---- fuse.cc ---- */

/* Decide which eligible edges of the unit's network to fuse and fuse
   their sites, recording the decisions in the network: at
   PLUGIN_ALL_IPA_PASSES_START, called by tasksites.cc once the process
   kinds are decided (the network needs them), before the inliner.  */
void erbium_fuse_unit (void);

/* ---- outline.cc ---- */

/* A new function NAME of type FNTYPE with parameters PARMS (a chain,
   made by erbium_parm, given FN as context here), static and
   artificial, at LOC, with an empty BLOCK as DECL_INITIAL; the caller
   sets DECL_SAVED_TREE and hands it to cgraph.  GCC internals,
   "Function Basics".  */
tree erbium_new_function (const char *name, tree fntype, tree parms,
			  location_t loc);

/* A PARM_DECL NAME of TYPE at LOC, artificial and used, for
   erbium_new_function.  */
tree erbium_parm (const char *name, tree type, location_t loc);

/* A static variable NAME of TYPE at LOC, local to the unit, artificial,
   used and addressable; the caller gives its DECL_INITIAL, alignment and
   hands it to the varpool.  */
tree erbium_static_var (const char *name, tree type, location_t loc);

/* The initial value of a static er_site (of type SREC, <erbium/task.h>)
   whose body function is BODY_FN and whose place for messages is WHERE
   ("FILE:LINE" or "FILE:LINE (NAME)"), no flags.  */
tree erbium_site_init (tree srec, tree body_fn, const char *where);

/* Register the PLUGIN_PRE_GENERICIZE callback (after frontend.cc's).  */
void erbium_init_outline (const char *plugin_name);

/* ---- tasksites.cc ---- */

/* Record, for the process analysis at the end of the unit, the calls of
   FN's body (GENERIC): called functions, sites created, taskwaits.  */
void erbium_note_function (tree fn);

/* Register the decision (PLUGIN_ALL_IPA_PASSES_START); plugin.cc places
   the erbium-tasks dump pass (erbium_make_tasks_pass).  */
void erbium_init_tasksites (const char *plugin_name);

/* Whether a call of FNDECL may create a task instance, tick, wait for
   tasks, or not return, as far as the unit shows: a function of the
   unit through everything it calls; a function of another unit unless
   it is a builtin, const or pure (or er_stream_esize).  When it may,
   *WHY is "a call of F, which ...," naming the function that does (for
   the dump).  */
bool erbium_call_may_move_streams (tree fndecl, std::string *why);

/* The site whose er_site variable ADDR takes the address of, or
   NULL.  */
erbium_site *erbium_site_of (tree addr);

/* ---- network.cc, netdot.cc (network.h) ---- */

/* "FILE:LINE" of LOC (the file's base name), or "?": how the dumps and
   the plugin's messages name a place of the source (network.cc).  */
std::string erbium_net_where (location_t loc);

/* Record the facts of the network from FN's GENERIC, before its sites
   are outlined: outline.cc, for each function it is given.  */
void erbium_network_note_function (tree fn);

/* Whether the unit runs Erbium-C processes (`run', netproc.cc): the
   erbium-tasks dump then has a network to show without task sites.  */
bool erbium_network_has_processes (void);

/* Write the network section into the erbium-tasks dump FILE
   (tasksites.cc).  */
void erbium_network_dump (FILE *file);

/* Register the writing of the Graphviz file -fplugin-arg-erbium-graph
   names, at the end of the unit (PLUGIN_FINISH_UNIT; nothing without
   the argument or after errors); a file that cannot be written is a GCC
   error naming it.  */
void erbium_init_network (const char *plugin_name);

#endif /* ERBIUM_OMP_STREAM_H */
