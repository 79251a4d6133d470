/* SPDX-License-Identifier: GPL-3.0-or-later */
/* stripmine.cc -- pass "erbium-stripmine": element-at-a-time loops over
   views become bursts, so that the vectoriser sees a clean inner loop
   (paper section 4: "we systematically strip-mine bursts of computations
   enclosing the index-wise computations inside a protected inner loop").

   Candidates are innermost loops with synchronisation primitives in their
   body, such as
     for (i = 0; i < n; i++)
       { stall (w, i + 1); w[i] = f (i); commit (w, i + 1); }
   Every primitive's view must be invariant in the loop and its index
   affine in the iteration count with a positive constant step (SCEV,
   simple_iv), the loop may leave only through its counted exit at the end
   of the body (number_of_iterations_exit) or through exits that test an
   update's result against its index (termination), and no other call may
   have side effects.  The loop becomes

     t = 0;
     loop:                                      (the original loop L)
       m = min (burst, iterations left);
       for each stall/update P (v, base + step * t) in body order:
	 g = er_{stall,update}_upto (v, lo, lo + step * (m - 1));
	 m = min (m, iterations g covers);      (never waits)
       if (m > 0)
	 {
	   receive hints for the burst;
	   inner: m iterations of the body with no primitive:
		  stall/update gone (an update's result is its index, as
		  it is when granted), commit/release (v, e) remember e;
	   commit/release (v, last e remembered) each once;
	   t += m;  leave when t reached the trip count
	 }
       else
	 one iteration of the original body;   (t += 1)

   T counts iterations in 64 bits; inside a burst the loop's induction
   variables are their values at the burst's start plus their steps times
   the burst's own int counter (erbium_sm_rewrite_ivs), so that nothing wraps
   where the loop's own variables do not, however long the loop runs.  The
   original body, which runs when the grants give nothing, keeps its
   primitives and element accesses as library calls
   (erbium_mark_cold_call).  A primitive's index is followed in the
   program's own type: the 32-bit value an int program's index was
   widened from (wrapping as the program's does; the runtime reads it
   modulo 2^32, erbium/sync.h er_xlat), or the 64-bit index itself; the
   grants get the indices widened as the program widens them.

   The upto calls grant only what is available at once, up to the view's
   horizon; when they grant nothing, the original element code runs, with
   its own blocking, termination and misuse reports.  So a strip-mined loop
   never waits for more than the element code would: no deadlock is
   introduced, whatever the process graph, and a coarsened burst never
   exceeds a horizon.  Commits and releases are deferred only within a
   burst that does not wait.  The values computed are the element code's.
   The inner loop needs no split at the window's wrap: records are mapped
   twice back to back (runtime/src/mirror.c), so a horizon's worth of
   indices is contiguous from any index; erbium-window then gives its
   accesses the burst form.

   Burst (elements): #pragma erbium burst(N) on the line before the loop
   in the function the loop's code comes from (also when that function
   is inlined), else the plugin argument burst=N, else 64 cache lines
   (--param l1-cache-line-size) of the loop's largest element type; a
   pragma that sets no loop's burst gets a -Werbium-burst-pragma warning
   at the end of the unit.  The pass runs after "laddress", just before
   erbium-window (before lim2, GCC-PLUGIN-NOTES.md "Strip-miner
   placement"), at -O1 and above when stripmine=1.  The dump names every
   loop with a primitive: strip-mined with the burst and why that burst,
   or why not; -fopt-info-loop reports the strip-mined loops.  CFG
   surgery: copy_bbs of the body into a new loop, then, once for all the
   function's loops, update_ssa with the copies' names (and the pass's
   own counters) registered by create_new_def_for.  */

#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
#include "stringpool.h"
#include "attribs.h"
#include "c-family/c-common.h"
#include "diagnostic-core.h"
#include "diagnostic.h"
#include "gimple.h"
#include "tree-pass.h"
#include "context.h"
#include "ssa.h"
#include "gimple-iterator.h"
#include "gimplify.h"
#include "gimplify-me.h"
#include "fold-const.h"
#include "tree-cfg.h"
#include "tree-into-ssa.h"
#include "cfghooks.h"
#include "cfganal.h"
#include "cfgloop.h"
#include "cfgloopmanip.h"
#include "tree-ssa-loop.h"
#include "tree-ssa-loop-ivopts.h"
#include "tree-ssa-loop-niter.h"
#include "tree-ssa-loop-manip.h"
#include "tree-scalar-evolution.h"
#include "tree-chrec.h"
#include "tree-vectorizer.h"
#include "cgraph.h"
#include "dumpfile.h"
#include "c-family/c-pragma.h"
#include "c-frontend.h"
#include "erbium-plugin.h"

/* #pragma erbium burst(N) seen in this unit: where, N and the function
   it is in; and what the pass made of it, for the warning at the end of
   the unit (erbium_sm_warn_unused_pragmas).  */
struct erbium_burst_pragma
{
  location_t loc;
  int burst;
  /* DECL_UID of the function whose body holds the pragma, -1 outside
     functions.  A uid, not the decl: a static inline function inlined
     everywhere may be garbage-collected before the end of the unit, and
     uids are never reused.  */
  int fn_uid;
  bool used;		/* chose a loop's burst (or burst(0) refused it) */
  bool seen;		/* the pass analysed its function's code */
  bool compiled;	/* its function's code was compiled */
  const char *off_why;	/* why the pass did not run on that code (-O0,
			   stripmine=0), or NULL */
  const char *ignored_why;	/* its loop was not strip-mined: why (a
				   string literal of SM_REJECT), or NULL */
  int ignored_line;	/* that loop's line */
  /* Read back in lto1 (erbium_sm_read_pragmas), and then whether
     -Werbium-burst-pragma was on in cc1: lto1 does not see the
     compiles' -Wno-erbium-burst-pragma.  */
  bool from_lto;
  bool lto_warn;
};
static vec<erbium_burst_pragma> erbium_burst_pragmas;

/* Handler of #pragma erbium burst(N) / burst N: N is a non-negative
   integer constant, the burst in elements for the loop of the same
   function that starts on a following line (0: do not strip-mine it).
   The C parser runs it inside the function body, so current_function_decl
   is the function the pragma belongs to.  Malformed pragmas get a
   warning and are ignored.  */
static void
erbium_handle_burst_pragma (cpp_reader *)
{
  tree x;
  location_t loc;
  enum cpp_ttype t = pragma_lex (&x, &loc);
  bool paren = t == CPP_OPEN_PAREN;
  if (paren)
    t = pragma_lex (&x, &loc);
  if (t != CPP_NUMBER || TREE_CODE (x) != INTEGER_CST
      || tree_int_cst_sgn (x) < 0 || !tree_fits_shwi_p (x)
      || tree_to_shwi (x) > (1 << 24))
    {
      erbium_warning_at (loc, ERBIUM_WARN_BURST_PRAGMA, "%<#pragma erbium "
			 "burst%> expects a number of elements from 0 to %d; "
			 "ignored", 1 << 24);
      return;
    }
  int n = (int) tree_to_shwi (x);
  if (paren && pragma_lex (&x) != CPP_CLOSE_PAREN)
    {
      erbium_warning_at (loc, ERBIUM_WARN_BURST_PRAGMA, "missing %<)%> "
			 "after %<#pragma erbium burst (%d%>; ignored", n);
      return;
    }
  if (pragma_lex (&x) != CPP_EOF)
    erbium_warning_at (loc, ERBIUM_WARN_BURST_PRAGMA, "junk at end of "
		       "%<#pragma erbium burst%>");
  int fn_uid = current_function_decl ? (int) DECL_UID (current_function_decl)
					: -1;
  erbium_burst_pragma p = { loc, n, fn_uid, false, false, false, NULL,
			    NULL, 0 };
  erbium_burst_pragmas.safe_push (p);
}

/* PLUGIN_PRAGMAS: register #pragma erbium burst.  */
static void
erbium_register_pragmas (void *, void *)
{
  c_register_pragma ("erbium", "burst", erbium_handle_burst_pragma);
}

/* Link-time optimisation: the pass runs in lto1, which never saw the
   pragmas.  In cc1, erbium_sm_stream_pragmas hangs the pragmas of each
   function on its declaration as the internal attribute SM_PRAGMA_ATTR, which
   LTO streams with the declaration: a TREE_LIST whose entries have as purpose
   a TREE_LIST of the burst and of whether -Werbium-burst-pragma is on (two
   INTEGER_CSTs) and, as value, a NOP_EXPR at the pragma's location (LTO
   streams expression locations) of the string "FILE:LINE:COLUMN" (which keeps
   the expressions of different pragmas apart: LTO merges trees that differ
   only in their locations).  In lto1, erbium_sm_read_pragmas turns the
   attribute of each function the pass meets back into erbium_burst_pragmas.
   The space in the name keeps it out of reach of source code, as GCC's own
   "fn spec".  */
#define SM_PRAGMA_ATTR "erbium burst"

/* PLUGIN_ALL_IPA_PASSES_START, in cc1: for a unit written for link-time
   optimisation, attach the pragmas of each function to its declaration
   (SM_PRAGMA_ATTR).  */
