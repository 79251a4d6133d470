/* SPDX-License-Identifier: GPL-3.0-or-later */
/* outline.cc -- task pragmas into body functions and creation calls, at
   PLUGIN_PRE_GENERICIZE (before the C front end genericizes the
   function; GCC-PLUGIN-NOTES, "Outlining").

   pragmas.cc leaves, where each task pragma stood, a marker call; the
   statement after it is the task's body.  For a stream task (every
   `#pragma erbium task', and `#pragma omp task' with stream clauses)
   this file makes (docs/omp-stream.md):

   * the activation: a structure with a field per variable of the control
     program that the body uses (OpenMP's data-sharing rules for tasks:
     locals firstprivate by default, a copy of the value; `shared' ones by
     address; globals and statics are not copied, the body uses them in
     place), per variable-length size the body needs (a SAVE_EXPR of the
     control program), and per window index or size that is only known at
     run time;
   * the body function `__erbium_task_F_N (void *args, void *const
     *windows)' (the er_site's body): it binds each view to its window (or
     to a local copy: an output view declared larger than its burst, an
     input view the body may write, an inout_reuse view), calls the task
     function, copies local views out, and releases the stream handles the
     activation holds;
   * the task function `__erbium_task_F_N_body (act *restrict, V0
     *restrict, ...)': the task's statement, moved out of F, with every
     use of a view replaced by its restrict pointer, and of a captured
     variable by its copy (so that windows and copies are known not to
     alias: the vectoriser needs no run-time alias check);
   * the static er_site `__erbium_site_F_N' { body, "file.c:LINE", flags,
     0 } (flags: tasksites.cc);
   * in F, in place of the marker and the statement: the activation filled
     (stream handles it holds retained), the er_task_access array in
     clause order (the stream handle, kind, burst and horizon of each
     access, in stream elements; an array of windows gives K accesses),
     and er_task_create (&site, &act, sizeof act, acc, nacc, if ? 0 :
     ER_TASK_UNDEFERRED).

   Sites are lowered innermost first, so that a task created in a task
   body is already a creation call when the outer body is outlined.  A
   `#pragma omp task' without stream clause under -fopenmp becomes GCC's
   OMP_TASK with the clauses pragmas.cc built.  Errors: a stream task
   inside an OpenMP construct whose end waits for its tasks (parallel,
   single, taskgroup ...), a jump out of the body (return, break, goto),
   a variable the lowering cannot capture (a variable-length array
   copied, a register variable shared), a variable not listed under
   default(none), a use of an implicit view's name in the control
   program.  */

#define INCLUDE_MAP
#define INCLUDE_SET
#define INCLUDE_STRING
#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
#include "stringpool.h"
#include "attribs.h"
#include "c-family/c-common.h"
#include "c-tree.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "stor-layout.h"
#include "function.h"
#include "cgraph.h"
#include "varasm.h"
#include "tree-iterator.h"
#include "builtins.h"
#include "input.h"
#include "gimplify.h"
#include "tree-inline.h"
#include "tree-pretty-print.h"
#include "tree-nested.h"
#include "c-frontend.h"
#include "erbium-plugin.h"
#include "omp-stream.h"

/* ---------------------------------------------------------------------
   Small builders.  */

/* A new artificial local variable of TYPE, called NAME (may be NULL),
   in function FN.  */
static tree
erbium_temp (tree type, const char *name, tree fn, location_t loc)
{
  tree v = build_decl (loc, VAR_DECL, name ? get_identifier (name)
					   : NULL_TREE, type);
  DECL_ARTIFICIAL (v) = 1;
  DECL_IGNORED_P (v) = 1;
  TREE_USED (v) = 1;
  DECL_CONTEXT (v) = fn;
  return v;
}

/* *LIST += LHS = RHS.  */
static void
erbium_assign (tree *list, tree lhs, tree rhs, location_t loc)
{
  append_to_statement_list_force (build2_loc (loc, MODIFY_EXPR,
					      TREE_TYPE (lhs), lhs,
					      fold_convert (TREE_TYPE (lhs),
							    rhs)), list);
}

/* OBJ.FIELD.  */
static tree
erbium_ref (tree obj, tree field)
{
  return build3 (COMPONENT_REF, TREE_TYPE (field), obj, field, NULL_TREE);
}

/* memcpy (DST, SRC, BYTES) as a statement.  */
static tree
erbium_memcpy (tree dst, tree src, tree bytes, location_t loc)
{
  return build_call_expr_loc (loc, builtin_decl_explicit (BUILT_IN_MEMCPY),
			      3, fold_convert (ptr_type_node, dst),
			      fold_convert (const_ptr_type_node, src),
			      fold_convert (size_type_node, bytes));
}

/* __builtin_alloca (BYTES), of type TYPE.  */
static tree
erbium_alloca (tree type, tree bytes, location_t loc)
{
  return fold_convert (type, build_call_expr_loc
		       (loc, builtin_decl_explicit (BUILT_IN_ALLOCA), 1,
			fold_convert (size_type_node, bytes)));
}

/* A loop `for (IDX = 0; IDX < N; IDX++) BODY' (IDX and N int64_t;
   BODY a statement list using IDX).  */
static tree
erbium_counted_loop (tree idx, tree n, tree body, location_t loc)
{
  tree stmts = NULL_TREE;
  erbium_assign (&stmts, idx, build_int_cst (TREE_TYPE (idx), 0), loc);
  tree lbody = NULL_TREE;
  append_to_statement_list_force (build1 (EXIT_EXPR, void_type_node,
					  build2 (GE_EXPR, boolean_type_node,
						  idx,
						  fold_convert (TREE_TYPE (idx),
								n))),
				  &lbody);
  append_to_statement_list_force (body, &lbody);
  erbium_assign (&lbody, idx, build2 (PLUS_EXPR, TREE_TYPE (idx), idx,
				      build_int_cst (TREE_TYPE (idx), 1)),
		 loc);
  append_to_statement_list_force (build1 (LOOP_EXPR, void_type_node, lbody),
				  &stmts);
  return stmts;
}