static void
erbium_sm_stream_pragmas (void *, void *)
{
  if (!flag_generate_lto || erbium_burst_pragmas.is_empty ())
    return;
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    {
      tree decl = node->decl;
      if (lookup_attribute (SM_PRAGMA_ATTR, DECL_ATTRIBUTES (decl)))
	continue;
      tree list = NULL_TREE;
      for (const erbium_burst_pragma &p : erbium_burst_pragmas)
	if (p.fn_uid == (int) DECL_UID (decl))
	  {
	    expanded_location x = expand_location (p.loc);
	    char *key = xasprintf ("%s:%d:%d", x.file ? x.file : "", x.line,
				   x.column);
	    tree where = build1_loc (p.loc, NOP_EXPR, void_type_node,
				     build_string (strlen (key), key));
	    free (key);
	    tree burst = build_tree_list
			   (build_int_cst (integer_type_node, p.burst),
			    build_int_cst (integer_type_node,
					   erbium_warning_enabled
					     (ERBIUM_WARN_BURST_PRAGMA)));
	    list = tree_cons (burst, where, list);
	  }
      if (list)
	DECL_ATTRIBUTES (decl) = tree_cons (get_identifier (SM_PRAGMA_ATTR),
					    nreverse (list),
					    DECL_ATTRIBUTES (decl));
    }
}

/* In lto1, add the pragmas that cc1 attached to FNDECL (SM_PRAGMA_ATTR)
   to erbium_burst_pragmas, once per function.  */
static void
erbium_sm_read_pragmas (tree fndecl)
{
  static hash_set<int_hash<int, -1, -2> > read;
  if (erbium_c_frontend || read.add (DECL_UID (fndecl)))
    return;
  tree a = lookup_attribute (SM_PRAGMA_ATTR, DECL_ATTRIBUTES (fndecl));
  if (!a)
    return;
  for (tree l = TREE_VALUE (a); l; l = TREE_CHAIN (l))
    {
      tree burst = TREE_PURPOSE (l);
      if (TREE_CODE (burst) != TREE_LIST
	  || !tree_fits_shwi_p (TREE_PURPOSE (burst))
	  || TREE_CODE (TREE_VALUE (burst)) != INTEGER_CST
	  || !EXPR_P (TREE_VALUE (l)))
	continue;
      erbium_burst_pragma p
	= { EXPR_LOCATION (TREE_VALUE (l)),
	    (int) tree_to_shwi (TREE_PURPOSE (burst)), (int) DECL_UID (fndecl),
	    false, false, false, NULL, NULL, 0, true,
	    !integer_zerop (TREE_VALUE (burst)) };
      erbium_burst_pragmas.safe_push (p);
    }
}

namespace {

/* One primitive call of a candidate loop.  Its index argument is the
   runtime's 64-bit er_index; the value analysed is that argument, or the
   value of 32 bits or fewer it was widened from (erbium_index_narrow: an
   int program's index), so that the burst's indices are computed in the
   program's own type, wrapping as the program's do and as the runtime
   reads them (erbium/sync.h, er_xlat).  */
struct erbium_sm_prim
{
  gcall *call;
  enum erbium_prim kind;
  tree view;
  tree base;	/* index in the first iteration (loop-invariant), in the
		   analysed value's type */
  tree step;	/* positive INTEGER_CST, per iteration, same type */
};

/* An affine phi of the loop's header: {BASE, +, STEP}.  */
struct erbium_sm_iv
{
  gphi *phi;
  tree base;
  tree step;
  bool no_overflow;
};

/* Where a loop of the function starts: its number, the line of its
   location (erbium_sm_loop_location) and the function its code comes from
   (erbium_sm_origin).  */
struct erbium_sm_loop_start
{
  int num;
  int line;
  int origin;
};

/* What the analysis found for loop L.  */
struct erbium_sm_plan
{
  /* Where every loop of the function started before the pass changed
     anything (erbium_stripmine_pass::execute).  */
  const vec<erbium_sm_loop_start> *starts;
  auto_vec<erbium_sm_iv> ivs;
  class loop *loop;
  /* The loop's location (erbium_sm_loop_location).  */
  location_t loc;
  auto_vec<erbium_sm_prim> prims;
  edge iv_exit;			/* the counted exit, or NULL */
  tree niter;			/* latch executions through IV_EXIT */
  auto_vec<edge> term_exits;	/* exits not taken when updates are granted */
  int burst;
  const char *burst_why;
  char burst_why_buf[160];
  const char *why_not;		/* reason not to strip-mine, or NULL */
  int why_line;
  /* The loop's body in dominator order (erbium_sm_prepare), owned.  */
  basic_block *bbs;
};

bool
erbium_sm_acquire_p (enum erbium_prim p)
{
  return p == ERBIUM_PRIM_STALL || p == ERBIUM_PRIM_UPDATE;
}

bool
erbium_sm_publish_p (enum erbium_prim p)
{
  return p == ERBIUM_PRIM_COMMIT || p == ERBIUM_PRIM_RELEASE;
}

/* Whether P is a synchronisation primitive: any primitive but the
   element accesses er_elem and er_burst.  */
bool
erbium_sm_sync_prim_p (enum erbium_prim p)
{
  return (p != ERBIUM_PRIM_NONE && p != ERBIUM_PRIM_ELEM
	  && p != ERBIUM_PRIM_BURST);
}

/* The line of LOC, or 0.  */
int
erbium_sm_line (location_t loc)
{
  return loc == UNKNOWN_LOCATION ? 0 : LOCATION_LINE (loc);
}

/* The affine evolution of OP in LOOP as a chrec, or NULL_TREE.  */
tree
erbium_sm_evolution (class loop *loop, tree op)
{
  if (TREE_CODE (op) == INTEGER_CST)
    return op;
  if (TREE_CODE (op) != SSA_NAME || !INTEGRAL_TYPE_P (TREE_TYPE (op)))
    return NULL_TREE;
  tree ev = instantiate_parameters (loop, analyze_scalar_evolution (loop,
								    op));
  if (ev == chrec_dont_know || !evolution_function_is_affine_p (ev))
    {
      if (ev && ev != chrec_dont_know && expr_invariant_in_loop_p (loop, ev))
	return ev;
      return NULL_TREE;
    }
  return ev;
}

/* The index value of primitive call CALL that the analysis follows: its
   index argument, or the 32-bit value that argument was widened from
   (erbium_index_narrow), whose evolution stays affine where the widened
   one may not (an unsigned counter).  */
tree
erbium_sm_index_value (gcall *call)
{
  tree arg = gimple_call_arg (call, 1);
  tree narrow = erbium_index_narrow (arg);
  return narrow && TREE_CODE (narrow) == SSA_NAME ? narrow : arg;
}

/* The evolution in PLAN's loop of operand OP of an exit condition, with
   the result of a granted update replaced by its index (a granted update
   returns its index argument; through a conversion of the result, such
   as `int h = update (...)', the index converted alike).  *GRANTED tells
   whether OP was such a result.  NULL_TREE when not affine.  */
tree
erbium_sm_cond_evolution (const erbium_sm_plan *plan, tree op, bool *granted)
{
  tree type = TREE_TYPE (op);
  tree res = op;
  if (TREE_CODE (op) == SSA_NAME)
    {
      gimple *def = SSA_NAME_DEF_STMT (op);
      if (is_gimple_assign (def)
	  && CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (def))
	  && TREE_CODE (gimple_assign_rhs1 (def)) == SSA_NAME)
	res = gimple_assign_rhs1 (def);
      for (const erbium_sm_prim &p : plan->prims)
	if (p.kind == ERBIUM_PRIM_UPDATE
	    && (gimple_call_lhs (p.call) == op
		|| gimple_call_lhs (p.call) == res))
	  {
	    /* (T) (long) X is (T) X for the X the index was widened
	       from.  */
	    *granted = true;
	    tree ev = erbium_sm_evolution (plan->loop,
					   erbium_sm_index_value (p.call));
	    return ev ? chrec_convert (type, ev, NULL) : NULL_TREE;
	  }
    }
  return erbium_sm_evolution (plan->loop, op);
}

/* True when exit E of PLAN's loop is never taken while every update of
   the loop is granted: its condition compares an update's result with an
   index whose difference from the update's own index is a constant that
   decides the comparison (termination tests such as
   if (update (r, i + 1) <= i) break;).  */
bool
erbium_sm_termination_exit_p (const erbium_sm_plan *plan, edge e)
{
  gcond *cond = safe_dyn_cast <gcond *> (last_stmt (e->src));
  if (!cond)
    return false;
  tree a = gimple_cond_lhs (cond), b = gimple_cond_rhs (cond);
  if (!INTEGRAL_TYPE_P (TREE_TYPE (a))
      || !types_compatible_p (TREE_TYPE (a), TREE_TYPE (b)))
    return false;
  bool granted = false;
  tree ea = erbium_sm_cond_evolution (plan, a, &granted);
  tree eb = erbium_sm_cond_evolution (plan, b, &granted);
  if (!granted || !ea || !eb || chrec_contains_undetermined (ea)
      || chrec_contains_undetermined (eb))
    return false;
  tree type = TREE_TYPE (a);
  tree diff = chrec_fold_minus (type, ea, eb);
  if (TREE_CODE (diff) != INTEGER_CST)
    return false;
  /* The indices do not wrap within one comparison: decide A CODE B as
     (A - B) CODE 0.  */
  tree res = fold_binary (gimple_cond_code (cond), boolean_type_node, diff,
			  build_zero_cst (type));
  if (!res || TREE_CODE (res) != INTEGER_CST)
    return false;
  bool taken_if_true = (e->flags & EDGE_TRUE_VALUE) != 0;
  return integer_zerop (res) == taken_if_true;
}