/* The innermost element type of TYPE.  */
static tree
erbium_elem_type (tree type)
{
  while (TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  return type;
}

/* The number of innermost elements of TYPE (sizetype), a constant or an
   expression of the control program (a VLA's size).  */
static tree
erbium_elements (tree type)
{
  return size_binop (EXACT_DIV_EXPR, TYPE_SIZE_UNIT (type),
		     TYPE_SIZE_UNIT (erbium_elem_type (type)));
}

/* The identifier's spelling of DECL, or "?".  */
static const char *
erbium_name (tree decl)
{
  return decl && DECL_NAME (decl) ? IDENTIFIER_POINTER (DECL_NAME (decl))
				  : "?";
}

/* ---------------------------------------------------------------------
   What the body uses.  */

/* How a variable of the control program reaches the task function.  */
enum erbium_cap_kind
{
  ERBIUM_CAP_FIRSTPRIVATE,	/* copied into the activation */
  ERBIUM_CAP_VLA,		/* a variable-length array copied after the
				   activation's fixed part */
  ERBIUM_CAP_SHARED,		/* its address in the activation */
  ERBIUM_CAP_PRIVATE,		/* a new uninitialised variable */
  ERBIUM_CAP_SAVE		/* a SAVE_EXPR's value */
};

struct erbium_capture
{
  tree decl;			/* the variable, or the SAVE_EXPR */
  enum erbium_cap_kind kind;
  tree field;			/* in the activation (ERBIUM_CAP_VLA: the
				   copy's offset in bytes from the
				   activation's start) */
  bool stream;			/* a stream handle (or array of them) */
  tree len_field;		/* ERBIUM_CAP_VLA: its size in bytes */
};

/* The facts a walk over the task's statement collects.  */
struct erbium_body_scan
{
  tree fn;			/* the function the statement is in */
  erbium_site *site;
  /* Declarations made inside the statement.  */
  hash_set<tree> *inner;
  /* Variables of the control program used, in order of first use.  */
  auto_vec<tree> uses;
  hash_set<tree> *used;
  /* SAVE_EXPRs met.  */
  hash_set<tree> *saves;
  /* SAVE_EXPRs of the control program (outside the statement): their
     values are captured, their operands are not walked.  */
  hash_set<tree> *outer_saves;
  auto_vec<tree> save_list;
  /* The views (of this site) that the statement may write.  */
  hash_set<tree> *written;
  /* The views of this site.  */
  hash_set<tree> *views;
  /* Depth of loops (for break and continue) and switches (break).  */
  int loops, switches;
  bool ok;
  /* BLOCKs of the outermost BIND_EXPRs of the statement.  */
  auto_vec<tree> blocks;
  int bind_depth;
};

/* The variable that the lvalue T is part of, or NULL_TREE.  */
static tree
erbium_base_decl (tree t)
{
  while (handled_component_p (t) || TREE_CODE (t) == NON_LVALUE_EXPR
	 || CONVERT_EXPR_P (t))
    t = TREE_OPERAND (t, 0);
  return DECL_P (t) ? t : NULL_TREE;
}

/* True when DECL is an automatic variable or parameter of a function
   (what a task copies or shares).  */
static bool
erbium_automatic_p (tree decl)
{
  return ((TREE_CODE (decl) == VAR_DECL && !TREE_STATIC (decl)
	   && !DECL_EXTERNAL (decl))
	  || TREE_CODE (decl) == PARM_DECL);
}

static tree erbium_scan_r (tree *tp, int *walk_subtrees, void *data);

/* Walk *TP with the scan callback.  */
static void
erbium_scan (tree *tp, erbium_body_scan *s)
{
  walk_tree (tp, erbium_scan_r, s, NULL);
}

/* The BIND_EXPR T of a task body scanned by S: its variables are the
   body's own; its body, then what its variables need scanned.  */
static void
erbium_scan_bind (tree t, erbium_body_scan *s)
{
  if (BIND_EXPR_BLOCK (t) && s->bind_depth == 0)
    s->blocks.safe_push (BIND_EXPR_BLOCK (t));
  for (tree d = BIND_EXPR_VARS (t); d; d = DECL_CHAIN (d))
    s->inner->add (d);
  s->bind_depth++;
  erbium_scan (&BIND_EXPR_BODY (t), s);
  for (tree d = BIND_EXPR_VARS (t); d; d = DECL_CHAIN (d))
    {
      if (TREE_CODE (d) == FUNCTION_DECL)
	{
	  error_at (DECL_SOURCE_LOCATION (d), "nested function %qD in "
		    "the body of a task: define it outside the function",
		    d);
	  s->ok = false;
	}
      if (VAR_P (d) && !TREE_STATIC (d))
	{
	  erbium_scan (&DECL_INITIAL (d), s);
	  erbium_scan (&DECL_SIZE (d), s);
	  erbium_scan (&DECL_SIZE_UNIT (d), s);
	}
    }
  s->bind_depth--;
}

/* Scan the operands of T, a loop or switch statement of a task body, for
   S, with *DEPTH (S's loop or switch depth) one deeper.  */
static void
erbium_scan_nested (tree t, erbium_body_scan *s, int *depth)
{
  (*depth)++;
  for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
    erbium_scan (&TREE_OPERAND (t, i), s);
  (*depth)--;
}

/* Note for S that the view B (a base declaration, or NULL_TREE) may be
   written.  */
static void
erbium_note_written (erbium_body_scan *s, tree b)
{
  if (b && s->views->contains (b))
    s->written->add (b);
}

/* The declaration or label that T (a DECL_EXPR, LABEL_EXPR, TARGET_EXPR
   or COMPOUND_LITERAL_EXPR of a task body) brings into the body.  */
static tree
erbium_declared_by (tree t)
{
  switch (TREE_CODE (t))
    {
    case DECL_EXPR:
      return DECL_EXPR_DECL (t);
    case LABEL_EXPR:
      return LABEL_EXPR_LABEL (t);
    case TARGET_EXPR:
      return TARGET_EXPR_SLOT (t);
    default:
      return COMPOUND_LITERAL_EXPR_DECL (t);
    }
}

/* The SAVE_EXPR T of a task body scanned by S: noted, and walked once;
   not walked when the control program evaluates it.  */
static void
erbium_scan_save (tree t, int *walk_subtrees, erbium_body_scan *s)
{
  if (!s->saves->add (t))
    s->save_list.safe_push (t);
  else
    *walk_subtrees = 0;
  if (s->outer_saves->contains (t))
    *walk_subtrees = 0;
}

/* Note for S the use of the variable or parameter T in a task body: an
   automatic one declared outside the body is captured.  */
static void
erbium_note_use (tree t, erbium_body_scan *s)
{
  if (erbium_automatic_p (t) && !s->inner->contains (t)
      && !s->used->add (t))
    s->uses.safe_push (t);
}

/* The jump T (return, break, continue) at LOC of a task body scanned
   by S: an error when it leaves the body.  */
static void
erbium_scan_jump (tree t, location_t loc, erbium_body_scan *s)
{
  switch (TREE_CODE (t))
    {
    case RETURN_EXPR:
      error_at (loc, "%<return%> in the body of a task: the body is run by "
		"another process; a task ends at the end of its statement");
      s->ok = false;
      break;

    case BREAK_STMT:
      if (!s->loops && !s->switches)
	{
	  error_at (loc, "%<break%> out of the body of a task");
	  s->ok = false;
	}
      break;

    default:
      if (!s->loops)
	{
	  error_at (loc, "%<continue%> out of the body of a task");
	  s->ok = false;
	}
      break;
    }
}

/* The conversion T of a task body scanned by S: the address of a view
   converted to a pointer to const only reads it.  */
static void
erbium_scan_conversion (tree t, int *walk_subtrees, erbium_body_scan *s)
{
  /* The address of a view converted to a pointer to const only
     reads it (a view passed to a `const T *' parameter).  */
  tree op = TREE_OPERAND (t, 0);
  if (TREE_CODE (op) == ADDR_EXPR && POINTER_TYPE_P (TREE_TYPE (t))
      && TYPE_READONLY (TREE_TYPE (TREE_TYPE (t))))
    {
      tree b = erbium_base_decl (TREE_OPERAND (op, 0));
      if (b && s->views->contains (b))
	{
	  /* The lvalue's operands (subscripts), not the ADDR_EXPR.  */
	  erbium_scan (&TREE_OPERAND (op, 0), s);
	  *walk_subtrees = 0;
	}
    }
}

/* The scan callback (walk_tree) over the task's statement.  */
static tree
erbium_scan_r (tree *tp, int *walk_subtrees, void *data)
{
  erbium_body_scan *s = (erbium_body_scan *) data;
  tree t = *tp;
  location_t loc = EXPR_LOCATION (t);
  if (loc == UNKNOWN_LOCATION)
    loc = s->site->loc;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  switch (TREE_CODE (t))
    {
    case BIND_EXPR:
      erbium_scan_bind (t, s);
      *walk_subtrees = 0;
      return NULL_TREE;

    case DECL_EXPR:
    case LABEL_EXPR:
    case TARGET_EXPR:
    case COMPOUND_LITERAL_EXPR:
      s->inner->add (erbium_declared_by (t));
      return NULL_TREE;

    case SAVE_EXPR:
      erbium_scan_save (t, walk_subtrees, s);
      return NULL_TREE;

    case RETURN_EXPR:
    case BREAK_STMT:
    case CONTINUE_STMT:
      erbium_scan_jump (t, loc, s);
      return NULL_TREE;

    case FOR_STMT:
    case WHILE_STMT:
    case DO_STMT:
      erbium_scan_nested (t, s, &s->loops);
      *walk_subtrees = 0;
      return NULL_TREE;

    case SWITCH_STMT:
      erbium_scan_nested (t, s, &s->switches);
      *walk_subtrees = 0;
      return NULL_TREE;

    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
    case ADDR_EXPR:
      erbium_note_written (s, erbium_base_decl (TREE_OPERAND (t, 0)));
      return NULL_TREE;

    case NOP_EXPR:
    case CONVERT_EXPR:
      erbium_scan_conversion (t, walk_subtrees, s);
      return NULL_TREE;

    case ASM_EXPR:
      for (tree o = ASM_OUTPUTS (t); o; o = TREE_CHAIN (o))
	erbium_note_written (s, erbium_base_decl (TREE_VALUE (o)));
      return NULL_TREE;

    case VAR_DECL:
    case PARM_DECL:
      *walk_subtrees = 0;
      erbium_note_use (t, s);
      return NULL_TREE;

    default:
      if (DECL_P (t))
	*walk_subtrees = 0;
      return NULL_TREE;
    }
}

/* GOTO_EXPRs of the statement whose label is not in it: a jump out of
   the task (walk_tree callback; DATA is the scan).  */
static tree
erbium_goto_r (tree *tp, int *walk_subtrees, void *data)
{
  erbium_body_scan *s = (erbium_body_scan *) data;
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if (TREE_CODE (t) == GOTO_EXPR
	   && TREE_CODE (GOTO_DESTINATION (t)) == LABEL_DECL
	   && !s->inner->contains (GOTO_DESTINATION (t)))
    {
      error_at (EXPR_LOC_OR_LOC (t, s->site->loc), "%<goto%> out of the "
		"body of a task");
      s->ok = false;
    }
  return NULL_TREE;
}

/* SAVE_EXPRs of the function outside the statement STMT (walk_tree
   callback; DATA is a pair of the statement and the set).  */
struct erbium_save_walk
{
  tree stmt;
  hash_set<tree> *set;
};

static tree
erbium_outer_saves_r (tree *tp, int *walk_subtrees, void *data)
{
  erbium_save_walk *w = (erbium_save_walk *) data;
  if (*tp == w->stmt || TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == SAVE_EXPR)
    w->set->add (*tp);
  return NULL_TREE;
}

/* ---------------------------------------------------------------------
   Views and windows.  */

/* How the body function binds a view.  */
enum erbium_bind_kind
{
  ERBIUM_BIND_WINDOW,		/* the view is the window itself */
  ERBIUM_BIND_LOCAL,		/* a local copy of the view's size */
  ERBIUM_BIND_MAYBE,		/* the window when the burst equals the
				   view's size (known at run time), else a
				   local copy */
  ERBIUM_BIND_ROWS		/* an array of windows, each row its window
				   (through the windows array) */
};

/* One view of a site.  */
struct erbium_binding
{
  tree view;
  /* Its type (erbium_access.view_type).  */
  tree vtype;
  /* The access it is bound to (the output of an inout_reuse pair, or the
     access); the input that fills it (an input or peek view the body
     writes, an inout_reuse pair), or -1.  */
  int acc;
  int in;
  enum erbium_bind_kind kind;
  /* The view's row type (a single window: the view's type; an array of
     windows: the type of v[k]), its element type and size.  */
  tree row;
  tree elem;
  /* The task function's parameter (NULL_TREE for ERBIUM_BIND_ROWS).  */
  tree parm;
  /* The view's declared size in elements (a single window), for local
     copies: a constant, or the activation field that holds it.  */
  tree size_cst, size_field;
};

/* Per access, what the body function needs to find its window(s): the
   index of its first window, and for local copies its burst and number
   of windows, each a constant or an activation field.  */
struct erbium_window_info
{
  tree base_cst, base_field;
  tree burst_cst, burst_field;
  tree count_cst, count_field;
};

/* ---------------------------------------------------------------------
   The activation record.  */

/* A FIELD_DECL NAME of TYPE, appended to *FIELDS (LAST is the chain's
   end).  */
static tree
erbium_add_field (tree **last, const char *name, tree type)
{
  tree f = build_decl (UNKNOWN_LOCATION, FIELD_DECL, get_identifier (name),
		       type);
  **last = f;
  *last = &DECL_CHAIN (f);
  return f;
}

/* ---------------------------------------------------------------------
   Rewriting the statement into the task function.  */

struct erbium_rewrite
{
  /* Variables and SAVE_EXPRs -> their replacement (an expression of the
     task function).  */
  hash_map<tree, tree> *map;
  /* Views bound to rows of the windows array: view -> (windows parm,
     base expression, row type).  */
  hash_map<tree, tree> *rows;
  tree windows;
  hash_set<tree> *seen;
  bool ok;
};

/* The rewriting callback (walk_tree).  */
static tree
erbium_rewrite_r (tree *tp, int *walk_subtrees, void *data)
{
  erbium_rewrite *r = (erbium_rewrite *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == ARRAY_REF && r->rows)
    if (tree *row = r->rows->get (TREE_OPERAND (t, 0)))
      {
	/* v[k] of an array of windows: *(ROW *) windows[base + k].  */
	tree base = TREE_VALUE (*row), rowt = TREE_PURPOSE (*row);
	walk_tree (&TREE_OPERAND (t, 1), erbium_rewrite_r, r, NULL);
	tree k = fold_convert (sizetype, TREE_OPERAND (t, 1));
	tree i = size_binop (PLUS_EXPR, fold_convert (sizetype,
						      unshare_expr (base)), k);
	tree slot = build2 (MEM_REF, ptr_type_node,
			    fold_build_pointer_plus (r->windows,
						     size_binop
						     (MULT_EXPR, i,
						      TYPE_SIZE_UNIT
						      (ptr_type_node))),
			    build_int_cst (TREE_TYPE (r->windows), 0));
	*tp = build1 (INDIRECT_REF, rowt,
		      fold_convert (build_pointer_type (rowt), slot));
	*walk_subtrees = 0;
	return NULL_TREE;
      }
  if (r->rows && r->rows->get (t))
    {
      error_at (EXPR_LOC_OR_LOC (t, input_location), "view %qD of an array "
		"of windows may only be used as %<%E[k]%>", t, DECL_NAME (t));
      r->ok = false;
      return NULL_TREE;
    }
  if (tree *rep = r->map->get (t))
    {
      *tp = unshare_expr (*rep);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == SAVE_EXPR && r->seen->add (t))
    *walk_subtrees = 0;
  else if (DECL_P (t))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Unshare the expressions of the task's statement (walk_tree
   callback): the C front end shares some nodes with the control program
   (the size expression of a variable-length type that sizeof folds into
   the statement is the type's own TYPE_SIZE_UNIT), which the rewrite
   must not change there.  Statements, blocks and SAVE_EXPRs (evaluated
   once: their sharing is their meaning) stay; declarations, types and
   constants are never copied.  */
static tree
erbium_unshare_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  enum tree_code code = TREE_CODE (t);
  if (code == SAVE_EXPR || TYPE_P (t) || DECL_P (t) || CONSTANT_CLASS_P (t)
      || code == BLOCK)
    *walk_subtrees = 0;
  else if (code == STATEMENT_LIST || code == BIND_EXPR
	   || code == TARGET_EXPR)
    ;
  else
    copy_tree_r (tp, walk_subtrees, NULL);
  return NULL_TREE;
}

/* The variably modified types of the declarations made in the
   statement refer to variables through their sizes: rewrite those.  */
static void
erbium_rewrite_type (tree type, erbium_rewrite *r, hash_set<tree> *done)
{
  if (!type || !variably_modified_type_p (type, NULL_TREE)
      || done->add (type))
    return;
  walk_tree (&TYPE_SIZE (type), erbium_rewrite_r, r, NULL);
  walk_tree (&TYPE_SIZE_UNIT (type), erbium_rewrite_r, r, NULL);
  if (TREE_CODE (type) == ARRAY_TYPE && TYPE_DOMAIN (type))
    {
      walk_tree (&TYPE_MAX_VALUE (TYPE_DOMAIN (type)), erbium_rewrite_r, r,
		 NULL);
      walk_tree (&TYPE_MIN_VALUE (TYPE_DOMAIN (type)), erbium_rewrite_r, r,
		 NULL);
    }
  if (TREE_CODE (type) == ARRAY_TYPE || POINTER_TYPE_P (type))
    erbium_rewrite_type (TREE_TYPE (type), r, done);
}

/* Give the declarations of BLOCK and its subblocks context FN.  */
static void
erbium_recontext_block (tree block, tree fn)
{
  for (tree d = BLOCK_VARS (block); d; d = DECL_CHAIN (d))
    if (DECL_CONTEXT (d) && TREE_CODE (DECL_CONTEXT (d)) == FUNCTION_DECL)
      DECL_CONTEXT (d) = fn;
  for (tree b = BLOCK_SUBBLOCKS (block); b; b = BLOCK_CHAIN (b))
    erbium_recontext_block (b, fn);
}

/* Unlink BLOCK from its superblock's list of subblocks.  */
static void
erbium_unlink_block (tree block)
{
  tree sup = BLOCK_SUPERCONTEXT (block);
  if (!sup || TREE_CODE (sup) != BLOCK)
    return;
  for (tree *p = &BLOCK_SUBBLOCKS (sup); *p; p = &BLOCK_CHAIN (*p))
    if (*p == block)
      {
	*p = BLOCK_CHAIN (block);
	BLOCK_CHAIN (block) = NULL_TREE;
	return;
      }
}

/* See omp-stream.h.  */
tree
erbium_new_function (const char *name, tree fntype, tree parms,
		     location_t loc)
{
  tree fn = build_decl (loc, FUNCTION_DECL, get_identifier (name), fntype);
  TREE_STATIC (fn) = 1;
  TREE_PUBLIC (fn) = 0;
  DECL_EXTERNAL (fn) = 0;
  DECL_ARTIFICIAL (fn) = 1;
  TREE_USED (fn) = 1;
  DECL_UNINLINABLE (fn) = 0;
  DECL_CONTEXT (fn) = NULL_TREE;
  tree block = make_node (BLOCK);
  BLOCK_SUPERCONTEXT (block) = fn;
  DECL_INITIAL (fn) = block;
  tree res = build_decl (loc, RESULT_DECL, NULL_TREE, void_type_node);
  DECL_ARTIFICIAL (res) = 1;
  DECL_IGNORED_P (res) = 1;
  DECL_CONTEXT (res) = fn;
  DECL_RESULT (fn) = res;
  for (tree p = parms; p; p = DECL_CHAIN (p))
    DECL_CONTEXT (p) = fn;
  DECL_ARGUMENTS (fn) = parms;
  return fn;
}

/* See omp-stream.h.  */
tree
erbium_parm (const char *name, tree type, location_t loc)
{
  tree p = build_decl (loc, PARM_DECL, get_identifier (name), type);
  DECL_ARTIFICIAL (p) = 1;
  DECL_ARG_TYPE (p) = type;
  TREE_USED (p) = 1;
  DECL_READ_P (p) = 1;
  return p;
}

/* See omp-stream.h.  */
tree
erbium_static_var (const char *name, tree type, location_t loc)
{
  tree v = build_decl (loc, VAR_DECL, get_identifier (name), type);
  TREE_STATIC (v) = 1;
  TREE_PUBLIC (v) = 0;
  DECL_ARTIFICIAL (v) = 1;
  DECL_IGNORED_P (v) = 1;
  TREE_USED (v) = 1;
  TREE_ADDRESSABLE (v) = 1;
  return v;
}

/* See omp-stream.h.  */
tree
erbium_site_init (tree srec, tree body_fn, const char *where)
{
  vec<constructor_elt, va_gc> *elts = NULL;
  CONSTRUCTOR_APPEND_ELT (elts, erbium_task_field (srec, "body"),
			  build_fold_addr_expr (body_fn));
  CONSTRUCTOR_APPEND_ELT (elts, erbium_task_field (srec, "where"),
			  erbium_string_literal (where));
  CONSTRUCTOR_APPEND_ELT (elts, erbium_task_field (srec, "flags"),
			  build_int_cst (integer_type_node, 0));
  return build_constructor (srec, elts);
}

/* Finish FN, whose DECL_SAVED_TREE is set: the C front end genericizes
   it, cgraph takes it (GCC-PLUGIN-NOTES, "Outlining").  */
static void
erbium_finish_function (tree fn)
{
  push_struct_function (fn);
  pop_cfun ();
  c_genericize (fn);
  cgraph_node::finalize_function (fn, true);
}

/* ---------------------------------------------------------------------
   One stream site.  */

/* The type under which the task's body sees a shared variable of TYPE:
   TYPE itself, but `T[]' for a variable-length array whose first
   dimension only varies.  The array's bound is an expression of the
   control program (its SAVE_EXPR), which the body function cannot
   evaluate: kept, it made expand fail at -O0 and gave
   -fsanitize=bounds a wrong bound.  */
static tree
erbium_shared_type (tree type)
{
  if (TREE_CODE (type) == ARRAY_TYPE
      && variably_modified_type_p (type, NULL_TREE)
      && !variably_modified_type_p (TREE_TYPE (type), NULL_TREE))
    return build_array_type (TREE_TYPE (type), NULL_TREE);
  return type;
}

/* The copy of a variable-length array of TYPE at byte OFFSET (int64_t)
   from the activation ACT (a pointer): `*(T (*)[]) ((char *) ACT +
   OFFSET)', T the element type.  */
static tree
erbium_vla_copy (tree act, tree offset, tree type)
{
  tree open = build_array_type (TREE_TYPE (type), NULL_TREE);
  tree p = fold_build_pointer_plus (fold_convert (ptr_type_node, act),
				    fold_convert (sizetype, offset));
  return build1 (INDIRECT_REF, open,
		 fold_convert (build_pointer_type (open), p));
}

/* The access's element count COUNT (view elements of ES bytes; int64_t)
   in elements of the stream of access A, whose handle is HANDLE (a
   variable of the creation code): COUNT itself when the sizes agree,
   else COUNT * ES / esize, or -1 when that is no whole number (the
   runtime reports the access).  Errors for constant mismatches set
   *OK.  */
static tree
erbium_units (tree count, tree es, const erbium_access *a, tree handle,
	      bool *ok)
{
  tree i64 = erbium_int64_type ();
  tree esize = a->esize;
  if (esize && tree_int_cst_equal (esize, es))
    return count;
  tree bytes = fold_build2 (MULT_EXPR, i64, count, fold_convert (i64, es));
  if (esize)
    {
      esize = fold_convert (i64, esize);
      if (TREE_CODE (bytes) == INTEGER_CST)
	{
	  if (!integer_zerop (fold_build2 (TRUNC_MOD_EXPR, i64, bytes,
					   esize)))
	    {
	      error_at (a->loc, "view %qD covers %E bytes, which is no whole "
			"number of elements of stream %qD (%E bytes each)",
			a->view, bytes, a->stream_decl, esize);
	      *ok = false;
	    }
	  return fold_build2 (TRUNC_DIV_EXPR, i64, bytes, esize);
	}
    }
  else
    esize = fold_convert (i64, erbium_task_call (a->loc,
						ERBIUM_FN_STREAM_ESIZE, 1,
						handle));
  esize = save_expr (esize);
  bytes = save_expr (bytes);
  return fold_build3 (COND_EXPR, i64,
		      fold_build2 (NE_EXPR, boolean_type_node,
				   fold_build2 (TRUNC_MOD_EXPR, i64, bytes,
						esize),
				   build_int_cst (i64, 0)),
		      build_int_cst (i64, -1),
		      fold_build2 (TRUNC_DIV_EXPR, i64, bytes, esize));
}

/* The kind of access of A as the dump spells it.  */
static const char *
erbium_access_kind_name (const erbium_access &a)
{
  if (a.reuse >= 0)
    return a.kind == ERBIUM_ACC_INPUT ? "inout_reuse input"
				       : "inout_reuse output";
  return (a.kind == ERBIUM_ACC_INPUT ? "input" : a.kind == ERBIUM_ACC_OUTPUT
	  ? "output" : "peek");
}

/* The text of T for the dump (an expression of the source).  */
static std::string
erbium_text (tree t)
{
  if (!t)
    return "1";
  /* The source's expression: without the conversions to int64_t.  */
  while (CONVERT_EXPR_P (t) || TREE_CODE (t) == NON_LVALUE_EXPR)
    t = TREE_OPERAND (t, 0);
  if (TREE_CODE (t) == INTEGER_CST && tree_fits_shwi_p (t))
    return std::to_string (tree_to_shwi (t));
  pretty_printer pp;
  dump_generic_node (&pp, t, 0, TDF_NONE, false);
  return pp_formatted_text (&pp);
}

/* How the dump of SITE says the binding B of a view is made.  */
static std::string
erbium_binding_text (const erbium_site *site, const erbium_binding &b)
{
  const erbium_access &a = site->accesses[b.acc];
  bool out = a.kind == ERBIUM_ACC_OUTPUT;
  std::string how;
  switch (b.kind)
    {
    case ERBIUM_BIND_WINDOW:
      how = (b.in >= 0 ? "the output window, filled from the input window "
			 "(inout_reuse)" : "the window");
      break;
    case ERBIUM_BIND_ROWS:
      how = (b.in >= 0 ? "rows of the windows array (v[k] is output "
			 "window k), filled from the input windows "
			 "(inout_reuse)"
	     : "rows of the windows array (v[k] is window k)");
      break;
    case ERBIUM_BIND_MAYBE:
      how = "the window when the burst equals the view's size at run "
	    "time, else a local copy whose burst is copied to the window "
	    "(the burst or the size is not constant)";
      break;
    case ERBIUM_BIND_LOCAL:
      if (a.count)
	how = (out ? "local rows, each row's burst copied to its window "
		     "(rows larger than the burst)"
	       : "local rows copied from the windows (the body may write "
		 "the view)");
      else if (!out)
	how = "a local copy of the window (the body may write the view)";
      else if (b.in >= 0)
	how = "a local copy filled from the input window, its burst copied "
	      "to the output window (inout_reuse, view larger than its "
	      "burst)";
      else
	how = "a local copy, its burst copied to the window (view larger "
	      "than its burst)";
      break;
    }
  return how;
}

/* The creation code of a site, in the control program's function FN at
   LOC: its temporaries CVARS and statements CSTMTS (erbium_outline_site
   makes them a BIND_EXPR).  */
struct erbium_creation
{
  tree fn;
  location_t loc;
  tree cvars;
  tree cstmts;

  /* A new temporary of TYPE named NM (or none) among CVARS.  */
  tree temp (tree type, const char *nm)
  {
    tree v = erbium_temp (type, nm, fn, loc);
    DECL_CHAIN (v) = cvars;
    cvars = v;
    return v;
  }
};

/* Store the captures CAPS of a site into its activation ACTV, in the
   creation code CR: a copy of each firstprivate (retaining the stream
   handles it holds), the address of each shared variable.  */
static void
erbium_store_captures (erbium_creation *cr, vec<erbium_capture> &caps,
		       tree actv)
{
  tree i64 = erbium_int64_type ();
  location_t loc = cr->loc;
  tree &cstmts = cr->cstmts;
  auto ctemp = [&] (tree type, const char *nm) {
    return cr->temp (type, nm);
  };
  for (erbium_capture &c : caps)
    {
      if (c.kind == ERBIUM_CAP_PRIVATE || c.kind == ERBIUM_CAP_VLA)
	continue;
      tree val = c.decl;
      if (c.kind == ERBIUM_CAP_SHARED)
	{
	  TREE_ADDRESSABLE (c.decl) = 1;
	  val = build_fold_addr_expr (c.decl);
	}
      tree f = erbium_ref (actv, c.field);
      if (TREE_CODE (TREE_TYPE (c.field)) == ARRAY_TYPE)
	append_to_statement_list_force (build2 (MODIFY_EXPR,
						TREE_TYPE (c.field), f, val),
					&cstmts);
      else
	erbium_assign (&cstmts, f, val, loc);
      if (c.stream && c.kind == ERBIUM_CAP_FIRSTPRIVATE)
	{
	  if (TREE_CODE (TREE_TYPE (c.field)) == ARRAY_TYPE)
	    {
	      tree idx = ctemp (i64, NULL);
	      tree n = fold_convert (i64, erbium_elements (TREE_TYPE
							   (c.field)));
	      tree e = build4 (ARRAY_REF, ptr_type_node, unshare_expr (f),
			       idx, NULL_TREE, NULL_TREE);
	      append_to_statement_list_force
		(erbium_counted_loop (idx, n, erbium_task_call
				      (loc, ERBIUM_FN_STREAM_RETAIN, 1, e),
				      loc), &cstmts);
	    }
	  else
	    append_to_statement_list_force
	      (build3 (COND_EXPR, void_type_node,
		       build2 (NE_EXPR, boolean_type_node, unshare_expr (f),
			       null_pointer_node),
		       erbium_task_call (loc, ERBIUM_FN_STREAM_RETAIN, 1,
					 unshare_expr (f)),
		       build_empty_stmt (loc)), &cstmts);
	}
    }
}

/* Copy the activation ACTV (of type ACT) and, after it, each
   variable-length array of CAPS into a buffer of the creation code CR,
   which *ARGS_PTR and *ARGS_SIZE (bytes) then give the runtime.  */
static void
erbium_copy_vla_args (erbium_creation *cr, vec<erbium_capture> &caps,
		      tree act, tree actv, tree *args_ptr, tree *args_size)
{
  tree i64 = erbium_int64_type ();
  location_t loc = cr->loc;
  tree fn = cr->fn;
  tree &cvars = cr->cvars, &cstmts = cr->cstmts;
  auto ctemp = [&] (tree type, const char *nm) {
    return cr->temp (type, nm);
  };
  /* The activation and, after it, each variable-length array copied
     (16-byte aligned), in a buffer of the creation's block: the
     runtime copies ARGS_SIZE bytes.  */
  tree total = ctemp (i64, NULL);
  auto round = [&] (tree x) {
    return fold_build2 (BIT_AND_EXPR, i64,
			fold_build2 (PLUS_EXPR, i64, x,
				     build_int_cst (i64, 15)),
			build_int_cst (i64, -16));
  };
  erbium_assign (&cstmts, total,
		 round (fold_convert (i64, TYPE_SIZE_UNIT (act))), loc);
  for (erbium_capture &c : caps)
    if (c.kind == ERBIUM_CAP_VLA)
      {
	erbium_assign (&cstmts, erbium_ref (actv, c.field), total, loc);
	erbium_assign (&cstmts, erbium_ref (actv, c.len_field),
		       fold_convert (i64, TYPE_SIZE_UNIT (TREE_TYPE
							  (c.decl))), loc);
	erbium_assign (&cstmts, total,
		       fold_build2 (PLUS_EXPR, i64, total,
				    round (erbium_ref (actv, c.len_field))),
		       loc);
      }
  tree nbuf = ctemp (sizetype, NULL);
  erbium_assign (&cstmts, nbuf, total, loc);
  tree bt = build_array_type (char_type_node, build_index_type
			      (size_binop (MINUS_EXPR, nbuf,
					   size_one_node)));
  tree buf = erbium_temp (bt, "__args", fn, loc);
  TREE_ADDRESSABLE (buf) = 1;
  SET_DECL_ALIGN (buf, 128);
  DECL_USER_ALIGN (buf) = 1;
  DECL_CHAIN (buf) = cvars;
  cvars = buf;
  append_to_statement_list_force (build1 (DECL_EXPR, void_type_node,
					  buf), &cstmts);
  tree bufp = build_fold_addr_expr (buf);
  append_to_statement_list_force (erbium_memcpy (bufp, *args_ptr,
						 TYPE_SIZE_UNIT (act), loc),
				  &cstmts);
  for (erbium_capture &c : caps)
    if (c.kind == ERBIUM_CAP_VLA)
      {
	tree dst = fold_build_pointer_plus
	  (fold_convert (ptr_type_node, bufp),
	   fold_convert (sizetype, erbium_ref (actv, c.field)));
	append_to_statement_list_force
	  (erbium_memcpy (dst, build_fold_addr_expr (c.decl),
			  erbium_ref (actv, c.len_field), loc), &cstmts);
	if (c.stream)
	  {
	    tree idx = ctemp (i64, NULL);
	    tree n = fold_build2 (TRUNC_DIV_EXPR, i64,
				  erbium_ref (actv, c.len_field),
				  build_int_cst (i64,
						 POINTER_SIZE_UNITS));
	    tree e = build_array_ref (loc, c.decl, idx);
	    append_to_statement_list_force
	      (erbium_counted_loop (idx, n, erbium_task_call
				    (loc, ERBIUM_FN_STREAM_RETAIN, 1, e),
				    loc), &cstmts);
	  }
      }
  *args_ptr = bufp;
  *args_size = nbuf;
}

/* The static er_site variable of SITE, created in FN (named FNAME) at
   LOC (XL): its body function BODY_FN and where it is for messages;
   SITE keeps it, BODY_FN, INNER_FN (the task function) and FN.  */
static tree
erbium_make_site_var (erbium_site *site, tree fn, const char *fname,
		      location_t loc, const expanded_location &xl,
		      tree body_fn, tree inner_fn)
{
  int uid = site->id;
  tree srec = erbium_site_type ();
  char name[64];
  snprintf (name, sizeof name, "__erbium_site_%s_%d", fname, uid);
  tree svar = erbium_static_var (name, srec, loc);
  char where[512];
  if (site->name)
    snprintf (where, sizeof where, "%s:%d (%s)", xl.file, xl.line,
	      IDENTIFIER_POINTER (site->name));
  else
    snprintf (where, sizeof where, "%s:%d", xl.file, xl.line);
  DECL_INITIAL (svar) = erbium_site_init (srec, body_fn, where);
  varpool_node::finalize_decl (svar);
  site->site_var = erbium_keep (svar);
  site->body_fn = erbium_keep (body_fn);
  site->inner_fn = erbium_keep (inner_fn);
  site->creator = fn;
  return svar;
}

/* The dump of SITE (the erbium-tasks dump, tasksites.cc), at XL in the
   function named FNAME: its body function BODY_FN, its accesses, how each
   view is bound (BINDS) and its captures (CAPS).  */
static std::string
erbium_site_dump_text (erbium_site *site, const expanded_location &xl,
		       const char *fname, tree body_fn,
		       const vec<erbium_binding> &binds,
		       const vec<erbium_capture> &caps)
{
  int n_acc = site->accesses.length ();
  std::string dump = std::string ("site ") + xl.file + ":" + std::to_string (xl.line)
	 + " '#pragma " + site->pragma + "' in " + fname + ": "
	 + (site->plain ? "data-flow task without stream clause"
	    : "stream task")
	 + ", body " + IDENTIFIER_POINTER (DECL_NAME (body_fn)) + "\n";
  for (int i = 0; i < n_acc; i++)
    {
      const erbium_access &a = site->accesses[i];
      dump += "  access " + std::to_string (i) + ": "
	      + erbium_access_kind_name (a) + " "
	      + erbium_name (a.stream_decl)
	      + (a.esize ? "" : " (implicitly typed)") + ", view "
	      + (a.implicit_view ? "implicit " : "") + erbium_name (a.view);
      if (a.count)
	dump += ", " + erbium_text (a.count) + " windows";
      dump += ", burst "
	      + (a.kind == ERBIUM_ACC_PEEK ? std::string ("0")
		 : erbium_text (a.burst))
	      + ", horizon "
	      + erbium_text (a.kind == ERBIUM_ACC_OUTPUT
			     ? a.burst : erbium_elements (a.count
							  ? TREE_TYPE
							  (a.view_type)
							  : TREE_TYPE
							  (a.view)))
	      + " (view elements)\n";
    }
  for (const erbium_binding &b : binds)
    dump += std::string ("  view ") + erbium_name (b.view) + ": "
	    + erbium_binding_text (site, b) + "\n";
  for (const erbium_capture &c : caps)
    {
      static const char *const kinds[] = {
	"firstprivate (copied)",
	"firstprivate (variable-length array, copied after the activation)",
	"shared (address)", "private (new)",
	"size of the control program (copied)"
      };
      dump += std::string ("  capture ")
	      + (c.kind == ERBIUM_CAP_SAVE ? "(size)" : erbium_name (c.decl))
	      + ": " + kinds[c.kind]
	      + (c.stream && (c.kind == ERBIUM_CAP_FIRSTPRIVATE
			       || c.kind == ERBIUM_CAP_VLA)
		 ? ", stream handle retained" : "")
	      + "\n";
    }
  return dump;
}

/* The state of outlining one site (erbium_outline_site), shared by its
   steps; each step's comment says which fields it reads and fills.  */
struct erbium_outline
{
  /* The inputs: the site, the function FN it is in, its statement STMT
     (rewritten in place into the task function's body), the site's
     location (also expanded, XL), number of accesses, number and FN's
     name.  */
  erbium_site *site;
  tree fn;
  tree stmt;
  location_t loc;
  expanded_location xl;
  int n_acc;
  int uid;
  const char *fname;
  /* erbium_outline_scan: the views of the site, those the statement
     writes, the declarations made in it, the SAVE_EXPRs it shares with
     the control program, and the rest of the scan.  */
  hash_set<tree> views, written, inner, used, saves, outer_saves;
  erbium_body_scan scan;
  /* erbium_outline_captures, erbium_outline_bindings.  */
  auto_vec<erbium_capture> caps;
  auto_vec<erbium_binding> binds;
  /* erbium_outline_activation: the activation's type ACT, its fields
     (LAST is the chain's end), whether it has any, and per access where
     its windows are.  */
  tree i64;
  tree act;
  tree fields, *last;
  bool has_act;
  auto_vec<erbium_window_info> wins;
  /* erbium_outline_task_function: the task function (the statement's
     new home), its activation and windows parameters.  */
  tree actp, cvpp;
  tree a_parm, w_parm, inner_fn;
  bool need_windows;
  /* erbium_outline_rewrite: the task function's locals (private and
     firstprivate copies) and the statements that initialise them.  */
  tree inner_vars, init;
  /* erbium_outline_body_function: the body function (called by the
     runtime with the activation and the windows), its parameters, its
     activation pointer, locals, statements before and after the call of
     the task function, and that call's arguments.  */
  tree body_fn, args_parm, win_parm, ap, aobj;
  tree bvars, bstmts, bout;
  vec<tree, va_gc> *cargs;
  /* erbium_outline_creation_*: the site's variable, the creation code,
     the activation variable, the accesses (their handles, counts and
     bursts evaluated once, their number NACC) and their array.  */
  tree svar;
  erbium_creation cr;
  tree actv, acc_type, nacc, accv, acc_ptr;
  auto_vec<tree> handle, count, burst;
};

/* Step 1.  Scan the statement of O: fills O->views (the site's views),
   O->inner, O->used, O->saves, O->written, O->outer_saves (SAVE_EXPRs
   the statement shares with the control program) and O->scan (the
   variables used, SAVE_EXPRs, blocks).  Returns false after an error
   (reported).  */
static bool
erbium_outline_scan (erbium_outline *o)
{
  erbium_site *site = o->site;
  tree fn = o->fn;
  tree &stmt = o->stmt;
  erbium_body_scan &scan = o->scan;
  hash_set<tree> &views = o->views, &outer_saves = o->outer_saves;

  /* The views of the site, and how each is bound.  */
  for (const erbium_access &a : site->accesses)
    views.add (a.view);

  scan.fn = fn;
  scan.site = site;
  scan.inner = &o->inner;
  scan.used = &o->used;
  scan.saves = &o->saves;
  scan.written = &o->written;
  scan.views = &views;
  scan.loops = scan.switches = 0;
  scan.ok = true;
  scan.bind_depth = 0;
  /* SAVE_EXPRs the statement shares with the control program.  */
  erbium_save_walk sw = { stmt, &outer_saves };
  walk_tree (&DECL_SAVED_TREE (fn), erbium_outer_saves_r, &sw, NULL);
  scan.outer_saves = &outer_saves;
  erbium_scan (&stmt, &scan);
  walk_tree (&stmt, erbium_goto_r, &scan, NULL);
  return scan.ok;
}

/* Step 2.  The captures: from the variables the statement uses
   (O->scan.uses) that are not views, per data-sharing clause or default,
   pushed to O->caps.  Returns false after an error (reported: default
   (none), a variable-length array that cannot be copied, a shared
   register variable).  */
static bool
erbium_outline_captures (erbium_outline *o)
{
  erbium_site *site = o->site;
  location_t loc = o->loc;
  hash_set<tree> &views = o->views;
  auto_vec<erbium_capture> &caps = o->caps;

  /* The captures.  */
  bool ok = true;
  for (tree d : o->scan.uses)
    {
      if (views.contains (d))
	continue;
      erbium_capture c;
      c.decl = d;
      c.field = NULL_TREE;
      c.stream = erbium_stream_decl (d, NULL) != ERBIUM_NOT_STREAM;
      bool listed = true;
      if (site->privates.contains (d))
	c.kind = ERBIUM_CAP_PRIVATE;
      else if (site->shared.contains (d))
	c.kind = ERBIUM_CAP_SHARED;
      else if (site->firstprivate.contains (d))
	c.kind = ERBIUM_CAP_FIRSTPRIVATE;
      else
	{
	  listed = false;
	  c.kind = (site->deflt == ERBIUM_DEFAULT_SHARED ? ERBIUM_CAP_SHARED
		    : site->deflt == ERBIUM_DEFAULT_PRIVATE
		    ? ERBIUM_CAP_PRIVATE : ERBIUM_CAP_FIRSTPRIVATE);
	}
      if (!listed && site->deflt == ERBIUM_DEFAULT_NONE)
	{
	  error_at (loc, "%qD not specified in enclosing %<#pragma %s%> "
		    "with %<default(none)%>", d, site->pragma);
	  ok = false;
	  continue;
	}
      tree type = TREE_TYPE (d);
      c.len_field = NULL_TREE;
      if (c.kind == ERBIUM_CAP_FIRSTPRIVATE
	  && (!COMPLETE_TYPE_P (type)
	      || TREE_CODE (TYPE_SIZE_UNIT (type)) != INTEGER_CST))
	{
	  /* A variable-length array (an array of streams, OMP-STREAM-SPEC.md
	     6.8) is copied after the activation's fixed part, when only its
	     first dimension varies.  */
	  if (TREE_CODE (type) != ARRAY_TYPE
	      || variably_modified_type_p (TREE_TYPE (type), NULL_TREE))
	    {
	      error_at (loc, "variable-length array %qD cannot be copied into "
			"the task (firstprivate): the lowering cannot capture "
			"an array whose inner dimensions vary; give the task "
			"a pointer to it %<firstprivate%>, or declare it "
			"%<shared%>", d);
	      ok = false;
	      continue;
	    }
	  c.kind = ERBIUM_CAP_VLA;
	}
      if (c.kind == ERBIUM_CAP_SHARED && DECL_REGISTER (d))
	{
	  error_at (loc, "register variable %qD cannot be shared with the "
		    "task: the task reaches a shared variable through its "
		    "address", d);
	  ok = false;
	  continue;
	}
      caps.safe_push (c);
    }
  return ok;
}

/* Step 3.  The captured SAVE_EXPRs (sizes the control program computed),
   after the variables in O->caps; and the check that no view is in a
   data-sharing clause.  Returns false after an error (reported).  */
static bool
erbium_outline_save_captures (erbium_outline *o)
{
  bool ok = true;
  for (tree sv : o->scan.save_list)
    if (o->outer_saves.contains (sv))
      {
	erbium_capture c = { sv, ERBIUM_CAP_SAVE, NULL_TREE, false,
			     NULL_TREE };
	o->caps.safe_push (c);
      }
  for (tree d : o->site->firstprivate)
    if (o->views.contains (d))
      {
	error_at (o->loc, "view %qD in a data-sharing clause: a view is the "
		  "window of the task, neither copied nor shared", d);
	ok = false;
      }
  return ok;
}

/* Step 4.  The bindings, one per view (an inout_reuse pair's input has
   none: its output's binding reads it), from the site's accesses and
   O->written; pushed to O->binds.  */
static void
erbium_outline_bindings (erbium_outline *o)
{
  erbium_site *site = o->site;
  int n_acc = o->n_acc;
  hash_set<tree> &written = o->written;
  auto_vec<erbium_binding> &binds = o->binds;

  /* The bindings, one per view.  */
  for (int i = 0; i < n_acc; i++)
    {
      const erbium_access &a = site->accesses[i];
      if (a.reuse >= 0 && a.kind == ERBIUM_ACC_INPUT)
	continue;
      erbium_binding b;
      memset (&b, 0, sizeof b);
      b.view = a.view;
      b.vtype = a.view_type;
      b.acc = i;
      b.in = a.reuse >= 0 ? a.reuse : -1;
      tree vt = a.view_type;
      b.row = a.count ? TREE_TYPE (vt) : vt;
      b.elem = erbium_elem_type (vt);
      if (a.count)
	{
	  /* An output (also of an inout_reuse pair, whose rows are then
	     filled from the input windows) is its windows when its burst is
	     the rows' size.  */
	  tree m = erbium_elements (b.row);
	  bool direct = (a.kind != ERBIUM_ACC_OUTPUT
			 ? !written.contains (a.view)
			 : (a.burst && TREE_CODE (a.burst) == INTEGER_CST
			    && tree_int_cst_equal (fold_convert (sizetype,
								 a.burst),
						   m)));
	  b.kind = direct ? ERBIUM_BIND_ROWS : ERBIUM_BIND_LOCAL;
	  if (!direct && a.kind != ERBIUM_ACC_OUTPUT)
	    b.in = i;
	}
      else if (a.kind != ERBIUM_ACC_OUTPUT)
	{
	  b.kind = ERBIUM_BIND_WINDOW;
	  if (written.contains (a.view))
	    {
	      b.kind = ERBIUM_BIND_LOCAL;
	      b.in = i;
	    }
	}
      else
	{
	  tree m = erbium_elements (vt);
	  tree n = a.burst ? a.burst : build_int_cst (erbium_int64_type (), 1);
	  if (TREE_CODE (m) == INTEGER_CST && TREE_CODE (n) == INTEGER_CST)
	    b.kind = (tree_int_cst_equal (fold_convert (sizetype, n), m)
		      ? ERBIUM_BIND_WINDOW : ERBIUM_BIND_LOCAL);
	  else
	    b.kind = ERBIUM_BIND_MAYBE;
	}
      binds.safe_push (b);
    }
}

/* Step 5a.  The activation's fields for the captures O->caps (a copy, an
   address, or a variable-length array's offset and size), appended at
   O->last; sets each capture's field.  */
static void
erbium_activation_capture_fields (erbium_outline *o)
{
  auto_vec<erbium_capture> &caps = o->caps;
  tree *&last = o->last;
  char name[64];

  for (erbium_capture &c : caps)
    {
      if (c.kind == ERBIUM_CAP_PRIVATE)
	continue;
      if (c.kind == ERBIUM_CAP_VLA)
	{
	  snprintf (name, sizeof name, "__offset_%s", erbium_name (c.decl));
	  c.field = erbium_add_field (&last, name, erbium_int64_type ());
	  snprintf (name, sizeof name, "__bytes_%s", erbium_name (c.decl));
	  c.len_field = erbium_add_field (&last, name, erbium_int64_type ());
	  continue;
	}
      tree t = (c.kind == ERBIUM_CAP_SHARED
		? build_pointer_type (erbium_shared_type (TREE_TYPE (c.decl)))
		: TYPE_MAIN_VARIANT (TREE_TYPE (c.decl)));
      if (c.kind == ERBIUM_CAP_SAVE)
	snprintf (name, sizeof name, "__size%u", (unsigned) (&c - &caps[0]));
      else
	snprintf (name, sizeof name, "%s", erbium_name (c.decl));
      c.field = erbium_add_field (&last, name, t);
    }
}

/* Step 5b.  Per access, where its windows are (O->wins): the index of
   its first window, its number of windows and its burst, each a constant
   or an activation field (appended at O->last) when known only at run
   time.  */
static void
erbium_activation_window_fields (erbium_outline *o)
{
  erbium_site *site = o->site;
  int n_acc = o->n_acc;
  tree i64 = o->i64;
  tree *&last = o->last;
  auto_vec<erbium_window_info> &wins = o->wins;
  char name[64];

  /* Window indices and sizes known only at run time.  */
  wins.safe_grow_cleared (n_acc);
  {
    tree base = build_int_cst (i64, 0);
    bool const_base = true;
    for (int i = 0; i < n_acc; i++)
      {
	const erbium_access &a = site->accesses[i];
	erbium_window_info &w = wins[i];
	if (const_base)
	  w.base_cst = base;
	else
	  {
	    snprintf (name, sizeof name, "__base%d", i);
	    w.base_field = erbium_add_field (&last, name, i64);
	  }
	if (a.count)
	  {
	    if (TREE_CODE (a.count) == INTEGER_CST)
	      {
		w.count_cst = a.count;
		if (const_base)
		  base = fold_build2 (PLUS_EXPR, i64, base, a.count);
	      }
	    else
	      {
		const_base = false;
		snprintf (name, sizeof name, "__count%d", i);
		w.count_field = erbium_add_field (&last, name, i64);
	      }
	  }
	else if (const_base)
	  base = fold_build2 (PLUS_EXPR, i64, base, build_int_cst (i64, 1));
	tree n = a.burst ? a.burst : build_int_cst (i64, 1);
	if (TREE_CODE (n) == INTEGER_CST)
	  w.burst_cst = n;
	else
	  {
	    snprintf (name, sizeof name, "__burst%d", i);
	    w.burst_field = erbium_add_field (&last, name, i64);
	  }
      }
  }
}

/* Step 5.  The activation type O->act (the record the creation code
   fills and the body function reads): the capture fields, the window
   fields, and the size of each view copied locally whose size is known
   only at run time (the bindings' size_cst or size_field).  Sets
   O->i64, O->act, O->has_act and O->wins.  */
static void
erbium_outline_activation (erbium_outline *o)
{
  erbium_site *site = o->site;
  char name[64];

  /* The activation's fields.  */
  tree act = make_node (RECORD_TYPE);
  o->act = act;
  o->fields = NULL_TREE;
  o->last = &o->fields;
  tree *&last = o->last;
  erbium_activation_capture_fields (o);
  tree i64 = erbium_int64_type ();
  o->i64 = i64;
  erbium_activation_window_fields (o);
  for (erbium_binding &b : o->binds)
    {
      if (b.kind == ERBIUM_BIND_ROWS || b.kind == ERBIUM_BIND_WINDOW)
	continue;
      tree m = erbium_elements (site->accesses[b.acc].count ? b.row
				: b.vtype);
      if (TREE_CODE (m) == INTEGER_CST)
	b.size_cst = fold_convert (i64, m);
      else
	{
	  snprintf (name, sizeof name, "__size_%s", erbium_name (b.view));
	  b.size_field = erbium_add_field (&last, name, i64);
	}
    }
  for (tree f = o->fields; f; f = DECL_CHAIN (f))
    DECL_CONTEXT (f) = act;
  TYPE_FIELDS (act) = o->fields;
  snprintf (name, sizeof name, "__erbium_act_%s_%d", o->fname, o->uid);
  TYPE_NAME (act) = get_identifier (name);
  layout_type (act);
  o->has_act = o->fields != NULL_TREE;
}

/* Step 6.  The task function O->inner_fn: void (act *restrict __act, one
   restrict pointer per view not bound to rows (each binding's parm),
   [const void **__windows]).  Sets O->actp, O->a_parm, O->cvpp,
   O->w_parm, O->need_windows.  */
static void
erbium_outline_task_function (erbium_outline *o)
{
  erbium_site *site = o->site;
  location_t loc = o->loc;
  char name[64];

  /* The task function: parameters.  */
  tree actp = build_pointer_type (o->act);
  o->actp = actp;
  tree a_parm = erbium_parm ("__act", build_qualified_type
			     (actp, TYPE_QUAL_RESTRICT), loc);
  o->a_parm = a_parm;
  tree parms = a_parm, *plast = &DECL_CHAIN (a_parm);
  bool need_windows = false;
  for (erbium_binding &b : o->binds)
    {
      if (b.kind == ERBIUM_BIND_ROWS)
	{
	  need_windows = true;
	  continue;
	}
      const erbium_access &a = site->accesses[b.acc];
      tree vt = b.vtype;
      tree pt;
      if (a.count)
	pt = build_array_type (b.row, NULL_TREE);
      else if (TREE_CODE (vt) == ARRAY_TYPE
	       && TREE_CODE (TYPE_SIZE_UNIT (vt)) != INTEGER_CST)
	pt = build_array_type (TREE_TYPE (vt), NULL_TREE);
      else
	pt = TYPE_MAIN_VARIANT (vt);
      snprintf (name, sizeof name, "%s", erbium_name (b.view));
      b.parm = erbium_parm (name, build_qualified_type
			    (build_pointer_type (pt), TYPE_QUAL_RESTRICT),
			    loc);
      *plast = b.parm;
      plast = &DECL_CHAIN (b.parm);
    }
  o->need_windows = need_windows;
  tree cvpp = build_pointer_type (build_qualified_type (ptr_type_node,
							TYPE_QUAL_CONST));
  o->cvpp = cvpp;
  tree w_parm = NULL_TREE;
  if (need_windows)
    {
      w_parm = erbium_parm ("__windows", cvpp, loc);
      *plast = w_parm;
      plast = &DECL_CHAIN (w_parm);
    }
  o->w_parm = w_parm;
  tree ptypes = void_list_node;
  {
    auto_vec<tree> pt;
    for (tree p = parms; p; p = DECL_CHAIN (p))
      pt.safe_push (TREE_TYPE (p));
    for (int i = pt.length () - 1; i >= 0; i--)
      ptypes = tree_cons (NULL_TREE, pt[i], ptypes);
  }
  snprintf (name, sizeof name, "__erbium_task_%s_%d_body", o->fname, o->uid);
  o->inner_fn = erbium_new_function (name, build_function_type
				     (void_type_node, ptypes), parms, loc);
}

/* Step 7a.  The replacement of each capture in the task function, put in
   MAP (ACT_OBJ is the task function's activation, *__act): a field of the activation (a SAVE_EXPR, an aggregate copied in),
   the copy of a variable-length array, the shared variable through its
   address, or a new local (O->inner_vars) initialised by O->init (a
   firstprivate scalar) or not (private).  */
static void
erbium_outline_capture_map (erbium_outline *o, tree act_obj,
			    hash_map<tree, tree> &map)
{
  tree a_parm = o->a_parm, inner_fn = o->inner_fn;
  tree &inner_vars = o->inner_vars, &init = o->init;

  inner_vars = NULL_TREE;
  init = NULL_TREE;
  for (erbium_capture &c : o->caps)
    {
      tree rep = NULL_TREE;
      switch (c.kind)
	{
	case ERBIUM_CAP_SAVE:
	  rep = erbium_ref (act_obj, c.field);
	  break;
	case ERBIUM_CAP_VLA:
	  rep = erbium_vla_copy (a_parm, erbium_ref (act_obj, c.field),
				 TREE_TYPE (c.decl));
	  break;
	case ERBIUM_CAP_SHARED:
	  rep = build1 (INDIRECT_REF, erbium_shared_type (TREE_TYPE (c.decl)),
			erbium_ref (act_obj, c.field));
	  break;
	case ERBIUM_CAP_FIRSTPRIVATE:
	  if (AGGREGATE_TYPE_P (TREE_TYPE (c.decl)))
	    {
	      rep = erbium_ref (act_obj, c.field);
	      break;
	    }
	  /* FALLTHRU */
	case ERBIUM_CAP_PRIVATE:
	  {
	    tree v = build_decl (DECL_SOURCE_LOCATION (c.decl), VAR_DECL,
				 DECL_NAME (c.decl), TREE_TYPE (c.decl));
	    DECL_CONTEXT (v) = inner_fn;
	    TREE_USED (v) = 1;
	    DECL_READ_P (v) = 1;
	    TREE_ADDRESSABLE (v) = TREE_ADDRESSABLE (c.decl);
	    TREE_THIS_VOLATILE (v) = TREE_THIS_VOLATILE (c.decl);
	    TREE_READONLY (v) = 0;
	    DECL_CHAIN (v) = inner_vars;
	    inner_vars = v;
	    if (c.kind == ERBIUM_CAP_FIRSTPRIVATE)
	      append_to_statement_list_force
		(build2 (INIT_EXPR, TREE_TYPE (v), v,
			 erbium_ref (act_obj, c.field)), &init);
	    rep = v;
	    break;
	  }
	}
      map.put (c.decl, rep);
    }
}

/* Step 7.  Rewrite the statement O->stmt for the task function: the
   captures as erbium_outline_capture_map says, each view through its
   parameter (or, bound to rows, through the windows parameter), also in
   the types of the declarations made in the statement.  Returns false
   after an error (reported).  */
static bool
erbium_outline_rewrite (erbium_outline *o)
{
  erbium_site *site = o->site;
  tree &stmt = o->stmt;

  /* The task function: its locals, and the replacements.  */
  hash_map<tree, tree> map;
  tree act_obj = build1 (INDIRECT_REF, o->act, o->a_parm);
  erbium_outline_capture_map (o, act_obj, map);
  hash_map<tree, tree> rows;
  for (erbium_binding &b : o->binds)
    {
      const erbium_access &a = site->accesses[b.acc];
      if (b.kind == ERBIUM_BIND_ROWS)
	{
	  const erbium_window_info &w = o->wins[b.acc];
	  tree base = (w.base_cst ? w.base_cst
		       : erbium_ref (act_obj, w.base_field));
	  rows.put (b.view, tree_cons (b.row, base, NULL_TREE));
	  continue;
	}
      tree pt = TREE_TYPE (TREE_TYPE (b.parm));
      tree rep = build1 (INDIRECT_REF, pt, b.parm);
      if (a.count || TREE_CODE (b.vtype) == ARRAY_TYPE)
	map.put (b.view, rep);
      else
	map.put (b.view, build1 (INDIRECT_REF, b.vtype, b.parm));
    }
  erbium_rewrite rw;
  hash_set<tree> seen;
  rw.map = &map;
  rw.rows = rows.is_empty () ? NULL : &rows;
  rw.windows = o->w_parm;
  rw.seen = &seen;
  rw.ok = true;
  walk_tree (&stmt, erbium_unshare_r, NULL, NULL);
  walk_tree (&stmt, erbium_rewrite_r, &rw, NULL);
  hash_set<tree> done_types;
  for (tree d : o->inner)
    if (DECL_P (d) && TREE_TYPE (d))
      erbium_rewrite_type (TREE_TYPE (d), &rw, &done_types);
  return rw.ok;
}

/* Step 8.  Move the rewritten statement O->stmt into the task function
   O->inner_fn, after O->init, with O->inner_vars as its locals: its
   declarations and blocks now belong to the task function.  */
static void
erbium_outline_move_statement (erbium_outline *o)
{
  tree inner_fn = o->inner_fn, inner_vars = o->inner_vars;
  location_t loc = o->loc;

  /* Move the statement: its declarations and blocks now belong to the
     task function.  */
  tree top = DECL_INITIAL (inner_fn);
  for (tree d : o->inner)
    if (DECL_P (d) && TREE_CODE (d) != FUNCTION_DECL
	&& DECL_CONTEXT (d) && TREE_CODE (DECL_CONTEXT (d)) == FUNCTION_DECL)
      DECL_CONTEXT (d) = inner_fn;
  for (tree blk : o->scan.blocks)
    {
      erbium_unlink_block (blk);
      BLOCK_SUPERCONTEXT (blk) = top;
      BLOCK_CHAIN (blk) = BLOCK_SUBBLOCKS (top);
      BLOCK_SUBBLOCKS (top) = blk;
      erbium_recontext_block (blk, inner_fn);
    }
  BLOCK_VARS (top) = inner_vars;
  tree body = o->init;
  append_to_statement_list_force (o->stmt, &body);
  if (!body)
    body = build_empty_stmt (loc);
  DECL_SAVED_TREE (inner_fn) = build3 (BIND_EXPR, void_type_node, inner_vars,
				       body, top);
  TREE_SIDE_EFFECTS (DECL_SAVED_TREE (inner_fn)) = 1;
  erbium_finish_function (inner_fn);
}

/* windows[IDX] of the body function of O, as a pointer of type TYPE.  */
static tree
erbium_body_window (erbium_outline *o, tree idx, tree type)
{
  tree slot = build2 (MEM_REF, ptr_type_node,
		      fold_build_pointer_plus
		      (o->win_parm, size_binop (MULT_EXPR,
						fold_convert (sizetype, idx),
						TYPE_SIZE_UNIT (ptr_type_node))),
		      build_int_cst (o->cvpp, 0));
  return fold_convert (type, slot);
}

/* CST if it is not NULL_TREE, else the activation's FIELD as the body
   function of O reads it.  */
static tree
erbium_body_field_or (erbium_outline *o, tree cst, tree field)
{
  return cst ? cst : erbium_ref (o->aobj, field);
}

/* Row K of the windows of access ACC, as a pointer, in the body function
   of O.  */
static tree
erbium_body_row_window (erbium_outline *o, int acc, tree k)
{
  const erbium_window_info &wi = o->wins[acc];
  return erbium_body_window (o, fold_build2 (PLUS_EXPR, o->i64,
					     fold_convert
					     (o->i64,
					      erbium_body_field_or
					      (o, wi.base_cst,
					       wi.base_field)),
					     k), ptr_type_node);
}

/* Step 9a.  The body function O->body_fn: void (void *args, void *const
   *windows), its activation pointer O->ap (from ARGS) and activation
   O->aobj, its statement lists O->bstmts (before the call of the task
   function) and O->bout (after it), and the call's first argument in
   O->cargs.  */
static void
erbium_body_start (erbium_outline *o)
{
  location_t loc = o->loc;
  char name[64];

  /* The body function: void (void *args, void *const *windows).  */
  tree args_parm = erbium_parm ("args", ptr_type_node, loc);
  tree win_parm = erbium_parm ("windows", o->cvpp, loc);
  DECL_CHAIN (args_parm) = win_parm;
  o->args_parm = args_parm;
  o->win_parm = win_parm;
  snprintf (name, sizeof name, "__erbium_task_%s_%d", o->fname, o->uid);
  o->body_fn = erbium_new_function (name, erbium_body_fntype (),
				    args_parm, loc);
  o->bvars = NULL_TREE, o->bstmts = NULL_TREE, o->bout = NULL_TREE;
  tree ap = erbium_temp (o->actp, "__act", o->body_fn, loc);
  DECL_CHAIN (ap) = o->bvars;
  o->bvars = ap;
  o->ap = ap;
  erbium_assign (&o->bstmts, ap, fold_convert (o->actp, args_parm), loc);
  o->aobj = build1 (INDIRECT_REF, o->act, ap);
  vec_alloc (o->cargs, 4);
  o->cargs->quick_push (o->has_act ? (tree) ap : null_pointer_node);
}

/* Step 9b.  A view B bound to rows of the windows array: nothing to
   bind, but the output of an inout_reuse pair gets the input's rows
   (copied in O->bstmts, before the task function runs).  */
static void
erbium_body_bind_rows (erbium_outline *o, erbium_binding &b)
{
  location_t loc = o->loc;
  tree i64 = o->i64;
  tree &bvars = o->bvars, &bstmts = o->bstmts;
  auto field_or = [&] (tree cst, tree field) {
    return erbium_body_field_or (o, cst, field);
  };
  auto row_window = [&] (int acc, tree k) {
    return erbium_body_row_window (o, acc, k);
  };

  if (b.in >= 0)
    {
      /* inout_reuse: the output windows get the input rows.  */
      const erbium_window_info &w = o->wins[b.acc];
      tree k = field_or (w.count_cst, w.count_field);
      tree idx = erbium_temp (i64, NULL, o->body_fn, loc);
      DECL_CHAIN (idx) = bvars;
      bvars = idx;
      append_to_statement_list_force
	(erbium_counted_loop (idx, k, erbium_memcpy
			      (row_window (b.acc, idx),
			       row_window (b.in, idx),
			       TYPE_SIZE_UNIT (b.row), loc), loc),
	 &bstmts);
    }
}

/* Step 9c.  A view B over K windows copied locally: its local array P of
   K rows (ROWBYTES bytes each), filled from the input's windows (copy-in,
   in O->bstmts) and, for an output, copied to its windows at BASE, BURST
   elements of ES bytes per row (copy-out, in O->bout).  */
static void
erbium_body_bind_local_rows (erbium_outline *o, erbium_binding &b, tree p,
			     tree es, tree rowbytes, tree base, tree burst)
{
  const erbium_access &a = o->site->accesses[b.acc];
  const erbium_window_info &w = o->wins[b.acc];
  location_t loc = o->loc;
  tree i64 = o->i64;
  tree &bvars = o->bvars, &bstmts = o->bstmts, &bout = o->bout;
  auto window = [&] (tree idx, tree type) {
    return erbium_body_window (o, idx, type);
  };
  auto field_or = [&] (tree cst, tree field) {
    return erbium_body_field_or (o, cst, field);
  };
  auto row_window = [&] (int acc, tree k) {
    return erbium_body_row_window (o, acc, k);
  };

  /* A local array of K rows.  */
  tree k = field_or (w.count_cst, w.count_field);
  erbium_assign (&bstmts, p, erbium_alloca
		 (TREE_TYPE (p), fold_build2 (MULT_EXPR, i64, k,
					      rowbytes), loc), loc);
  tree idx = erbium_temp (i64, NULL, o->body_fn, loc);
  DECL_CHAIN (idx) = bvars;
  bvars = idx;
  tree row_addr = fold_build_pointer_plus
    (fold_convert (ptr_type_node, p),
     fold_convert (sizetype, fold_build2 (MULT_EXPR, i64, idx,
					  rowbytes)));
  tree win = window (fold_build2 (PLUS_EXPR, i64, base, idx),
		     ptr_type_node);
  if (b.in >= 0)
    append_to_statement_list_force
      (erbium_counted_loop (idx, k, erbium_memcpy
			    (row_addr, row_window (b.in, idx),
			     rowbytes, loc), loc), &bstmts);
  if (a.kind == ERBIUM_ACC_OUTPUT)
    append_to_statement_list_force
      (erbium_counted_loop (idx, k, erbium_memcpy
			    (win, unshare_expr (row_addr),
			     fold_build2 (MULT_EXPR, i64, burst,
					  fold_convert (i64, es)),
			     loc), loc), &bout);
}

/* Step 9d.  A view B of one window: P is the window at BASE itself
   (ERBIUM_BIND_WINDOW), a local copy (ERBIUM_BIND_LOCAL) or either,
   decided at run time by BURST against the view's size (ERBIUM_BIND_MAYBE);
   a local copy is filled from the input window (copy-in, in O->bstmts)
   and, for an output, copied to its window, BURST elements of ES bytes
   (copy-out, in O->bout).  */
static void
erbium_body_bind_window (erbium_outline *o, erbium_binding &b, tree p,
			 tree es, tree base, tree burst)
{
  const erbium_access &a = o->site->accesses[b.acc];
  location_t loc = o->loc;
  tree i64 = o->i64;
  tree &bstmts = o->bstmts, &bout = o->bout;
  auto_vec<erbium_window_info> &wins = o->wins;
  auto window = [&] (tree idx, tree type) {
    return erbium_body_window (o, idx, type);
  };
  auto field_or = [&] (tree cst, tree field) {
    return erbium_body_field_or (o, cst, field);
  };

  tree win = window (base, TREE_TYPE (p));
  tree size = (b.kind == ERBIUM_BIND_WINDOW ? NULL_TREE
	       : field_or (b.size_cst, b.size_field));
  tree bytes = (size ? fold_build2 (MULT_EXPR, i64, size,
				    fold_convert (i64, es))
		: NULL_TREE);
  if (b.kind == ERBIUM_BIND_WINDOW)
    erbium_assign (&bstmts, p, win, loc);
  else if (b.kind == ERBIUM_BIND_LOCAL)
    erbium_assign (&bstmts, p, erbium_alloca (TREE_TYPE (p), bytes,
					      loc), loc);
  else
    erbium_assign (&bstmts, p,
		   fold_build3 (COND_EXPR, TREE_TYPE (p),
				fold_build2 (EQ_EXPR, boolean_type_node,
					     burst, size),
				win, erbium_alloca (TREE_TYPE (p),
						    bytes, loc)),
		   loc);
  if (b.in >= 0)
    {
      /* Filled from the input window (an input view the body
	 writes; inout_reuse).  */
      const erbium_window_info &wi = wins[b.in];
      tree src = window (field_or (wi.base_cst, wi.base_field),
			 const_ptr_type_node);
      tree n = (size ? bytes
		: fold_build2 (MULT_EXPR, i64,
			       fold_convert (i64,
					     erbium_elements
					     (b.vtype)),
			       fold_convert (i64, es)));
      append_to_statement_list_force (erbium_memcpy (p, src, n, loc),
				      &bstmts);
    }
  if (a.kind == ERBIUM_ACC_OUTPUT && b.kind != ERBIUM_BIND_WINDOW)
    {
      tree out = erbium_memcpy (win, p, fold_build2
				(MULT_EXPR, i64, burst,
				 fold_convert (i64, es)), loc);
      if (b.kind == ERBIUM_BIND_MAYBE)
	out = build3 (COND_EXPR, void_type_node,
		      build2 (NE_EXPR, boolean_type_node, p,
			      unshare_expr (win)),
		      out, build_empty_stmt (loc));
      append_to_statement_list_force (out, &bout);
    }
}

/* Step 9.  Bind the views in the body function: per binding of O->binds
   a local pointer (pushed to O->cargs, the task function's arguments)
   with its copy-in and copy-out (steps 9b to 9d); then the call of the
   task function between O->bstmts and O->bout.  */
static void
erbium_body_bind_views (erbium_outline *o)
{
  location_t loc = o->loc;
  tree i64 = o->i64;
  tree &bvars = o->bvars, &bstmts = o->bstmts;
  auto field_or = [&] (tree cst, tree field) {
    return erbium_body_field_or (o, cst, field);
  };

  for (erbium_binding &b : o->binds)
    {
      if (b.kind == ERBIUM_BIND_ROWS)
	{
	  erbium_body_bind_rows (o, b);
	  continue;
	}
      const erbium_access &a = o->site->accesses[b.acc];
      const erbium_window_info &w = o->wins[b.acc];
      tree pt = TREE_TYPE (b.parm);
      tree p = erbium_temp (TYPE_MAIN_VARIANT (pt), erbium_name (b.view),
			    o->body_fn, loc);
      DECL_CHAIN (p) = bvars;
      bvars = p;
      tree es = TYPE_SIZE_UNIT (b.elem);
      tree rowbytes = fold_convert (i64, TYPE_SIZE_UNIT (b.row));
      tree base = field_or (w.base_cst, w.base_field);
      tree burst = fold_convert (i64, field_or (w.burst_cst, w.burst_field));
      if (a.count)
	erbium_body_bind_local_rows (o, b, p, es, rowbytes, base, burst);
      else
	erbium_body_bind_window (o, b, p, es, base, burst);
      vec_safe_push (o->cargs, (tree) p);
    }
  if (o->need_windows)
    vec_safe_push (o->cargs, (tree) o->win_parm);
  append_to_statement_list_force (build_call_vec (void_type_node,
						  build_fold_addr_expr
						  (o->inner_fn), o->cargs),
				  &bstmts);
  append_to_statement_list_force (o->bout, &bstmts);
}

/* Step 10.  Release the stream handles the activation holds (each
   firstprivate stream handle, or array of them, retained by the creation
   code), in the body function's O->bstmts after the task function ran;
   then finish the body function O->body_fn.  */
static void
erbium_body_release_handles (erbium_outline *o)
{
  location_t loc = o->loc;
  tree i64 = o->i64;
  tree body_fn = o->body_fn, ap = o->ap, aobj = o->aobj;
  tree &bvars = o->bvars, &bstmts = o->bstmts;

  /* The stream handles the activation holds.  */
  for (erbium_capture &c : o->caps)
    if (c.stream && c.kind == ERBIUM_CAP_VLA)
      {
	tree idx = erbium_temp (i64, NULL, body_fn, loc);
	DECL_CHAIN (idx) = bvars;
	bvars = idx;
	tree n = fold_build2 (TRUNC_DIV_EXPR, i64,
			      erbium_ref (aobj, c.len_field),
			      build_int_cst (i64, POINTER_SIZE_UNITS));
	tree e = build4 (ARRAY_REF, ptr_type_node,
			 erbium_vla_copy (ap, erbium_ref (aobj, c.field),
					  TREE_TYPE (c.decl)),
			 idx, NULL_TREE, NULL_TREE);
	append_to_statement_list_force
	  (erbium_counted_loop (idx, n, erbium_task_call
				(loc, ERBIUM_FN_STREAM_RELEASE, 1, e), loc),
	   &bstmts);
      }
    else if (c.stream && c.kind == ERBIUM_CAP_FIRSTPRIVATE)
      {
	tree h = erbium_ref (aobj, c.field);
	if (TREE_CODE (TREE_TYPE (c.field)) == ARRAY_TYPE)
	  {
	    tree idx = erbium_temp (i64, NULL, body_fn, loc);
	    DECL_CHAIN (idx) = bvars;
	    bvars = idx;
	    tree n = fold_convert (i64, erbium_elements (TREE_TYPE
							 (c.field)));
	    tree e = build4 (ARRAY_REF, ptr_type_node, h, idx, NULL_TREE,
			     NULL_TREE);
	    append_to_statement_list_force
	      (erbium_counted_loop (idx, n, erbium_task_call
				    (loc, ERBIUM_FN_STREAM_RELEASE, 1, e), loc),
	       &bstmts);
	  }
	else
	  append_to_statement_list_force
	    (build3 (COND_EXPR, void_type_node,
		     build2 (NE_EXPR, boolean_type_node, h,
			     null_pointer_node),
		     erbium_task_call (loc, ERBIUM_FN_STREAM_RELEASE, 1,
				       unshare_expr (h)),
		     build_empty_stmt (loc)), &bstmts);
      }
  tree btop = DECL_INITIAL (body_fn);
  BLOCK_VARS (btop) = bvars;
  DECL_SAVED_TREE (body_fn) = build3 (BIND_EXPR, void_type_node, bvars,
				      bstmts, btop);
  TREE_SIDE_EFFECTS (DECL_SAVED_TREE (body_fn)) = 1;
  erbium_finish_function (body_fn);
}

/* Step 11.  Start the creation code O->cr in O->fn: the activation
   variable O->actv (when the activation has fields) with the captures
   stored into it, the access type O->acc_type and no window yet
   (O->nacc).  */
static void
erbium_creation_start (erbium_outline *o)
{
  /* The creation code, in FN.  */
  o->cr = { o->fn, o->loc, NULL_TREE, NULL_TREE };
  auto ctemp = [&] (tree type, const char *nm) {
    return o->cr.temp (type, nm);
  };
  tree actv = o->has_act ? ctemp (o->act, "__act") : NULL_TREE;
  if (actv)
    TREE_ADDRESSABLE (actv) = 1;
  o->actv = actv;
  erbium_store_captures (&o->cr, o->caps, actv);
  /* The accesses: stream handles, counts and bursts evaluated once, in
     clause order.  */
  o->acc_type = erbium_access_type ();
  o->nacc = build_int_cst (o->i64, 0);
}

/* Step 12.  The accesses' values in the creation code O->cr, evaluated
   once in clause order: each stream handle (O->handle), number of windows
   (O->count) and burst (O->burst), the run-time window fields of the
   activation O->actv, and their total number of windows O->nacc.  */
static void
erbium_creation_access_values (erbium_outline *o)
{
  erbium_site *site = o->site;
  location_t loc = o->loc;
  tree i64 = o->i64, actv = o->actv;
  tree &cstmts = o->cr.cstmts, &nacc = o->nacc;
  auto_vec<erbium_window_info> &wins = o->wins;
  auto_vec<tree> &handle = o->handle, &count = o->count, &burst = o->burst;
  auto ctemp = [&] (tree type, const char *nm) {
    return o->cr.temp (type, nm);
  };

  for (int i = 0; i < o->n_acc; i++)
    {
      const erbium_access &a = site->accesses[i];
      tree h = a.stream;
      if (!a.count && !DECL_P (h))
	{
	  tree v = ctemp (ptr_type_node, NULL);
	  erbium_assign (&cstmts, v, h, a.loc);
	  h = v;
	}
      handle.safe_push (h);
      if (a.reuse >= 0 && a.reuse < i)
	{
	  /* The output of an inout_reuse pair: the view's brackets were
	     evaluated for its input.  */
	  count.safe_push (count[a.reuse]);
	  burst.safe_push (burst[a.reuse]);
	  tree k = count[a.reuse], n = burst[a.reuse];
	  if (wins[i].base_field)
	    erbium_assign (&cstmts, erbium_ref (actv, wins[i].base_field),
			   nacc, loc);
	  if (wins[i].count_field)
	    erbium_assign (&cstmts, erbium_ref (actv, wins[i].count_field), k,
			   loc);
	  if (wins[i].burst_field)
	    erbium_assign (&cstmts, erbium_ref (actv, wins[i].burst_field), n,
			   loc);
	  nacc = fold_build2 (PLUS_EXPR, i64, nacc,
			      k ? k : build_int_cst (i64, 1));
	  continue;
	}
      tree k = a.count;
      if (k && TREE_CODE (k) != INTEGER_CST)
	{
	  tree v = ctemp (i64, NULL);
	  erbium_assign (&cstmts, v, k, a.loc);
	  k = v;
	}
      count.safe_push (k);
      tree n = a.burst ? a.burst : build_int_cst (i64, 1);
      if (TREE_CODE (n) != INTEGER_CST)
	{
	  tree v = ctemp (i64, NULL);
	  erbium_assign (&cstmts, v, n, a.loc);
	  n = v;
	}
      burst.safe_push (n);
      if (wins[i].base_field)
	erbium_assign (&cstmts, erbium_ref (actv, wins[i].base_field), nacc,
		       loc);
      if (wins[i].count_field)
	erbium_assign (&cstmts, erbium_ref (actv, wins[i].count_field), k,
		       loc);
      if (wins[i].burst_field)
	erbium_assign (&cstmts, erbium_ref (actv, wins[i].burst_field), n,
		       loc);
      nacc = fold_build2 (PLUS_EXPR, i64, nacc, k ? k : build_int_cst (i64,
								       1));
    }
}

/* Step 13.  The views' run-time sizes into the activation, and the
   array of O->nacc accesses the runtime reads (O->accv, its address
   O->acc_ptr; a null pointer when the site has no access), in the
   creation code O->cr.  */
static void
erbium_creation_access_array (erbium_outline *o)
{
  location_t loc = o->loc;
  tree fn = o->fn, actv = o->actv, nacc = o->nacc;
  tree &cvars = o->cr.cvars, &cstmts = o->cr.cstmts;
  tree &accv = o->accv, &acc_ptr = o->acc_ptr;
  auto ctemp = [&] (tree type, const char *nm) {
    return o->cr.temp (type, nm);
  };

  for (erbium_binding &b : o->binds)
    if (b.size_field)
      erbium_assign (&cstmts, erbium_ref (actv, b.size_field),
		     erbium_elements (b.vtype), loc);
  accv = NULL_TREE;
  if (o->n_acc == 0)
    acc_ptr = null_pointer_node;
  else
    {
      tree dom;
      if (TREE_CODE (nacc) == INTEGER_CST)
	dom = build_index_type (size_int (tree_to_shwi (nacc) - 1));
      else
	{
	  tree nv = ctemp (sizetype, NULL);
	  erbium_assign (&cstmts, nv, nacc, loc);
	  dom = build_index_type (size_binop (MINUS_EXPR, nv, size_one_node));
	}
      tree at = build_array_type (o->acc_type, dom);
      accv = erbium_temp (at, "__acc", fn, loc);
      TREE_ADDRESSABLE (accv) = 1;
      DECL_CHAIN (accv) = cvars;
      cvars = accv;
      append_to_statement_list_force (build1 (DECL_EXPR, void_type_node,
					      accv), &cstmts);
      acc_ptr = build_fold_addr_expr (accv);
    }
}

/* acc[IDX] = { HANDLE, KIND, BURST, HORIZON }: the access A of O's site
   at IDX of the access array O->accv, with stream handle H, burst N and
   horizon HZ (in bytes), appended to *LIST.  */
static void
erbium_creation_set_access (erbium_outline *o, tree idx, tree h,
			    const erbium_access &a, tree n, tree hz,
			    tree *list)
{
  tree acc_type = o->acc_type;
  tree slot = build4 (ARRAY_REF, acc_type, o->accv, idx, NULL_TREE,
		      NULL_TREE);
  erbium_assign (list, erbium_ref (slot, erbium_task_field (acc_type,
							    "stream")), h,
		 a.loc);
  erbium_assign (list, erbium_ref (unshare_expr (slot),
				   erbium_task_field (acc_type, "kind")),
		 build_int_cst (integer_type_node, a.kind), a.loc);
  erbium_assign (list, erbium_ref (unshare_expr (slot),
				   erbium_task_field (acc_type, "burst")),
		 n, a.loc);
  erbium_assign (list, erbium_ref (unshare_expr (slot),
				   erbium_task_field (acc_type,
						      "horizon")),
		 hz, a.loc);
}

/* Step 14.  Fill the access array O->accv in the creation code O->cr:
   per access its stream handle, kind, burst and horizon in bytes (an
   access over K windows: one entry per window, in a loop).  Returns false
   after an error (reported by erbium_units).  */
static bool
erbium_creation_set_accesses (erbium_outline *o)
{
  erbium_site *site = o->site;
  tree i64 = o->i64;
  tree &cstmts = o->cr.cstmts;
  auto_vec<tree> &handle = o->handle, &count = o->count, &burst = o->burst;
  bool ok = true;
  auto ctemp = [&] (tree type, const char *nm) {
    return o->cr.temp (type, nm);
  };
  auto set_access = [&] (tree idx, tree h, const erbium_access &a, tree n,
			 tree hz, tree *list) {
    erbium_creation_set_access (o, idx, h, a, n, hz, list);
  };

  tree pos = build_int_cst (i64, 0);
  for (int i = 0; i < o->n_acc; i++)
    {
      const erbium_access &a = site->accesses[i];
      tree vt = a.view_type;
      tree row = a.count ? TREE_TYPE (vt) : vt;
      tree es = TYPE_SIZE_UNIT (erbium_elem_type (vt));
      tree m = fold_convert (i64, erbium_elements (row));
      tree n = burst[i];
      tree b_el, h_el;
      switch (a.kind)
	{
	case ERBIUM_ACC_PEEK:
	  b_el = build_int_cst (i64, 0);
	  h_el = m;
	  break;
	case ERBIUM_ACC_INPUT:
	  b_el = n;
	  h_el = m;
	  break;
	default:
	  /* An output's window is its burst; a burst larger than the view
	     passes the view's size as its horizon, which the runtime
	     reports (horizon != burst).  */
	  b_el = n;
	  h_el = (TREE_CODE (n) == INTEGER_CST && TREE_CODE (m) == INTEGER_CST
		  ? n : fold_build2 (MIN_EXPR, i64, n, m));
	  break;
	}
      if (!a.count)
	{
	  tree h = handle[i];
	  set_access (pos, h, a, erbium_units (b_el, es, &a, h, &ok),
		      erbium_units (h_el, es, &a, h, &ok), &cstmts);
	  pos = fold_build2 (PLUS_EXPR, i64, pos, build_int_cst (i64, 1));
	}
      else
	{
	  tree idx = ctemp (i64, NULL);
	  tree hv = ctemp (ptr_type_node, NULL);
	  tree lbody = NULL_TREE;
	  erbium_assign (&lbody, hv, build_array_ref (a.loc, handle[i], idx),
			 a.loc);
	  set_access (fold_build2 (PLUS_EXPR, i64, pos, idx), hv, a,
		      erbium_units (b_el, es, &a, hv, &ok),
		      erbium_units (h_el, es, &a, hv, &ok), &lbody);
	  append_to_statement_list_force (erbium_counted_loop
					  (idx, count[i], lbody, a.loc),
					  &cstmts);
	  pos = fold_build2 (PLUS_EXPR, i64, pos, count[i]);
	}
    }
  return ok;
}

/* Step 15.  The call that creates the task, at the end of the creation
   code O->cr: the site variable O->svar, the activation (with the
   variable-length arrays copied after it), the access array, and the
   flags (undeferred when the if clause is false).  */
static void
erbium_creation_call (erbium_outline *o)
{
  erbium_site *site = o->site;
  tree act = o->act, actv = o->actv;
  auto_vec<erbium_capture> &caps = o->caps;

  tree flags = (site->if_expr
		? fold_build3 (COND_EXPR, integer_type_node, site->if_expr,
			       integer_zero_node,
			       build_int_cst (integer_type_node,
					      ERBIUM_TASK_UNDEFERRED))
		: integer_zero_node);
  tree args_ptr = actv ? build_fold_addr_expr (actv) : null_pointer_node;
  tree args_size = actv ? TYPE_SIZE_UNIT (act) : size_zero_node;
  bool any_vla = false;
  for (erbium_capture &c : caps)
    any_vla |= c.kind == ERBIUM_CAP_VLA;
  if (any_vla)
    erbium_copy_vla_args (&o->cr, caps, act, actv, &args_ptr, &args_size);
  tree create = erbium_task_call
    (o->loc, ERBIUM_FN_TASK_CREATE, 6, build_fold_addr_expr (o->svar),
     args_ptr, args_size, o->acc_ptr, fold_convert (integer_type_node,
						    o->nacc), flags);
  append_to_statement_list_force (create, &o->cr.cstmts);
}

/* Outline the stream site SITE whose statement is STMT, in function FN.
   Returns the creation code that replaces the marker and STMT, or
   NULL_TREE after an error (reported).  The steps: scan the statement,
   its captures and bindings, the activation type, the task function (the
   statement, rewritten), the body function (binding the views, copy-in
   and copy-out, releasing stream handles), the site variable, and the
   creation code (the captures, the accesses, the call).  */
static tree
erbium_outline_site (erbium_site *site, tree fn, tree stmt)
{
  erbium_outline o;
  o.site = site;
  o.fn = fn;
  o.stmt = stmt;
  o.loc = site->loc;
  o.n_acc = site->accesses.length ();
  o.uid = site->id;
  o.fname = erbium_name (fn);

  if (!erbium_outline_scan (&o))
    return NULL_TREE;
  o.xl = expand_location (o.loc);
  bool ok = erbium_outline_captures (&o);
  if (!erbium_outline_save_captures (&o))
    ok = false;
  if (!ok)
    return NULL_TREE;
  erbium_outline_bindings (&o);
  erbium_outline_activation (&o);
  erbium_outline_task_function (&o);
  if (!erbium_outline_rewrite (&o))
    return NULL_TREE;
  erbium_outline_move_statement (&o);

  erbium_body_start (&o);
  erbium_body_bind_views (&o);
  erbium_body_release_handles (&o);

  /* The site.  */
  o.svar = erbium_make_site_var (site, fn, o.fname, o.loc, o.xl, o.body_fn,
				 o.inner_fn);

  erbium_creation_start (&o);
  erbium_creation_access_values (&o);
  erbium_creation_access_array (&o);
  if (!erbium_creation_set_accesses (&o))
    return NULL_TREE;
  erbium_creation_call (&o);

  /* The dump.  */
  site->dump = erbium_site_dump_text (site, o.xl, o.fname, o.body_fn,
				      o.binds, o.caps);

  tree bind = build3 (BIND_EXPR, void_type_node, o.cr.cvars, o.cr.cstmts,
		      NULL_TREE);
  TREE_SIDE_EFFECTS (bind) = 1;
  SET_EXPR_LOCATION (bind, o.loc);
  return bind;
}

/* ---------------------------------------------------------------------
   Finding the sites.  */

/* An OpenMP construct whose end waits for the tasks created in it (or
   that runs its body on several threads): a stream task inside it would
   outlive it.  Its name, or NULL.  */
static const char *
erbium_waiting_construct (tree t)
{
  switch (TREE_CODE (t))
    {
    case OMP_PARALLEL: return "parallel";
    case OMP_FOR: return "for";
    case OMP_SIMD: return "simd";
    case OMP_DISTRIBUTE: return "distribute";
    case OMP_TASKLOOP: return "taskloop";
    case OMP_LOOP: return "loop";
    case OMP_SECTIONS: return "sections";
    case OMP_SINGLE: return "single";
    case OMP_MASTER: return "master";
    case OMP_MASKED: return "masked";
    case OMP_SCOPE: return "scope";
    case OMP_TASKGROUP: return "taskgroup";
    case OMP_TEAMS: return "teams";
    case OMP_TARGET: return "target";
    default: return NULL;
    }
}

struct erbium_find
{
  tree fn;
  /* The innermost enclosing construct of erbium_waiting_construct.  */
  const char *region;
};

static tree erbium_find_r (tree *tp, int *walk_subtrees, void *data);

/* The statement after the marker *I of SITE (the task body), with the
   debug statements before it and, for a jump, its branch hint; *JP is
   then its position.  Returns NULL_TREE, the marker removed, after an
   error for a pragma followed by no statement.  */
static tree
erbium_marker_statement (tree_stmt_iterator *i, erbium_site *site,
			 tree_stmt_iterator *jp)
{
  /* The statement after the marker; with -gstatement-frontiers, the C
     front end puts a DEBUG_BEGIN_STMT before it, which moves into the
     task's body with it (as in GCC's own OpenMP tasks).  An empty
     statement is not in the list: the body is then a new empty statement
     after the marker.  */
  if (site->empty_body)
    tsi_link_after (i, build_empty_stmt (site->loc), TSI_SAME_STMT);
  tree_stmt_iterator j = *i;
  tsi_next (&j);
  tree debug = NULL_TREE;
  while (!site->empty_body && !tsi_end_p (j)
	 && TREE_CODE (tsi_stmt (j)) == DEBUG_BEGIN_STMT)
    {
      append_to_statement_list_force (tsi_stmt (j), &debug);
      tsi_delink (&j);
    }
  tree stmt = tsi_end_p (j) ? NULL_TREE : tsi_stmt (j);
  /* A jump statement is a PREDICT_EXPR (the branch predictor's hint) and
     the jump: both are the body (a jump out of it, reported).  */
  if (stmt && TREE_CODE (stmt) == PREDICT_EXPR)
    {
      tree_stmt_iterator k = j;
      tsi_next (&k);
      if (!tsi_end_p (k))
	{
	  tree both = NULL_TREE;
	  append_to_statement_list_force (stmt, &both);
	  append_to_statement_list_force (tsi_stmt (k), &both);
	  tsi_delink (&k);
	  stmt = both;
	  *tsi_stmt_ptr (j) = stmt;
	}
    }
  if (!stmt || TREE_CODE (stmt) == DECL_EXPR
      || TREE_CODE (stmt) == LABEL_EXPR
      || TREE_CODE (stmt) == CASE_LABEL_EXPR)
    {
      if (!site->bad)
	error_at (site->loc, "%<#pragma %s%> must be followed by a statement "
		  "(the task body)%s", site->pragma,
		  stmt && TREE_CODE (stmt) == DECL_EXPR
		  ? ", not a declaration" : stmt ? ", not a label" : "");
      tsi_delink (i);
      return NULL_TREE;
    }
  if (debug)
    {
      append_to_statement_list_force (stmt, &debug);
      stmt = debug;
      *tsi_stmt_ptr (j) = stmt;
    }
  *jp = j;
  return stmt;
}

/* GCC's OpenMP task for SITE, a task without stream clause, whose body
   is STMT.  */
static tree
erbium_omp_task (erbium_site *site, tree stmt)
{
  tree body = stmt;
  if (TREE_CODE (body) != BIND_EXPR)
    {
      body = build3 (BIND_EXPR, void_type_node, NULL_TREE, body,
		     NULL_TREE);
      TREE_SIDE_EFFECTS (body) = 1;
    }
  tree rep = make_node (OMP_TASK);
  TREE_TYPE (rep) = void_type_node;
  OMP_TASK_CLAUSES (rep) = site->omp_clauses;
  OMP_TASK_BODY (rep) = body;
  SET_EXPR_LOCATION (rep, site->loc);
  return rep;
}

/* Lower the site at the marker *I of a statement list; the iterator then
   points at what replaced the marker and the statement.  */
static void
erbium_lower_marker (tree_stmt_iterator *i, erbium_find *f)
{
  tree marker = tsi_stmt (*i);
  erbium_site *site = erbium_sites[erbium_marker_site (marker)];
  tree_stmt_iterator j;
  tree stmt = erbium_marker_statement (i, site, &j);
  if (!stmt)
    return;
  tree rep = NULL_TREE;
  expanded_location xl = expand_location (site->loc);
  std::string where = (std::string ("site ") + xl.file + ":"
		       + std::to_string (xl.line) + " '#pragma " + site->pragma
		       + "' in " + erbium_name (f->fn) + ": ");
  if (site->kind == ERBIUM_SITE_OMP && !site->bad)
    {
      /* A task without stream clause: GCC's inside OpenMP constructs, with
	 OpenMP's own clauses, or in a unit without streams; a data-flow
	 task otherwise (OMP-STREAM-SPEC.md 6.8: every task of a stream
	 program is one, ready at once).  */
      bool gomp = (f->region || site->omp_only || !erbium_unit_has_streams);
      if (gomp && !erbium_openmp)
	{
	  warning_at (site->loc, OPT_Wunknown_pragmas,
		      "ignoring %<#pragma omp task%>");
	  site->dump = where + "OpenMP task ignored without -fopenmp (its "
		       "body runs in place)\n";
	  tsi_delink (i);
	  return;
	}
      if (!gomp)
	{
	  site->kind = ERBIUM_SITE_STREAM;
	  site->plain = true;
	}
    }
  if (site->bad)
    ;
  else if (site->kind == ERBIUM_SITE_OMP)
    {
      rep = erbium_omp_task (site, stmt);
      site->dump = where + "OpenMP task (no stream clause; "
		   + (f->region ? "inside an OpenMP construct"
		      : site->omp_only ? "a clause of OpenMP tasks only"
		      : "no stream in the unit")
		   + "): GCC's own task (libgomp)\n";
    }
  else if (f->region)
    error_at (site->loc, "stream task inside %<#pragma omp %s%>: its "
	      "instances run on persistent processes that the construct "
	      "does not wait for; create stream tasks outside OpenMP "
	      "parallel constructs", f->region);
  else
    rep = erbium_outline_site (site, f->fn, stmt);
  tsi_delink (i);
  if (rep)
    *tsi_stmt_ptr (j) = rep;
}

/* The callback that finds the markers (walk_tree): statement lists are
   walked statement by statement, inner statements first, and their
   markers lowered from the last to the first, so that a task pragma
   followed by another task pragma takes the second's creation as its
   body.  */
static tree
erbium_find_r (tree *tp, int *walk_subtrees, void *data)
{
  erbium_find *f = (erbium_find *) data;
  tree t = *tp;
  if (TYPE_P (t) || DECL_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == STATEMENT_LIST)
    {
      auto_vec<tree *> markers;
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
	{
	  if (erbium_marker_site (tsi_stmt (i)) >= 0)
	    continue;
	  walk_tree (tsi_stmt_ptr (i), erbium_find_r, f, NULL);
	}
      /* From the last marker to the first.  */
      for (;;)
	{
	  tree_stmt_iterator last = tsi_last (t);
	  bool found = false;
	  for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i);
	       tsi_next (&i))
	    if (erbium_marker_site (tsi_stmt (i)) >= 0)
	      {
		last = i;
		found = true;
	      }
	  if (!found)
	    break;
	  erbium_lower_marker (&last, f);
	}
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  int id = erbium_marker_site (t);
  if (id >= 0)
    {
      erbium_site *site = erbium_sites[id];
      if (!site->bad)
	error_at (site->loc, "%<#pragma %s%> must be followed by a statement "
		  "(the task body)", site->pragma);
      *tp = build_empty_stmt (site->loc);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (const char *c = erbium_waiting_construct (t))
    {
      const char *save = f->region;
      f->region = c;
      for (int k = 0; k < TREE_OPERAND_LENGTH (t); k++)
	walk_tree (&TREE_OPERAND (t, k), erbium_find_r, f, NULL);
      f->region = save;
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Uses of implicit views' variables left in the control program
   (walk_tree callback): reported once each, at the expression that uses
   them.  */
struct erbium_stray
{
  hash_set<tree> reported;
  location_t here;
};

static tree
erbium_stray_views_r (tree *tp, int *walk_subtrees, void *data)
{
  erbium_stray *st = (erbium_stray *) data;
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if (TREE_CODE (t) == BIND_EXPR)
    {
      /* The declarations of the block: not uses.  */
      walk_tree (&BIND_EXPR_BODY (t), erbium_stray_views_r, data, NULL);
      *walk_subtrees = 0;
    }
  else if (TREE_CODE (t) == DECL_EXPR)
    *walk_subtrees = 0;
  else if (VAR_P (t))
    {
      tree s = erbium_implicit_view_stream (t);
      if (s && !st->reported.add (t))
	error_at (st->here != UNKNOWN_LOCATION ? st->here
		  : DECL_SOURCE_LOCATION (s),
		  "%qE here names the implicit view of a task (a variable of "
		  "the element type of the stream), not stream %qD: after "
		  "%<input (%E)%>, %<output (%E)%> or %<peek (%E)%>, %qE "
		  "names the view until the end of the block; give the task "
		  "an explicit view (%<%E >> v%>)", DECL_NAME (t), s,
		  DECL_NAME (t), DECL_NAME (t), DECL_NAME (t), DECL_NAME (t),
		  DECL_NAME (t));
      *walk_subtrees = 0;
    }
  else if (EXPR_P (t) && EXPR_HAS_LOCATION (t))
    st->here = EXPR_LOCATION (t);
  return NULL_TREE;
}

/* True when some site of the unit is in FN.  */
static bool
erbium_has_sites (tree fn)
{
  for (erbium_site *s : erbium_sites)
    if (s->fn == fn)
      return true;
  return false;
}

/* PLUGIN_PRE_GENERICIZE callback (after frontend.cc's): lower the sites
   of the function GCC_DATA and of the GNU C nested functions in it, then
   record what every function calls (tasksites.cc).  */
static void
erbium_outline_function (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  erbium_restore_streams ();
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || !DECL_SAVED_TREE (fndecl))
    return;
  auto_vec<tree> family;
  family.safe_push (fndecl);
  for (unsigned i = 0; i < family.length (); i++)
    if (cgraph_node *node = cgraph_node::get (family[i]))
      for (cgraph_node *n = first_nested_function (node); n;
	   n = next_nested_function (n))
	if (DECL_SAVED_TREE (n->decl))
	  family.safe_push (n->decl);
  for (tree fn : family)
    {
      erbium_network_note_function (fn);
      if (erbium_has_sites (fn))
	{
	  erbium_find f = { fn, NULL };
	  walk_tree (&DECL_SAVED_TREE (fn), erbium_find_r, &f, NULL);
	}
      if (erbium_unit_has_streams)
	{
	  erbium_stray st;
	  st.here = UNKNOWN_LOCATION;
	  walk_tree (&DECL_SAVED_TREE (fn), erbium_stray_views_r, &st, NULL);
	}
    }
  for (tree fn : family)
    erbium_note_function (fn);
  for (erbium_site *s : erbium_sites)
    if (s->body_fn && s->creator && !s->dump.empty ()
	&& family.contains (s->creator))
      {
	erbium_note_function (s->body_fn);
	erbium_note_function (s->inner_fn);
      }
}

/* See omp-stream.h.  */
void
erbium_init_outline (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_PRE_GENERICIZE,
		     erbium_outline_function, NULL);
}