/* The source location of LOOP for the dump and the pragma: its exit test
   on the smallest line (a for or while statement's test), or what the
   vectoriser reports (find_loop_location).  */
location_t
erbium_sm_loop_location (class loop *loop)
{
  location_t best = UNKNOWN_LOCATION;
  auto_vec<edge> exits = get_loop_exit_edges (loop);
  for (edge e : exits)
    {
      gimple *s = last_stmt (e->src);
      if (!s || gimple_code (s) != GIMPLE_COND)
	continue;
      location_t l = gimple_location (s);
      if (l != UNKNOWN_LOCATION
	  && (best == UNKNOWN_LOCATION
	      || erbium_sm_line (l) < erbium_sm_line (best)))
	best = l;
    }
  return best != UNKNOWN_LOCATION
	 ? best : find_loop_location (loop).get_location_t ();
}

/* The DECL_UID of the function inlined at the inlined-function scope B,
   or -1 when B's origin is no function.  */
static int
erbium_sm_block_origin_uid (tree b)
{
  tree origin = block_ultimate_origin (b);
  if (!origin || TREE_CODE (origin) != FUNCTION_DECL)
    return -1;
  erbium_sm_read_pragmas (origin);
  return DECL_UID (origin);
}

/* FUN's own function as erbium_sm_origin and the pragmas name it.  */
static int
erbium_sm_fun_uid (function *fun)
{
  tree origin = DECL_ORIGIN (fun->decl);
  erbium_sm_read_pragmas (origin);
  return DECL_UID (origin);
}

/* The function whose source the code at LOC in FUN comes from, as its
   DECL_UID: the function of the innermost inlined-function scope around
   LOC's block (walked up as auto-profile.cc's get_inline_stack does, the
   origin taken with block_ultimate_origin as dwarf2out.cc does), else
   FUN's own function (DECL_ORIGIN: a clone such as P.part.0 counts as P).
   A process inlined into its outlined entry (frontend.cc, erbium_entry)
   is found this way too, so its loops match its own pragmas.  */
static int
erbium_sm_origin (location_t loc, function *fun)
{
  for (tree b = LOCATION_BLOCK (loc); b && TREE_CODE (b) == BLOCK;
       b = BLOCK_SUPERCONTEXT (b))
    if (inlined_function_outer_scope_p (b))
      {
	int uid = erbium_sm_block_origin_uid (b);
	if (uid >= 0)
	  return uid;
	break;
      }
  return erbium_sm_fun_uid (fun);
}

/* The #pragma erbium burst that applies to LOOP of FUN, whose location
   is LOC: the closest pragma above LOC's line in the same file and in the
   function LOOP's code comes from (erbium_sm_origin), if no other loop from
   that function starts between them (STARTS: where FUN's loops start; a loop
   the pass made starts where the loop it came from does); NULL when there is
   none.  */
static erbium_burst_pragma *
erbium_sm_find_pragma (class loop *loop, location_t loc, function *fun,
		       const vec<erbium_sm_loop_start> &starts)
{
  int line = erbium_sm_line (loc);
  const char *file = LOCATION_FILE (loc);
  erbium_burst_pragma *best = NULL;
  if (!line || !file)
    return NULL;
  int origin = erbium_sm_origin (loc, fun);
  for (erbium_burst_pragma &p : erbium_burst_pragmas)
    if (p.fn_uid == origin && LOCATION_FILE (p.loc)
	&& !strcmp (LOCATION_FILE (p.loc),
		    file) && erbium_sm_line (p.loc) < line
	&& (!best || erbium_sm_line (p.loc) > erbium_sm_line (best->loc)))
      best = &p;
  if (best)
    for (const erbium_sm_loop_start &s : starts)
      if (s.num != loop->num && s.line > erbium_sm_line (best->loc)
	  && s.line < line
	  && s.origin == origin)
	return NULL;
  return best;
}

/* Push onto UIDS the DECL_UIDs of the functions inlined into the BLOCK
   tree under BLOCK (the origins of its inlined-function scopes).  */
static void
erbium_sm_inlined_origins (tree block, vec<int> *uids)
{
  for (tree b = block; b; b = BLOCK_CHAIN (b))
    {
      if (inlined_function_outer_scope_p (b))
	{
	  int uid = erbium_sm_block_origin_uid (b);
	  if (uid >= 0)
	    uids->safe_push (uid);
	}
      erbium_sm_inlined_origins (BLOCK_SUBBLOCKS (b), uids);
    }
}

/* Push onto UIDS the DECL_UIDs of the functions whose code FUN holds:
   its own (as erbium_sm_origin names it) and each one inlined into it.  */
static void
erbium_sm_code_origins (function *fun, vec<int> *uids)
{
  uids->safe_push (erbium_sm_fun_uid (fun));
  if (DECL_INITIAL (fun->decl)
      && TREE_CODE (DECL_INITIAL (fun->decl)) == BLOCK)
    erbium_sm_inlined_origins (DECL_INITIAL (fun->decl), uids);
}

/* Mark as seen every #pragma erbium burst of the functions whose code FUN
   holds (erbium_sm_code_origins).  The pass analyses FUN, so a pragma there
   that no loop uses deserves the warning at the end of the unit.  */
static void
erbium_sm_mark_pragmas_seen (function *fun)
{
  /* In lto1 the list fills as erbium_sm_code_origins reads the pragmas.  */
  if (erbium_c_frontend && erbium_burst_pragmas.is_empty ())
    return;
  auto_vec<int> uids;
  erbium_sm_code_origins (fun, &uids);
  for (erbium_burst_pragma &p : erbium_burst_pragmas)
    if (uids.contains (p.fn_uid))
      p.seen = true;
}

/* PLUGIN_ALL_PASSES_START, at any optimisation level: the function of
   cfun is being compiled.  Mark its pragmas (and those of the functions
   inlined into it) compiled, with the reason the pass will not run on
   them when it will not (the pass's gate, erbium_stripmine_pass::gate):
   so that a pragma that sets no burst gets its warning at -O0 too.  */
static void
erbium_sm_note_compiled (void *, void *)
{
  if ((erbium_c_frontend && erbium_burst_pragmas.is_empty ()) || !cfun)
    return;
  auto_vec<int> uids;
  erbium_sm_code_origins (cfun, &uids);
  const char *why = (!optimize ? "loops are not strip-mined at -O0"
		     : !erbium_opts.stripmine
		     ? "strip-mining is off (-fplugin-arg-erbium-stripmine=0)"
		     : NULL);
  for (erbium_burst_pragma &p : erbium_burst_pragmas)
    if (uids.contains (p.fn_uid))
      {
	p.compiled = true;
	if (why)
	  p.off_why = why;
      }
}

/* PLUGIN_FINISH_UNIT: warn (-Werbium-burst-pragma) about each #pragma
   erbium burst that chose no loop's burst, in a function whose code was
   compiled (on its own or inlined): when the pass analysed that code, either
   its loop was not strip-mined (the warning gives the reason, as the dump
   does) or no innermost loop with stream primitives follows it; when the pass
   did not run on it, why (-O0, stripmine=0).  Pragmas in functions never
   compiled (a static function never called) stay silent.  */
static void
erbium_sm_warn_unused_pragmas (void *, void *)
{
  for (erbium_burst_pragma &p : erbium_burst_pragmas)
    {
      if (p.used || !(p.seen || p.compiled)
	  || (p.from_lto && !p.lto_warn))
	continue;
      if (!p.seen && p.off_why)
	erbium_warning_at (p.loc, ERBIUM_WARN_BURST_PRAGMA, "%<#pragma "
			   "erbium burst%> ignored: %s", p.off_why);
      else if (p.ignored_why)
	erbium_warning_at (p.loc, ERBIUM_WARN_BURST_PRAGMA, "%<#pragma "
			   "erbium burst%> ignored: the loop at line %d is "
			   "not strip-mined (%s)", p.ignored_line,
			   p.ignored_why);
      else
	erbium_warning_at (p.loc, ERBIUM_WARN_BURST_PRAGMA, "%<#pragma "
			   "erbium burst%> ignored: no innermost loop with "
			   "stream primitives follows it");
    }
  erbium_burst_pragmas.release ();
}

/* The burst for PLAN's loop: pragma, plugin argument or the default.  */
void
erbium_sm_choose_burst (erbium_sm_plan *plan, function *fun)
{
  class loop *loop = plan->loop;
  erbium_burst_pragma *best = erbium_sm_find_pragma (loop, plan->loc, fun,
						     *plan->starts);
  if (best)
    {
      best->used = true;
      plan->burst = best->burst;
      snprintf (plan->burst_why_buf, sizeof plan->burst_why_buf,
		"#pragma erbium burst at line %d", erbium_sm_line (best->loc));
      plan->burst_why = plan->burst_why_buf;
      return;
    }
  if (erbium_opts.burst > 0)
    {
      plan->burst = erbium_opts.burst;
      plan->burst_why = "plugin argument burst";
      return;
    }
  /* 64 cache lines of the largest element the loop addresses.  */
  unsigned HOST_WIDE_INT esize = 0;
  basic_block *body = get_loop_body (loop);
  for (unsigned k = 0; k < loop->num_nodes; k++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[k]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (erbium_primitive_call (gsi_stmt (gsi)) == ERBIUM_PRIM_ELEM)
	{
	  tree s = erbium_elem_use_size (gsi_stmt (gsi));
	  if (s && tree_to_uhwi (s) > esize)
	    esize = tree_to_uhwi (s);
	}
  free (body);
  unsigned HOST_WIDE_INT line_size
    = param_l1_cache_line_size > 0 ? param_l1_cache_line_size : 64;
  bool known = esize != 0;
  if (!known)
    esize = 4;
  unsigned HOST_WIDE_INT b = 64 * line_size / esize;
  plan->burst = b < 1 ? 1 : b > (1 << 24) ? (1 << 24) : (int) b;
  snprintf (plan->burst_why_buf, sizeof plan->burst_why_buf,
	    "64 cache lines of %d bytes / %d-byte elements%s",
	    (int) line_size, (int) esize,
	    known ? "" : " (element size unknown)");
  plan->burst_why = plan->burst_why_buf;
}

/* Whether LOOP's latch is empty, phi-free and has one predecessor, as
   erbium_sm_transform needs it.  The pass runs outside the loop pipeline,
   where a latch may hold the body's last block: LOOPS_HAVE_SIMPLE_LATCHES only
   gives it one successor, the header.  */
bool
erbium_sm_empty_latch_p (class loop *loop)
{
  return (single_pred_p (loop->latch) && empty_block_p (loop->latch)
	  && gimple_seq_empty_p (phi_nodes (loop->latch)));
}

/* Reject PLAN's loop for the reason MSG, at STMT (or NULL), unless a
   reason was found before: the dump gives the first.  */
static void
erbium_sm_reject (erbium_sm_plan *plan, const char *msg, gimple *stmt)
{
  if (!plan->why_not)
    {
      plan->why_not = msg;
      plan->why_line = stmt ? erbium_sm_line (gimple_location (stmt)) : 0;
    }
}

/* Look at the statement S of PLAN's loop: note a primitive in
   PLAN->prims (and set *ANY), or reject the loop for S.  */
static void
erbium_sm_analyse_stmt (erbium_sm_plan *plan, gimple *s, bool *any)
{
  class loop *loop = plan->loop;
  if (is_gimple_debug (s))
    return;
  if (gimple_code (s) == GIMPLE_ASM)
    {
      erbium_sm_reject (plan, "an asm statement in the loop", s);
      return;
    }
  if (gimple_has_volatile_ops (s))
    {
      erbium_sm_reject (plan, "a volatile access in the loop", s);
      return;
    }
  if (!is_gimple_call (s))
    return;
  enum erbium_prim p = erbium_primitive_call (s);
  if (p == ERBIUM_PRIM_ELEM || p == ERBIUM_PRIM_BURST)
    return;
  if (p == ERBIUM_PRIM_RECEIVE_RANGE)
    {
      *any = true;
      erbium_sm_reject (plan, "receive_range in the loop", s);
      return;
    }
  if (p != ERBIUM_PRIM_NONE)
    {
      *any = true;
      gcall *call = as_a <gcall *> (s);
      erbium_sm_prim prim = { call, p, gimple_call_arg (call, 0), NULL_TREE,
		       NULL_TREE };
      affine_iv iv;
      if (!expr_invariant_in_loop_p (loop, prim.view))
	erbium_sm_reject (plan, "a primitive's view changes in the loop", s);
      else if (!simple_iv (loop, loop, erbium_sm_index_value (call), &iv, true)
	       || TREE_CODE (iv.step) != INTEGER_CST
	       || tree_int_cst_sgn (iv.step) <= 0)
	erbium_sm_reject (plan,
			  "a primitive's index is not affine and increasing "
			  "in the loop", s);
      else
	{
	  prim.base = iv.base;
	  prim.step = iv.step;
	  plan->prims.safe_push (prim);
	}
      return;
    }
  /* Other calls: only those without side effects.  */
  if (gimple_call_internal_p (s) ? gimple_has_side_effects (s)
      : (!(gimple_call_flags (s) & (ECF_CONST | ECF_PURE))
	 || (gimple_call_flags (s) & ECF_LOOPING_CONST_OR_PURE)))
    erbium_sm_reject (plan, "a call may touch the window or synchronise", s);
}

/* Shape of PLAN's loop: exits that are the counted one at the end of the
   body (PLAN->iv_exit, PLAN->niter) or termination tests
   (PLAN->term_exits); anything else rejects it.  */
static void
erbium_sm_analyse_exits (erbium_sm_plan *plan)
{
  class loop *loop = plan->loop;
  /* Shape: exits that are the counted one at the end of the body or
     termination tests.  The body ends in the block before the empty
     latch the transform needs: the latch's one predecessor, or the
     latch itself when erbium_sm_transform splits an empty latch off it.  */
  basic_block last = (erbium_sm_empty_latch_p (loop)
		      ? single_pred (loop->latch) : loop->latch);
  auto_vec<edge> exits = get_loop_exit_edges (loop);
  for (edge e : exits)
    {
      if (plan->why_not)
	break;
      if (e->flags & (EDGE_ABNORMAL | EDGE_EH))
	{
	  erbium_sm_reject (plan, "an abnormal exit", last_stmt (e->src));
	  break;
	}
      if (erbium_sm_termination_exit_p (plan, e))
	{
	  plan->term_exits.safe_push (e);
	  continue;
	}
      class tree_niter_desc desc;
      if (!plan->iv_exit && e->src == last
	  && number_of_iterations_exit (loop, e, &desc, false)
	  && integer_onep (desc.assumptions))
	{
	  plan->iv_exit = e;
	  tree type = TREE_TYPE (desc.niter);
	  plan->niter = desc.niter;
	  if (!integer_zerop (desc.may_be_zero))
	    plan->niter = fold_build3 (COND_EXPR, type, desc.may_be_zero,
				       build_zero_cst (type), desc.niter);
	  continue;
	}
      erbium_sm_reject (plan, exits.length () > 1
			? "more than one exit (an early exit besides the "
		   "loop's test)"
			: "the loop's exit is not a counted test at the end "
		   "of its body", last_stmt (e->src));
    }
  if (!plan->why_not && exits.is_empty ())
    erbium_sm_reject (plan, "the loop has no exit", NULL);
}

/* Note the induction variables of PLAN's loop header in PLAN->ivs.  */
static void
erbium_sm_note_ivs (erbium_sm_plan *plan)
{
  class loop *loop = plan->loop;
  for (gphi_iterator gsi = gsi_start_phis (loop->header); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      tree res = gimple_phi_result (gsi.phi ());
      affine_iv iv;
      if (virtual_operand_p (res)
	  || (!INTEGRAL_TYPE_P (TREE_TYPE (res))
	      && !POINTER_TYPE_P (TREE_TYPE (res)))
	  || !simple_iv (loop, loop, res, &iv, true))
	continue;
      erbium_sm_iv v = { gsi.phi (), iv.base, iv.step, iv.no_overflow };
      plan->ivs.safe_push (v);
    }
}

/* Fill PLAN for its loop; PLAN->why_not says why it cannot be
   strip-mined.  Changes nothing in FUN (a rejected loop leaves the CFG
   as it was).  Returns false when the loop has no primitive (no dump
   line then).  */
bool
erbium_sm_analyse (erbium_sm_plan *plan, function *fun)
{
  class loop *loop = plan->loop;
  basic_block *body = get_loop_body (loop);
  bool any = false;
  plan->why_not = NULL;
  plan->why_line = 0;
  for (unsigned k = 0; k < loop->num_nodes; k++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[k]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      erbium_sm_analyse_stmt (plan, gsi_stmt (gsi), &any);
  free (body);
  if (!any)
    return false;

  if (!plan->why_not)
    erbium_sm_analyse_exits (plan);
  if (!plan->why_not)
    erbium_sm_note_ivs (plan);
  if (!plan->why_not)
    {
      basic_block *bbs = get_loop_body (loop);
      if (!can_copy_bbs_p (bbs, loop->num_nodes))
	erbium_sm_reject (plan, "the loop body cannot be copied", NULL);
      free (bbs);
    }
  if (!plan->why_not)
    {
      erbium_sm_choose_burst (plan, fun);
      if (plan->burst == 0)
	erbium_sm_reject (plan, "#pragma erbium burst(0)", NULL);
      else if (plan->burst == 1)
	erbium_sm_reject (plan, "burst 1", NULL);
    }
  return true;
}

/* Insert the gimplified EXPR at the end of BB (before a final control
   statement) and return its value.  */
tree
erbium_sm_emit (basic_block bb, tree expr)
{
  gimple_stmt_iterator gsi = gsi_last_bb (bb);
  if (!gsi_end_p (gsi) && stmt_ends_bb_p (gsi_stmt (gsi)))
    return force_gimple_operand_gsi (&gsi, expr, true, NULL_TREE, true,
				     GSI_SAME_STMT);
  return force_gimple_operand_gsi (&gsi, expr, true, NULL_TREE, false,
				   GSI_CONTINUE_LINKING);
}

/* Append STMT at the end of BB (before a final control statement).  */
void
erbium_sm_append (basic_block bb, gimple *stmt)
{
  gimple_stmt_iterator gsi = gsi_last_bb (bb);
  if (!gsi_end_p (gsi) && stmt_ends_bb_p (gsi_stmt (gsi)))
    gsi_insert_before (&gsi, stmt, GSI_SAME_STMT);
  else
    gsi_insert_after (&gsi, stmt, GSI_NEW_STMT);
}

/* A statement NAME = RHS (a gimple value) that redefines the SSA name
   NAME for update_ssa (create_new_def_for): the uses of NAME it reaches
   get the new name.  Returns the statement, not yet inserted.  */
gimple *
erbium_sm_redefine (tree name, tree rhs)
{
  gassign *g = gimple_build_assign (make_ssa_name (TREE_TYPE (name)), rhs);
  tree tmp = gimple_assign_lhs (g);
  create_new_def_for (name, g, gimple_assign_lhs_ptr (g));
  release_ssa_name (tmp);
  return g;
}

/* Emit at the end of BB the index IDX + STEP * N (IDX a value of the
   type the analysis followed, erbium_sm_prim, STEP an INTEGER_CST, N an
   integer value) in IDX's type, computed modulo 2^precision as the program's
   own wrapping index is (and as the runtime reads a 32-bit one, sync.h
   er_xlat), and return it.  */
tree
erbium_sm_index_plus (basic_block bb, tree idx, tree step, tree n)
{
  tree type = TREE_TYPE (idx);
  tree u = unsigned_type_for (type);
  tree e = fold_build2 (PLUS_EXPR, u, fold_convert (u, idx),
			fold_build2 (MULT_EXPR, u, fold_convert (u, step),
				     fold_convert (u, n)));
  return erbium_sm_emit (bb, fold_convert (type, e));
}

/* The type of argument ARGNO (from 0) of FNDECL's prototype.  */
static tree
erbium_sm_parm_type (tree fndecl, unsigned argno)
{
  tree a = TYPE_ARG_TYPES (TREE_TYPE (fndecl));
  for (unsigned k = 0; k < argno; k++)
    a = TREE_CHAIN (a);
  return TREE_VALUE (a);
}

/* Append to CALLS BB's synchronisation primitive calls
   (erbium_sm_sync_prim_p), in order.  */
static void
erbium_sm_sync_calls (basic_block bb, vec<gimple *> *calls)
{
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    if (erbium_sm_sync_prim_p (erbium_primitive_call (gsi_stmt (gsi))))
      calls->safe_push (gsi_stmt (gsi));
}

/* In the inner loop of PLAN's loop (header CHEADER, preheader IPRE, its
   blocks the N copies COPY, whose statements still use the original
   SSA names until update_ssa renames them), each use of an affine header
   phi P = {B, +, S} of the loop becomes P0 + S * J: P0 is P's value when
   the burst starts (copied into IPRE, a name of its own, which
   update_ssa leaves alone), J the inner loop's int counter from 0.  In
   the inner loop every index is then affine in J, whatever earlier passes
   made of the loop's IVs (such as I + 15 carried over from the previous
   iteration's I + 16), so erbium-window and the vectoriser see through
   them; J counts at most a burst, so an int IV cannot wrap where the
   loop's own does not, however long the loop runs.  The element path
   (the original body) keeps its phis.  */
static void
erbium_sm_rewrite_ivs (erbium_sm_plan *plan, basic_block ipre,
		       basic_block cheader, basic_block *copy, unsigned n,
		       tree j)
{
  hash_set<basic_block> in_copy;
  for (unsigned k = 0; k < n; k++)
    in_copy.add (copy[k]);
  for (erbium_sm_iv &iv : plan->ivs)
    {
      tree res = gimple_phi_result (iv.phi);
      tree type = TREE_TYPE (res);
      tree p0 = make_ssa_name (type);
      erbium_sm_append (ipre, gimple_build_assign (p0, res));
      tree val;
      if (INTEGRAL_TYPE_P (type) && TYPE_OVERFLOW_UNDEFINED (type)
	  && iv.no_overflow)
	val = fold_build2 (PLUS_EXPR, type, p0,
			   fold_build2 (MULT_EXPR, type,
					fold_convert (type, iv.step),
					fold_convert (type, j)));
      else if (POINTER_TYPE_P (type))
	val = fold_build_pointer_plus (p0, fold_build2 (MULT_EXPR, sizetype,
							fold_convert (sizetype,
								      iv.step),
							fold_convert (sizetype,
								      j)));
      else
	{
	  tree u = unsigned_type_for (type);
	  val = fold_convert (type,
			      fold_build2 (PLUS_EXPR, u, fold_convert (u, p0),
					   fold_build2 (MULT_EXPR, u,
							fold_convert (u,
								      iv.step),
							fold_convert (u, j))));
	}
      gimple_seq seq = NULL;
      val = force_gimple_operand (val, &seq, true, NULL_TREE);
      gimple_stmt_iterator gsi = gsi_after_labels (cheader);
      gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);
      imm_use_iterator it;
      gimple *use;
      FOR_EACH_IMM_USE_STMT (use, it, res)
	{
	  /* Phis keep P: the inner header's take it on entry, and others
	     get the copy's P from update_ssa, which equals VAL.  */
	  if (is_gimple_debug (use) || gimple_code (use) == GIMPLE_PHI
	      || !in_copy.contains (gimple_bb (use)))
	    continue;
	  use_operand_p up;
	  FOR_EACH_IMM_USE_ON_STMT (up, it)
	    SET_USE (up, val);
	  update_stmt (use);
	}
    }
}

/* Prepare PLAN's loop for erbium_sm_transform while the dominators are valid
   (erbium_sm_analyse's): give it an empty latch (erbium_sm_analyse took the
   body's end to be the latch's predecessor; split_edge makes the new block the
   latch and keeps the dominators) and note its body in dominator order.  The
   function's SSA form is unchanged.  */
void
erbium_sm_prepare (erbium_sm_plan *plan)
{
  class loop *loop = plan->loop;
  if (!erbium_sm_empty_latch_p (loop))
    split_edge (loop_latch_edge (loop));
  plan->bbs = get_loop_body_in_dom_order (loop);
}

/* What the steps of erbium_sm_transform share: PLAN's loop, the outer counter,
   the inner loop (the copy of the body), the burst's head and tail.  */
struct erbium_sm_transform_state
{
  erbium_sm_plan *plan;
  class loop *loop;
  basic_block header;
  basic_block latch;
  edge pe;
  /* The type of the iteration counter T (erbium_sm_transform).  */
  tree ctype;
  /* The trip count (NULL_TREE without a counted exit), the first index
     of each grant and hint (NULL_TREE for a publish).  */
  tree ntrip;
  auto_vec<tree> bases;
  /* The outer counter T, its phi and its next value TNEXT.  */
  tree t;
  tree tnext;
  gphi *tphi;
  /* The original body (the element path) and its copy (the inner loop),
     N blocks each.  */
  basic_block *bbs;
  basic_block *new_bbs;
  edge *new_exits;
  unsigned n;
  class loop *inner;
  basic_block cheader;
  basic_block clatch;
  /* Per primitive: the publish tracker LAST (NULL_TREE but for a
     publish), the burst's first index (NULL_TREE for a publish).  */
  auto_vec<tree> lasts;
  auto_vec<tree> los;
  /* The head HD (the grants), the element path's entry SLOW, the inner
     loop's preheader IPRE and its entry edge.  */
  basic_block hd;
  basic_block slow;
  basic_block ipre;
  edge ientry;
  /* M, the iterations of this burst (an int), T at its end, T after an
     element-path iteration.  */
  tree m;
  tree tend;
  tree tslow;
  gphi *tinphi;
  /* The block after the inner loop, where the publishes are.  */
  basic_block tail;
};

/* The trip count and the first indices of the grants and hints, in the
   preheader; the iteration counter T, a phi of the header, 0 on entry,
   TNEXT (defined before the latch by erbium_sm_emit_tail) from the latch.  */
static void
erbium_sm_emit_counter (erbium_sm_transform_state *s)
{
  erbium_sm_plan *plan = s->plan;
  edge pe = s->pe;
  tree ctype = s->ctype;
  /* Trip count (CTYPE) in the preheader.  */
  tree ntrip = NULL_TREE;
  if (plan->iv_exit)
    ntrip = erbium_sm_emit (pe->src,
			    fold_build2 (PLUS_EXPR, ctype,
					 fold_convert
					   (ctype, unshare_expr (plan->niter)),
					 build_one_cst (ctype)));
  s->ntrip = ntrip;
  /* The first indices of the grants and hints, also in the preheader.  */
  for (erbium_sm_prim &p : plan->prims)
    s->bases.safe_push (erbium_sm_publish_p (p.kind) ? NULL_TREE
			: erbium_sm_emit (pe->src, unshare_expr (p.base)));

  /* The iteration counter T: a phi of the header, 0 on entry, TNEXT
     (defined before the latch below) from the latch.  */
  s->t = make_ssa_name (ctype);
  s->tnext = make_ssa_name (ctype);
  s->tphi = create_phi_node (s->t, s->header);
  add_phi_arg (s->tphi, build_zero_cst (ctype), pe, UNKNOWN_LOCATION);
  add_phi_arg (s->tphi, s->tnext, loop_latch_edge (s->loop),
	       UNKNOWN_LOCATION);
}

/* Copy the body into the inner loop, whose exits are its counter test
   only (erbium_sm_close_inner_loop).  */
static void
erbium_sm_copy_body (erbium_sm_transform_state *s)
{
  class loop *loop = s->loop;
  basic_block *bbs = s->plan->bbs;
  s->plan->bbs = NULL;
  s->bbs = bbs;
  unsigned n = loop->num_nodes;
  s->n = n;
  auto_vec<edge> exits = get_loop_exit_edges (loop);
  /* The surgery below does not keep dominators; the update_ssa after all
     the transforms recomputes them.  */
  free_dominance_info (CDI_DOMINATORS);
  basic_block *new_bbs = XNEWVEC (basic_block, n);
  edge *new_exits = XNEWVEC (edge, exits.length ());
  s->new_bbs = new_bbs;
  s->new_exits = new_exits;
  initialize_original_copy_tables ();
  s->inner = duplicate_loop (loop, loop);
  copy_bbs (bbs, n, new_bbs, exits.address (), exits.length (), new_exits,
	    loop_outer (loop), s->latch, false);
  add_phi_args_after_copy (new_bbs, n, NULL);
  s->cheader = get_bb_copy (s->header);
  s->clatch = get_bb_copy (s->latch);

  /* The inner loop's exits are its counter test only: drop the copies of
     the original exits (the counted one is replaced below, termination
     tests are not taken in a granted burst).  */
  for (unsigned k = 0; k < exits.length (); k++)
    {
      edge ce = new_exits[k];
      if (!ce)
	continue;
      basic_block src = ce->src;
      gimple_stmt_iterator gsi = gsi_last_bb (src);
      gsi_remove (&gsi, true);
      remove_edge (ce);
      edge stay = single_succ_edge (src);
      stay->flags &= ~(EDGE_TRUE_VALUE | EDGE_FALSE_VALUE);
      stay->flags |= EDGE_FALLTHRU;
      stay->probability = profile_probability::always ();
    }
}

/* In the inner loop, replace the copies of the primitives: a publish
   sets its tracker, a granted update returns its index, the others go;
   the original body is now the element path, whose primitives and
   element accesses stay library calls.  */
static void
erbium_sm_replace_copied_prims (erbium_sm_transform_state *s)
{
  erbium_sm_plan *plan = s->plan;
  basic_block *bbs = s->bbs, *new_bbs = s->new_bbs;
  unsigned n = s->n;
  /* Publish trackers: LAST starts each burst at the view's own index
     (a commit/release of it does nothing; defined in the inner loop's
     preheader below) and follows the copies of the commit/release.  It
     has the type of the index value the analysis followed
     (erbium_sm_index_value: an int program's int, which the vectoriser needs,
     a condition reduction of mixed types being unsupported), and is widened to
     the runtime's index as the program widens it, at the tail; the view's own
     index then stands for itself, modulo 2^32 (sync.h er_xlat).  */
  auto_vec<tree> &lasts = s->lasts;
  for (erbium_sm_prim &p : plan->prims)
    lasts.safe_push (erbium_sm_publish_p (p.kind)
		     ? make_ssa_name (TREE_TYPE
				      (erbium_sm_index_value (p.call)))
		     : NULL_TREE);

  /* The copies of the primitives: the k-th primitive call of a block's
     copy is the copy of the k-th primitive call of the block.  */
  for (unsigned b = 0; b < n; b++)
    {
      auto_vec<gimple *> orig_calls, copy_calls;
      erbium_sm_sync_calls (bbs[b], &orig_calls);
      erbium_sm_sync_calls (new_bbs[b], &copy_calls);
      gcc_assert (orig_calls.length () == copy_calls.length ());
      for (unsigned c = 0; c < copy_calls.length (); c++)
	{
	  unsigned k;
	  for (k = 0; k < plan->prims.length (); k++)
	    if (plan->prims[k].call == orig_calls[c])
	      break;
	  gcc_assert (k < plan->prims.length ());
	  erbium_sm_prim &p = plan->prims[k];
	  gcall *cc = as_a <gcall *> (copy_calls[c]);
	  gimple_stmt_iterator gsi = gsi_for_stmt (cc);
	  tree idx = gimple_call_arg (cc, 1);
	  tree lhs = gimple_call_lhs (cc);
	  gimple *repl;
	  if (erbium_sm_publish_p (p.kind))
	    /* The copy's index, of the original's names until update_ssa
	       renames them.  */
	    repl = erbium_sm_redefine (lasts[k], erbium_sm_index_value (cc));
	  else if (lhs)
	    /* A granted update returns its index.  */
	    repl = gimple_build_assign (lhs, fold_convert (TREE_TYPE (lhs),
							    idx));
	  else
	    repl = NULL;
	  unlink_stmt_vdef (cc);
	  if (!repl)
	    {
	      gsi_remove (&gsi, true);
	      continue;
	    }
	  gimple_set_location (repl, gimple_location (cc));
	  gsi_replace (&gsi, repl, false);
	}
    }

  /* The original body is now the element path: its primitives and
     element accesses stay library calls (erbium_mark_cold_call).  */
  for (unsigned b = 0; b < n; b++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[b]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (erbium_primitive_call (gsi_stmt (gsi)) != ERBIUM_PRIM_NONE)
	erbium_mark_cold_call (as_a <gcall *> (gsi_stmt (gsi)));
}

/* End HD with "if (M > 0)": the true edge to the inner loop through its
   new preheader IPRE, whose header's phis start from the outer header's
   values; the false edge to the element path, which counts its one
   iteration.  */
static void
erbium_sm_branch_on_grants (erbium_sm_transform_state *s)
{
  basic_block hd = s->hd;
  gcond *go = gimple_build_cond (GT_EXPR, s->m, integer_zero_node,
				 NULL_TREE, NULL_TREE);
  erbium_sm_append (hd, go);
  edge to_slow = single_succ_edge (hd);
  to_slow->flags &= ~EDGE_FALLTHRU;
  to_slow->flags |= EDGE_FALSE_VALUE;
  /* The element path runs when nothing is available, and then waits:
     very unlikely, so that the register allocator keeps the burst's
     values in registers and spills them around the element path's calls
     (a float sum stayed on the stack in the vector loop otherwise).  */
  to_slow->probability = profile_probability::very_unlikely ();
  edge to_fast = make_edge (hd, s->cheader, EDGE_TRUE_VALUE);
  to_fast->probability = profile_probability::very_likely ();
  s->ipre = split_edge (to_fast);
  s->ientry = single_succ_edge (s->ipre);

  /* The inner header's phis start from the outer header's values.  */
  gphi *tinphi = NULL;
  for (gphi_iterator oi = gsi_start_phis (s->header), ci
       = gsi_start_phis (s->cheader);
       !gsi_end_p (oi) && !gsi_end_p (ci); gsi_next (&oi), gsi_next (&ci))
    {
      add_phi_arg (ci.phi (), gimple_phi_result (oi.phi ()), s->ientry,
		   UNKNOWN_LOCATION);
      if (oi.phi () == s->tphi)
	tinphi = ci.phi ();
    }
  gcc_assert (tinphi);
  s->tinphi = tinphi;

  /* The slow path counts its one iteration.  */
  {
    gimple_stmt_iterator gsi = gsi_after_labels (s->slow);
    s->tslow = make_ssa_name (s->ctype);
    gsi_insert_before (&gsi, gimple_build_assign (s->tslow, PLUS_EXPR, s->t,
						  build_one_cst (s->ctype)),
		       GSI_NEW_STMT);
  }
}

/* The head: H (phis) -> HD (grants) -> rest of the original body.  HD
   asks each acquire for the burst's indices and sets M to the
   iterations all of them granted; with M > 0 it enters the inner loop
   (through its new preheader IPRE), else the element path.  */
static void
erbium_sm_emit_grants (erbium_sm_transform_state *s)
{
  erbium_sm_plan *plan = s->plan;
  tree ctype = s->ctype, ntrip = s->ntrip, t = s->t;
  edge e1 = split_block_after_labels (s->header);
  basic_block hd = split_edge (e1);
  s->hd = hd;
  s->slow = single_succ (hd);

  /* M, the iterations of this burst, is an int: at most the burst.  */
  tree bconst = build_int_cst (ctype, plan->burst);
  tree mm;
  if (ntrip)
    mm = fold_build2 (MIN_EXPR, ctype,
		      fold_build2 (MINUS_EXPR, ctype, ntrip, t), bconst);
  else
    mm = bconst;
  tree m = erbium_sm_emit (hd, fold_convert (integer_type_node, mm));
  for (unsigned k = 0; k < plan->prims.length (); k++)
    {
      erbium_sm_prim &p = plan->prims[k];
      tree lo = (s->bases[k]
		 ? erbium_sm_index_plus (hd, s->bases[k], p.step, t)
		 : NULL_TREE);
      s->los.safe_push (lo);
      if (!erbium_sm_acquire_p (p.kind))
	continue;
      /* Ask for the iterations the earlier grants left (M so far), with
	 the indices widened to the runtime's as the program's are.  */
      tree hi = erbium_sm_index_plus (hd, lo, p.step,
				      fold_build2 (MINUS_EXPR,
						   integer_type_node, m,
						   integer_one_node));
      tree decl = erbium_runtime_decl (p.kind == ERBIUM_PRIM_STALL
				       ? ERBIUM_SLOW_STALL_UPTO
				       : ERBIUM_SLOW_UPDATE_UPTO);
      tree itype = erbium_sm_parm_type (decl, 1);
      tree lo64 = erbium_sm_emit (hd, fold_convert (itype, lo));
      tree hi64 = erbium_sm_emit (hd, fold_convert (itype, hi));
      gcall *c = gimple_build_call (decl, 3, p.view, lo64, hi64);
      tree g = make_ssa_name (TREE_TYPE (TREE_TYPE (decl)));
      gimple_call_set_lhs (c, g);
      gimple_set_location (c, gimple_location (p.call));
      erbium_sm_append (hd, c);
      /* Iterations covered: (G - LO + STEP) / STEP, 0 when G = LO - 1.
	 The runtime returns LO plus the indices granted, exactly in 64
	 bits (sync.h er_upto), fewer than 2^31 (a horizon): the
	 difference is exact in 32 bits too, where a 32-bit index's
	 arithmetic stays.  */
      tree gt = TREE_TYPE (g);
      tree dt = (TYPE_PRECISION (TREE_TYPE (lo)) <= 32 ? integer_type_node
		 : gt);
      tree du = unsigned_type_for (dt);
      tree d = fold_build2 (MINUS_EXPR, du, fold_convert (du, g),
			    fold_convert (du, lo));
      d = fold_build2 (PLUS_EXPR, dt, fold_convert (dt, d),
		       fold_convert (dt, p.step));
      d = fold_build2 (TRUNC_DIV_EXPR, dt, d, fold_convert (dt, p.step));
      m = erbium_sm_emit (hd, fold_build2 (MIN_EXPR, integer_type_node, m,
					   fold_convert (integer_type_node,
							 d)));
    }
  s->m = m;
  s->tend = erbium_sm_emit (hd, fold_build2 (PLUS_EXPR, ctype, t,
					     fold_convert (ctype, m)));
  erbium_sm_branch_on_grants (s);
}

/* In the inner loop's preheader: the receive hints, once per burst for
   its last index, and the publish trackers' start, the view's own
   index.  */
static void
erbium_sm_emit_burst_entry (erbium_sm_transform_state *s)
{
  erbium_sm_plan *plan = s->plan;
  basic_block ipre = s->ipre;
  /* Receive hints once per burst, for its last index.  */
  for (unsigned k = 0; k < plan->prims.length (); k++)
    {
      erbium_sm_prim &p = plan->prims[k];
      if (p.kind != ERBIUM_PRIM_RECEIVE)
	continue;
      tree last = erbium_sm_index_plus (ipre, s->los[k], p.step,
					fold_build2 (MINUS_EXPR,
						     integer_type_node, s->m,
						     integer_one_node));
      tree fn = gimple_call_fndecl (p.call);
      last = erbium_sm_emit (ipre, fold_convert (erbium_sm_parm_type (fn, 1),
						 last));
      gcall *c = gimple_build_call (fn, 2, p.view, last);
      gimple_set_location (c, gimple_location (p.call));
      erbium_sm_append (ipre, c);
    }

  auto_vec<tree> &lasts = s->lasts;
  for (unsigned k = 0; k < plan->prims.length (); k++)
    if (lasts[k])
      {
	erbium_sm_prim &p = plan->prims[k];
	tree own = erbium_view_ref (p.view, erbium_view_type (p.call), "own");
	tree v = erbium_sm_emit (ipre, own);
	if (!useless_type_conversion_p (TREE_TYPE (lasts[k]), TREE_TYPE (v)))
	  v = erbium_sm_emit (ipre, fold_convert (TREE_TYPE (lasts[k]), v));
	erbium_sm_append (ipre, gimple_build_assign (lasts[k], v));
      }
}

/* The inner loop's counter test, at the end of its body: the copy of
   the latch becomes the test block, a new empty latch follows; its
   induction variables come from its own int counter J; its exit leads
   to the new block TAIL.  */
static void
erbium_sm_close_inner_loop (erbium_sm_transform_state *s)
{
  erbium_sm_plan *plan = s->plan;
  tree ctype = s->ctype;
  basic_block ztest = s->clatch;
  basic_block zlatch = split_edge (single_succ_edge (ztest));
  s->inner->latch = zlatch;
  /* The copy of T is unused in the inner loop (DCE removes it); its
     latch value must still be defined there.  */
  tree tin = gimple_phi_result (s->tinphi), tnew = make_ssa_name (ctype);
  SET_PHI_ARG_DEF (s->tinphi, single_succ_edge (zlatch)->dest_idx, tnew);
  erbium_sm_append (ztest, gimple_build_assign (tnew, PLUS_EXPR, tin,
						build_one_cst (ctype)));
  /* The inner loop's own counter J, an int: 0 on entry, at most the
     burst.  */
  tree j = make_ssa_name (integer_type_node);
  tree jnew = make_ssa_name (integer_type_node);
  gphi *jphi = create_phi_node (j, s->cheader);
  add_phi_arg (jphi, integer_zero_node, s->ientry, UNKNOWN_LOCATION);
  add_phi_arg (jphi, jnew, single_succ_edge (zlatch), UNKNOWN_LOCATION);
  erbium_sm_append (ztest, gimple_build_assign (jnew, PLUS_EXPR, j,
						integer_one_node));
  erbium_sm_rewrite_ivs (plan, s->ipre, s->cheader, s->new_bbs, s->n, j);
  /* The loop's own location, so that the vectoriser's messages about
     the inner loop name the source loop.  */
  gcond *ctest = gimple_build_cond (LT_EXPR, jnew, s->m, NULL_TREE,
				    NULL_TREE);
  gimple_set_location (ctest, plan->loc);
  erbium_sm_append (ztest, ctest);
  edge cont = single_succ_edge (ztest);
  cont->flags &= ~EDGE_FALLTHRU;
  cont->flags |= EDGE_TRUE_VALUE;
  cont->probability = profile_probability::very_likely ();
  basic_block tail = create_empty_bb (ztest);
  add_bb_to_loop (tail, s->loop);
  edge done = make_edge (ztest, tail, EDGE_FALSE_VALUE);
  done->probability = profile_probability::very_unlikely ();
  s->tail = tail;
}

/* The tail: each commit/release once, with the last index; then the
   counted exit, or back to the outer latch, where the element path
   meets it.  */
static void
erbium_sm_emit_tail (erbium_sm_transform_state *s)
{
  erbium_sm_plan *plan = s->plan;
  basic_block tail = s->tail;
  /* The tail: each commit/release once, with the last index.  */
  for (unsigned k = 0; k < plan->prims.length (); k++)
    {
      erbium_sm_prim &p = plan->prims[k];
      if (!erbium_sm_publish_p (p.kind))
	continue;
      tree fn = gimple_call_fndecl (p.call);
      tree last = erbium_sm_emit (tail,
				  fold_convert (erbium_sm_parm_type (fn, 1),
						s->lasts[k]));
      gcall *c = gimple_build_call (fn, 2, p.view, last);
      gimple_set_location (c, gimple_location (p.call));
      erbium_sm_append (tail, c);
    }
  /* The element path and the tail meet in MERGE before the latch, where
     the counter's next value is chosen.  */
  basic_block merge = split_edge (single_pred_edge (s->latch));
  gphi *mphi = create_phi_node (s->tnext, merge);
  add_phi_arg (mphi, s->tslow, single_pred_edge (merge), UNKNOWN_LOCATION);
  edge back;
  if (plan->iv_exit)
    {
      erbium_sm_append (tail, gimple_build_cond (EQ_EXPR, s->tend, s->ntrip,
						 NULL_TREE, NULL_TREE));
      edge out = make_edge (tail, plan->iv_exit->dest, EDGE_TRUE_VALUE);
      out->probability = profile_probability::unlikely ();
      back = make_edge (tail, merge, EDGE_FALSE_VALUE);
      back->probability = profile_probability::likely ();
      for (gphi_iterator pi = gsi_start_phis (plan->iv_exit->dest);
	   !gsi_end_p (pi); gsi_next (&pi))
	add_phi_arg (pi.phi (),
		     PHI_ARG_DEF_FROM_EDGE (pi.phi (), plan->iv_exit),
		     out, UNKNOWN_LOCATION);
    }
  else
    back = make_single_succ_edge (tail, merge, EDGE_FALLTHRU);
  add_phi_arg (mphi, s->tend, back, UNKNOWN_LOCATION);
}

/* Strip-mine PLAN's loop (see the file comment), prepared by
   erbium_sm_prepare.  The new code and names are registered for the update_ssa
   that follows the transforms of all the function's loops (execute): the loops
   are disjoint, and a transform reads nothing of another loop but the SSA
   names flowing between them, which that update_ssa rewrites.  */
void
erbium_sm_transform (erbium_sm_plan *plan, function *)
{
  erbium_sm_transform_state s;
  s.plan = plan;
  s.loop = plan->loop;
  s.header = s.loop->header;
  s.latch = s.loop->latch;
  s.pe = loop_preheader_edge (s.loop);
  /* The iteration counter T is signed and 64 bits wide: no loop runs
     long enough to wrap it, 2^31 iterations and more included.  It only
     counts: the induction variables inside a burst come from the burst's
     own int counter (erbium_sm_close_inner_loop).  */
  s.ctype = long_long_integer_type_node;

  erbium_sm_emit_counter (&s);
  erbium_sm_copy_body (&s);
  erbium_sm_replace_copied_prims (&s);
  erbium_sm_emit_grants (&s);
  erbium_sm_emit_burst_entry (&s);
  erbium_sm_close_inner_loop (&s);
  erbium_sm_emit_tail (&s);

  free_original_copy_tables ();
  free (s.new_bbs);
  free (s.new_exits);
  free (s.bbs);
}

const pass_data erbium_stripmine_pass_data = {
  GIMPLE_PASS,
  "erbium-stripmine",
  OPTGROUP_LOOP,
  TV_NONE,
  PROP_cfg | PROP_ssa,
  0, 0, 0,
  0,
};

class erbium_stripmine_pass : public gimple_opt_pass
{
public:
  erbium_stripmine_pass (gcc::context *ctxt)
    : gimple_opt_pass (erbium_stripmine_pass_data, ctxt)
  {}

  /* -O1 and above, when stripmine=1.  */
  bool gate (function *) final override
  {
    return optimize > 0 && erbium_opts.stripmine;
  }

  unsigned int execute (function *fun) final override;
};

/* True when FUN calls a synchronisation primitive (erbium_sm_sync_prim_p).  */
bool
erbium_sm_has_primitives (function *fun)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (erbium_sm_sync_prim_p (erbium_primitive_call (gsi_stmt (gsi))))
	return true;
  return false;
}

/* Note where every loop of FUN starts, in STARTS: once, rather than for
   every loop with a pragma above it (erbium_sm_find_pragma).  */
static void
erbium_sm_note_loop_starts (function *fun, vec<erbium_sm_loop_start> *starts)
{
  for (auto loop : loops_list (fun, 0))
    {
      location_t l = erbium_sm_loop_location (loop);
      erbium_sm_loop_start s = { loop->num, erbium_sm_line (l),
				 erbium_sm_origin (l, fun) };
      starts->safe_push (s);
    }
}

/* PLAN's loop of FUN at LINE is not strip-mined (PLAN->why_not): the
   pragma above it, if unused, remembers why (erbium_sm_warn_unused_pragmas),
   and the dump says it.  */
static void
erbium_sm_note_not_stripmined (erbium_sm_plan *plan, int line, function *fun,
			       const vec<erbium_sm_loop_start> &starts)
{
  erbium_burst_pragma *bp = erbium_sm_find_pragma (plan->loop, plan->loc, fun,
						   starts);
  if (bp && !bp->used && !bp->ignored_why)
    {
      bp->ignored_why = plan->why_not;
      bp->ignored_line = line;
    }
  if (dump_file)
    {
      fprintf (dump_file, "erbium-stripmine: loop at line %d: not "
	       "strip-mined (%s", line, plan->why_not);
      if (plan->why_line)
	fprintf (dump_file, ", line %d", plan->why_line);
      fprintf (dump_file, ")\n");
    }
}

/* The dump line and the optimisation note of PLAN's loop at LINE, to be
   strip-mined.  */
static void
erbium_sm_dump_plan (erbium_sm_plan *plan, int line)
{
  if (dump_file)
    {
      fprintf (dump_file, "erbium-stripmine: loop at line %d: "
	       "strip-mined, burst %d (%s); ", line, plan->burst,
	       plan->burst_why);
      for (unsigned k = 0; k < plan->prims.length (); k++)
	{
	  erbium_sm_prim &p = plan->prims[k];
	  fprintf (dump_file, "%s%s at line %d %s", k ? ", " : "",
		   erbium_prim_spelling (p.kind),
		   erbium_sm_line (gimple_location (p.call)),
		   erbium_sm_acquire_p (p.kind) ? "granted at the burst's head"
		   : erbium_sm_publish_p (p.kind) ? "once after the burst"
		   : "hinted at the burst's head");
	}
      fprintf (dump_file, "%s\n", plan->term_exits.is_empty () ? ""
	       : "; termination tests kept in the element path");
    }
  if (dump_enabled_p ())
    dump_printf_loc (MSG_OPTIMIZED_LOCATIONS,
		     dump_user_location_t::from_location_t (plan->loc),
		     "strip-mined loop with burst %d\n", plan->burst);
}

/* Analyse LOOP of FUN (STARTS: where FUN's loops start): its plan,
   prepared for erbium_sm_transform, or NULL when it is not strip-mined.
   erbium_sm_prepare keeps the dominators valid.  */
static erbium_sm_plan *
erbium_sm_plan_loop (class loop *loop, function *fun,
		     const vec<erbium_sm_loop_start> &starts)
{
  erbium_sm_plan *plan = new erbium_sm_plan;
  plan->starts = &starts;
  plan->loop = loop;
  plan->loc = erbium_sm_loop_location (loop);
  plan->iv_exit = NULL;
  plan->niter = NULL_TREE;
  plan->burst = 0;
  plan->burst_why = NULL;
  plan->bbs = NULL;
  if (!erbium_sm_analyse (plan, fun))
    {
      delete plan;
      return NULL;
    }
  int line = erbium_sm_line (plan->loc);
  if (plan->why_not)
    {
      erbium_sm_note_not_stripmined (plan, line, fun, starts);
      delete plan;
      return NULL;
    }
  erbium_sm_dump_plan (plan, line);
  erbium_sm_prepare (plan);
  return plan;
}

/* Transform the loops of PLANS in FUN (and free the plans), then update
   the SSA form once.  Returns whether anything changed.  */
static bool
erbium_sm_transform_all (function *fun, vec<erbium_sm_plan *> &plans)
{
  for (erbium_sm_plan *plan : plans)
    {
      erbium_sm_transform (plan, fun);
      delete plan;
    }
  bool changed = !plans.is_empty ();
  if (changed)
    {
      free_dominance_info (CDI_DOMINATORS);
      calculate_dominance_info (CDI_DOMINATORS);
      mark_virtual_operands_for_renaming (fun);
      update_ssa (TODO_update_ssa);
      free_dominance_info (CDI_DOMINATORS);
      cgraph_edge::rebuild_edges ();
      erbium_note_transformed (fun);
    }
  else
    free_dominance_info (CDI_DOMINATORS);
  return changed;
}

/* Push onto PLANS the plan of every innermost loop of FUN that
   strip-mining transforms (erbium_sm_plan_loop says, in the dump, why
   the others are left).  Needs the loop tree and scalar evolutions.  */
static void
erbium_sm_plan_loops (function *fun, vec<erbium_sm_plan *> *plans)
{
  auto_vec<int> nums;
  for (auto loop : loops_list (fun, LI_ONLY_INNERMOST))
    nums.safe_push (loop->num);
  auto_vec<erbium_sm_loop_start> starts;
  erbium_sm_note_loop_starts (fun, &starts);
  for (int num : nums)
    {
      class loop *loop = get_loop (fun, num);
      if (!loop || loop->inner)
	continue;
      if (erbium_sm_plan *plan = erbium_sm_plan_loop (loop, fun, starts))
	plans->safe_push (plan);
    }
}

/* Strip-mine the candidate loops of FUN: analyse every innermost loop
   first, on the function as it is, then transform the candidates, then
   update the SSA form once.  Once, not per loop: update_ssa renames all
   the function's virtual operands and the dominators are recomputed,
   both in time proportional to the function, which made the pass
   quadratic in the number of loops of a function (docs/strip-mining.md,
   compile time).  */
unsigned int
erbium_stripmine_pass::execute (function *fun)
{
  /* Seen even without primitives: its pragmas then set no burst.  */
  erbium_sm_mark_pragmas_seen (fun);
  if (!erbium_sm_has_primitives (fun)
      || !erbium_runtime_decl (ERBIUM_SLOW_STALL_UPTO)
      || !erbium_runtime_decl (ERBIUM_SLOW_UPDATE_UPTO))
    return 0;

  loop_optimizer_init (LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
  scev_initialize ();
  calculate_dominance_info (CDI_DOMINATORS);

  auto_vec<erbium_sm_plan *> plans;
  erbium_sm_plan_loops (fun, &plans);
  scev_finalize ();

  bool changed = erbium_sm_transform_all (fun, plans);
  loop_optimizer_finalize ();
  return changed ? TODO_cleanup_cfg : 0;
}

} // anon namespace

/* Register the warning about unused pragmas and, in cc1, the #pragma
   erbium burst handler and erbium_sm_stream_pragmas (plugin.cc places the
   pass, erbium_make_stripmine_pass).  PLUGIN_NAME: the name GCC gave the
   plugin.  */
void
erbium_init_stripmine (const char *plugin_name)
{
  if (erbium_c_frontend)
    {
      register_callback (plugin_name, PLUGIN_PRAGMAS,
			 erbium_register_pragmas, NULL);
      register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
			 erbium_sm_stream_pragmas, NULL);
    }
  register_callback (plugin_name, PLUGIN_FINISH_UNIT,
		     erbium_sm_warn_unused_pragmas, NULL);
  register_callback (plugin_name, PLUGIN_ALL_PASSES_START,
		     erbium_sm_note_compiled, NULL);
}

/* See erbium-plugin.h.  */
opt_pass *
erbium_make_stripmine_pass (gcc::context *ctxt)
{
  return new erbium_stripmine_pass (ctxt);
}
