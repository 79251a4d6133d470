/* SPDX-License-Identifier: GPL-3.0-or-later */
/* network.cc -- the facts the network of OpenMP stream task sites is
   built from (network.h), recorded from each function's GENERIC at
   PLUGIN_PRE_GENERICIZE, before outline.cc outlines its sites: the task
   pragmas are still markers followed by their statements, and every
   name is the program's own.

   Each function of the unit is a scope, and so is each site's body (the
   statement after its marker).  For a scope, the walk records
   * the creations (markers), calls and ticks, each with the loops and
     conditions around it (erbium_net_ctl): a `for' whose index runs from
     an initial value to an invariant bound by a constant step has a trip
     count (a constant, or an expression of the program evaluated when
     the loop is entered); `while', `do', loops left early (break,
     return, goto) and conditions make counts unknown;
   * the streams each creation, call and tick names, with the subscripts
     an element of an array of streams may have (a constant, a counted
     loop's index, a variable initialised with a constant and never
     written);
   * the assignments of stream_ref variables;
   * what the scope writes beyond its own variables, for the splitting
     eligibility (netgrain.cc): a write is classified by where its memory
     comes from (erbium_net_origin): the scope's own variables, memory
     it allocated and its site's windows are its own; a function's
     parameters are its callers'; globals, statics, variables a task
     shares, and what a pointer copied at creation points to are kept
     from one instance to the next.  Calls are summarised at the end of
     the unit (netbuild.cc), when every callee is known;
   * a static estimate of the scope's work per run (net_work): every
     operation of its expressions (arithmetic, comparison, memory
     reference, assignment, call) counts once, times the trip count of
     each loop around it in the scope, NET_LOOP_GUESS when that is not a
     constant; a call adds the callee's estimate (at the end of the
     unit, erbium_net_scope_work; a function of another unit counts a
     few operations).  For the share of the work
     that splitting a site gives it (netgrain.cc), and for whether a
     body is cheap enough to fuse (fuse.cc).
   GCC internals: "GENERIC" (statements of the C front end: FOR_STMT,
   WHILE_STMT, DO_STMT, SWITCH_STMT, COND_EXPR), tree.h (walk_tree).  */

#define INCLUDE_STRING
#define INCLUDE_VECTOR
#define INCLUDE_SET
#define INCLUDE_MAP
#define INCLUDE_ALGORITHM
#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "c-family/c-common.h"
#include "fold-const.h"
#include "stor-layout.h"
#include "tree-iterator.h"
#include "tree-pretty-print.h"
#include "cgraph.h"
#include "calls.h"
#include "gimplify.h"
#include "cpplib.h"
#include "erbium-plugin.h"
#include "omp-stream.h"
#include "network.h"

erbium_net_facts erbium_net;

/* ---------------------------------------------------------------------
   Small helpers.  */

/* See omp-stream.h.  */
std::string
erbium_net_where (location_t loc)
{
  expanded_location x = expand_location (loc);
  if (!x.file)
    return "?";
  const char *base = strrchr (x.file, '/');
  return std::string (base ? base + 1 : x.file) + ":"
	 + std::to_string (x.line);
}

/* The source text of expression T (without the conversions around
   it).  */
static std::string
net_text (tree t)
{
  while (CONVERT_EXPR_P (t) || TREE_CODE (t) == NON_LVALUE_EXPR)
    t = TREE_OPERAND (t, 0);
  char *s = print_generic_expr_to_str (t);
  std::string r (s);
  free (s);
  return r;
}

/* T without the conversions between integer types (and NON_LVALUE
   wrappers) around it.  */
static tree
net_strip (tree t)
{
  while (t && (CONVERT_EXPR_P (t) || TREE_CODE (t) == NON_LVALUE_EXPR
	       || TREE_CODE (t) == SAVE_EXPR)
	 && (TREE_CODE (t) == SAVE_EXPR
	     || INTEGRAL_TYPE_P (TREE_TYPE (t))
	     || VOID_TYPE_P (TREE_TYPE (t))
	     || POINTER_TYPE_P (TREE_TYPE (t))))
    t = TREE_OPERAND (t, 0);
  return t;
}

/* An automatic variable or parameter of a function, never addressed:
   only its own assignments change it.  */
static bool
net_plain_local_p (const_tree t)
{
  return (t && (VAR_P (t) || TREE_CODE (t) == PARM_DECL)
	  && !TREE_STATIC (t) && !DECL_EXTERNAL (t) && !TREE_ADDRESSABLE (t)
	  && !TREE_THIS_VOLATILE (t));
}

/* ---------------------------------------------------------------------
   The walk's state.  */

struct net_walk
{
  erbium_net_scope *scope;
  /* A site's body: the site and its views.  */
  erbium_site *site;
  hash_set<tree> views;
  /* The variables declared in the scope (a body's own).  */
  hash_set<tree> locals;
  std::vector<int> chain;
  /* DECL_UIDs the scope writes or addresses.  */
  std::set<unsigned> written;
  /* Collected while walking, classified at its end: lvalues written,
     the values assigned to local pointers, pointer arguments of calls
     (the call's index in fx.calls, the argument's index, the value),
     subscripts that are variables initialised with a constant (the
     subscript set to fill, the variable).  */
  std::vector<std::pair<tree, location_t> > writes;
  std::map<tree, std::vector<tree> > ptr_values;
  struct ptr_arg
  {
    unsigned call;
    int arg;
    tree value;
  };
  std::vector<ptr_arg> ptr_args;
  struct pending_sub
  {
    char what;			/* 'c'reation, 'k' call, 't'ick */
    unsigned event, item;
    tree var;
  };
  std::vector<pending_sub> pending;
};

static void net_stmt (tree t, net_walk *w);
static void net_expr (tree t, net_walk *w);

/* The work estimate (head of this file): what a loop whose trip count is
   not a constant counts for.  */
#define NET_LOOP_GUESS 16

/* How many times an operation at W's current chain runs per run of its
   scope.  */
static double
net_weight (const net_walk *w)
{
  double m = 1;
  for (int c : w->chain)
    {
      const erbium_net_ctl &ctl = erbium_net.ctls[c];
      if (!ctl.loop)
	continue;
      m *= ctl.trip.kind == ERBIUM_NET_CONST ? (double) MAX (ctl.trip.n, 0)
	   : NET_LOOP_GUESS;
    }
  return m;
}

/* Count T, an expression of W's scope, in its work estimate when it is
   an operation (conversions, constants, names and field selections are
   free); a call of FN adds FN's work at the end of the unit.  */
static void
net_work (tree t, net_walk *w)
{
  enum tree_code code = TREE_CODE (t);
  switch (TREE_CODE_CLASS (code))
    {
    case tcc_binary:
    case tcc_unary:
    case tcc_comparison:
    case tcc_reference:
      if (CONVERT_EXPR_CODE_P (code) || code == NON_LVALUE_EXPR
	  || code == COMPONENT_REF)
	return;
      break;
    case tcc_expression:
    case tcc_vl_exp:
      if (code != MODIFY_EXPR && code != INIT_EXPR && code != CALL_EXPR
	  && code != PREINCREMENT_EXPR && code != PREDECREMENT_EXPR
	  && code != POSTINCREMENT_EXPR && code != POSTDECREMENT_EXPR)
	return;
      break;
    default:
      return;
    }
  double m = net_weight (w);
  w->scope->work += m;
  if (code != CALL_EXPR)
    return;
  /* Whether the callee is of the unit is known at its end.  */
  tree fn = get_callee_fndecl (t);
  if (fn)
    w->scope->work_calls.push_back ({ erbium_keep (fn), m });
  else
    w->scope->work += m * 8;	/* a call through a pointer */
}

/* ---------------------------------------------------------------------
   What a subtree writes (the DECL_UIDs of the variables assigned,
   incremented or addressed), and how a loop may be left early.  */

/* walk_tree callback: add the variables *TP writes to DATA (a
   std::set<unsigned>).  */
static tree
net_written_r (tree *tp, int *walk_subtrees, void *data)
{
  std::set<unsigned> *set = (std::set<unsigned> *) data;
  tree t = *tp;
  if (TYPE_P (t) || DECL_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  switch (TREE_CODE (t))
    {
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
    case ADDR_EXPR:
      {
	tree b = get_base_address (TREE_OPERAND (t, 0));
	if (b && DECL_P (b))
	  set->insert (DECL_UID (b));
	break;
      }
    case DECL_EXPR:
      set->insert (DECL_UID (DECL_EXPR_DECL (t)));
      break;
    default:
      break;
    }
  return NULL_TREE;
}

/* Add to *SET what T writes.  */
static void
net_written (tree t, std::set<unsigned> *set)
{
  if (t)
    walk_tree_without_duplicates (&t, net_written_r, set);
}

/* How a loop body may be left early: the state of net_exits_r.  */
struct net_exits
{
  int loops, switches;
  std::string why;
};

/* walk_tree callback: the first break or continue of the loop itself
   (not of a nested loop or switch), return or goto in *TP, into DATA
   (net_exits).  */
static tree
net_exits_r (tree *tp, int *walk_subtrees, void *data)
{
  net_exits *e = (net_exits *) data;
  tree t = *tp;
  if (TYPE_P (t) || DECL_P (t) || !e->why.empty ())
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  std::string at = " at " + erbium_net_where (EXPR_LOCATION (t));
  switch (TREE_CODE (t))
    {
    case FOR_STMT:
    case WHILE_STMT:
    case DO_STMT:
    case SWITCH_STMT:
      {
	bool sw = TREE_CODE (t) == SWITCH_STMT;
	(sw ? e->switches : e->loops)++;
	for (int k = 0; k < TREE_OPERAND_LENGTH (t); k++)
	  walk_tree (&TREE_OPERAND (t, k), net_exits_r, e, NULL);
	(sw ? e->switches : e->loops)--;
	*walk_subtrees = 0;
	break;
      }
    case BREAK_STMT:
      if (!e->loops && !e->switches)
	e->why = "the loop may end early (break" + at + ")";
      break;
    case CONTINUE_STMT:
      if (!e->loops)
	e->why = "an iteration may skip the rest of its body (continue"
		 + at + ")";
      break;
    case RETURN_EXPR:
      e->why = "the loop may end early (return" + at + ")";
      break;
    case GOTO_EXPR:
      e->why = "the loop may end early (goto" + at + ")";
      break;
    default:
      break;
    }
  return NULL_TREE;
}

/* Why BODY, a loop's body, may end an iteration or the loop early, or
   "".  */
static std::string
net_loop_exits (tree body)
{
  net_exits e = { 0, 0, "" };
  if (body)
    walk_tree (&body, net_exits_r, &e, NULL);
  return e.why;
}

/* ---------------------------------------------------------------------
   Trip counts of `for' loops.  */

/* Whether EXPR reads only constants and variables that only their own
   assignments change (net_plain_local_p); their DECL_UIDs into
   *READS.  */
static bool
net_invariant_operands (tree expr, std::set<unsigned> *reads)
{
  expr = net_strip (expr);
  if (TREE_CODE (expr) == INTEGER_CST)
    return true;
  if (DECL_P (expr))
    {
      if (!net_plain_local_p (expr))
	return false;
      reads->insert (DECL_UID (expr));
      return true;
    }
  switch (TREE_CODE (expr))
    {
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
    case TRUNC_DIV_EXPR:
    case EXACT_DIV_EXPR:
    case TRUNC_MOD_EXPR:
    case MIN_EXPR:
    case MAX_EXPR:
    case LSHIFT_EXPR:
    case RSHIFT_EXPR:
    case NEGATE_EXPR:
      for (int k = 0; k < TREE_OPERAND_LENGTH (expr); k++)
	if (!net_invariant_operands (TREE_OPERAND (expr, k), reads))
	  return false;
      return true;
    default:
      return false;
    }
}

/* The index variable IV, comparison *OP and bound *BOUND of a loop
   condition COND (`i < n', `n > i' ...).  */
static bool
net_loop_cond (tree cond, tree *iv, enum tree_code *op, tree *bound)
{
  cond = net_strip (cond);
  if (!cond || TREE_CODE_CLASS (TREE_CODE (cond)) != tcc_comparison)
    return false;
  enum tree_code code = TREE_CODE (cond);
  if (code != LT_EXPR && code != LE_EXPR && code != GT_EXPR
      && code != GE_EXPR && code != NE_EXPR)
    return false;
  tree a = net_strip (TREE_OPERAND (cond, 0));
  tree b = net_strip (TREE_OPERAND (cond, 1));
  if (VAR_P (a) && INTEGRAL_TYPE_P (TREE_TYPE (a)) && net_plain_local_p (a))
    {
      *iv = a;
      *op = code;
      *bound = TREE_OPERAND (cond, 1);
      return true;
    }
  if (VAR_P (b) && INTEGRAL_TYPE_P (TREE_TYPE (b)) && net_plain_local_p (b))
    {
      *iv = b;
      *op = swap_tree_comparison (code);
      *bound = TREE_OPERAND (cond, 0);
      return true;
    }
  return false;
}

/* The constant step by which INCR (a `for' increment) moves IV, into
   *STEP; false when INCR writes IV otherwise or not at all.  */
static bool
net_loop_step (tree incr, tree iv, HOST_WIDE_INT *step)
{
  incr = net_strip (incr);
  if (!incr)
    return false;
  if (TREE_CODE (incr) == COMPOUND_EXPR)
    {
      std::set<unsigned> w0;
      net_written (TREE_OPERAND (incr, 1), &w0);
      if (w0.count (DECL_UID (iv)))
	return net_loop_step (TREE_OPERAND (incr, 1), iv, step);
      return net_loop_step (TREE_OPERAND (incr, 0), iv, step);
    }
  enum tree_code code = TREE_CODE (incr);
  if ((code == PREINCREMENT_EXPR || code == POSTINCREMENT_EXPR
       || code == PREDECREMENT_EXPR || code == POSTDECREMENT_EXPR)
      && TREE_OPERAND (incr, 0) == iv
      && tree_fits_shwi_p (TREE_OPERAND (incr, 1)))
    {
      *step = tree_to_shwi (TREE_OPERAND (incr, 1));
      if (code == PREDECREMENT_EXPR || code == POSTDECREMENT_EXPR)
	*step = -*step;
      return *step != 0;
    }
  if (code != MODIFY_EXPR || TREE_OPERAND (incr, 0) != iv)
    return false;
  tree rhs = net_strip (TREE_OPERAND (incr, 1));
  if (TREE_CODE (rhs) != PLUS_EXPR && TREE_CODE (rhs) != MINUS_EXPR)
    return false;
  tree a = net_strip (TREE_OPERAND (rhs, 0));
  tree b = net_strip (TREE_OPERAND (rhs, 1));
  if (TREE_CODE (rhs) == PLUS_EXPR && a != iv)
    std::swap (a, b);
  if (a != iv || !tree_fits_shwi_p (b))
    return false;
  *step = tree_to_shwi (b);
  if (TREE_CODE (rhs) == MINUS_EXPR)
    *step = -*step;
  return *step != 0;
}

/* The value IV is given just before the loop at *POS in its statement
   list: `i = A;' or the declaration `T i = A' (a `for' of C99), or
   NULL_TREE.  */
static tree
net_loop_init (const tree_stmt_iterator *pos, tree iv)
{
  if (!pos)
    return NULL_TREE;
  tree_stmt_iterator i = *pos;
  for (tsi_prev (&i); !tsi_end_p (i); tsi_prev (&i))
    {
      tree s = net_strip (tsi_stmt (i));
      if (TREE_CODE (s) == DEBUG_BEGIN_STMT)
	continue;
      if (TREE_CODE (s) == DECL_EXPR)
	{
	  if (DECL_EXPR_DECL (s) == iv)
	    return (DECL_INITIAL (iv) && DECL_INITIAL (iv) != error_mark_node
		    ? DECL_INITIAL (iv) : NULL_TREE);
	  continue;
	}
      while (TREE_CODE (s) == COMPOUND_EXPR)
	{
	  std::set<unsigned> w1;
	  net_written (TREE_OPERAND (s, 1), &w1);
	  s = net_strip (TREE_OPERAND (s, w1.count (DECL_UID (iv)) ? 1 : 0));
	}
      if (TREE_CODE (s) == MODIFY_EXPR && TREE_OPERAND (s, 0) == iv)
	return TREE_OPERAND (s, 1);
      return NULL_TREE;
    }
  return NULL_TREE;
}

/* The trip count of a loop from INIT while `i OP BOUND', by STEP, into
   CTL (constant, or an expression; its index range when both ends are
   constants).  False when the direction and the comparison disagree.  */
static bool
net_loop_trip (erbium_net_ctl *ctl, tree init, enum tree_code op,
	       tree bound, HOST_WIDE_INT step)
{
  bool up = step > 0;
  HOST_WIDE_INT s = up ? step : -step;
  /* Elements from the start to the bound, to be divided by S.  */
  HOST_WIDE_INT extra;
  if ((op == LT_EXPR || op == LE_EXPR) && up)
    extra = op == LT_EXPR ? s - 1 : s;
  else if ((op == GT_EXPR || op == GE_EXPR) && !up)
    extra = op == GT_EXPR ? s - 1 : s;
  else if (op == NE_EXPR && s == 1)
    extra = 0;
  else
    return false;
  tree i64 = erbium_int64_type ();
  tree a = fold_convert (i64, unshare_expr (init));
  tree b = fold_convert (i64, unshare_expr (bound));
  tree span = up ? fold_build2 (MINUS_EXPR, i64, b, a)
	      : fold_build2 (MINUS_EXPR, i64, a, b);
  tree n = fold_build2 (TRUNC_DIV_EXPR, i64,
			fold_build2 (PLUS_EXPR, i64, span,
				     build_int_cst (i64, extra)),
			build_int_cst (i64, s));
  while (TREE_CODE (n) == NON_LVALUE_EXPR)
    n = TREE_OPERAND (n, 0);
  if (tree_fits_shwi_p (n))
    {
      ctl->trip = erbium_net_const (MAX (tree_to_shwi (n), 0));
      if (tree_fits_shwi_p (a) && tree_fits_shwi_p (b))
	{
	  HOST_WIDE_INT lo = tree_to_shwi (a), hi = tree_to_shwi (b);
	  ctl->range = true;
	  if (up)
	    ctl->lo = lo, ctl->hi = op == LE_EXPR ? hi + 1 : hi;
	  else
	    ctl->lo = op == GE_EXPR ? hi : hi + 1, ctl->hi = lo + 1;
	}
    }
  else
    ctl->trip = { ERBIUM_NET_EXPR, 0, erbium_keep (n), ctl->where };
  return true;
}

/* Whether one of READS is in WRITTEN.  */
static bool
net_reads_written (const std::set<unsigned> &reads,
		   const std::set<unsigned> &written)
{
  for (unsigned u : reads)
    if (written.count (u))
      return true;
  return false;
}

/* Fill the trip count of CTL, the `for' loop T whose position in its
   statement list is *POS (or NULL).  */
static void
net_for_trip (erbium_net_ctl *ctl, tree t, const tree_stmt_iterator *pos)
{
  tree iv, bound;
  enum tree_code op;
  HOST_WIDE_INT step;
  std::string exits = net_loop_exits (FOR_BODY (t));
  std::set<unsigned> body;
  net_written (FOR_BODY (t), &body);
  net_written (FOR_COND (t), &body);
  tree init = NULL_TREE;
  ctl->trip = erbium_net_unknown ("the trip count of " + ctl->where
			   + " is not known");
  if (!exits.empty ())
    ctl->trip.why = exits + " (" + ctl->where + ")";
  else if (!FOR_COND (t) || !net_loop_cond (FOR_COND (t), &iv, &op, &bound)
	   || !net_loop_step (FOR_EXPR (t), iv, &step))
    ctl->trip.why += ": not a loop of an index by a constant step";
  else if (body.count (DECL_UID (iv)))
    ctl->trip.why += ": its body writes its index";
  else if (!net_invariant_operands (bound, &ctl->reads))
    ctl->trip.why += ": its bound may change (it reads memory or calls)";
  else if (!(init = net_loop_init (pos, iv))
	   || !net_invariant_operands (init, &ctl->reads))
    ctl->trip.why += ": its index does not start from a value computed "
		     "just before it";
  else if (net_reads_written (ctl->reads, body))
    ctl->trip.why += ": its body writes its bound";
  else if (net_loop_trip (ctl, init, op, bound, step))
    ctl->ivar = iv;
  else
    ctl->trip.why += ": its index moves away from its bound";
  ctl->written = body;
  net_written (FOR_EXPR (t), &ctl->written);
}

/* A new loop or condition at LOC, described as WHAT ("for", "if"),
   pushed onto W's chain; returns its index.  */
static int
net_push_ctl (net_walk *w, bool loop, const char *what, location_t loc)
{
  erbium_net_ctl c;
  c.loop = loop;
  c.where = std::string (what) + " at " + erbium_net_where (loc);
  c.loc = loc;
  c.trip = loop ? erbium_net_unknown ("the trip count of " + c.where
			       + " is not known")
	   : erbium_net_const (1);
  c.ivar = NULL_TREE;
  c.range = false;
  c.lo = c.hi = 0;
  erbium_net.ctls.push_back (c);
  int id = erbium_net.ctls.size () - 1;
  w->chain.push_back (id);
  return id;
}

/* ---------------------------------------------------------------------
   Streams named in a scope.  */

/* The subscripts an index expression IDX may have in W's scope, at the
   current chain; a variable initialised with a constant is settled at
   the end of the walk (PENDING gets it).  *SPREAD is the loop of the
   chain whose index IDX is, or -1.  */
static erbium_net_subs
net_index_subs (tree idx, net_walk *w, tree *pending, int *spread)
{
  erbium_net_subs s = { true, false, 0, 0 };
  idx = net_strip (idx);
  *pending = NULL_TREE;
  *spread = -1;
  for (int c : w->chain)
    if (erbium_net.ctls[c].ivar && erbium_net.ctls[c].ivar == idx)
      *spread = c;
  if (tree_fits_shwi_p (idx))
    {
      s.known = true;
      s.lo = tree_to_shwi (idx);
      s.hi = s.lo + 1;
      return s;
    }
  if (!VAR_P (idx))
    return s;
  for (int c : w->chain)
    {
      const erbium_net_ctl &ctl = erbium_net.ctls[c];
      if (ctl.ivar == idx && ctl.range)
	{
	  s.known = ctl.lo < ctl.hi;
	  s.lo = ctl.lo;
	  s.hi = ctl.hi;
	  return s;
	}
    }
  if (net_plain_local_p (idx) && DECL_INITIAL (idx)
      && tree_fits_shwi_p (DECL_INITIAL (idx)))
    *pending = idx;
  return s;
}

/* The index of the pointer arithmetic OFF (`(sizetype) i * 8'), a
   subscript of an array of handles, or NULL_TREE.  */
static tree
net_handle_index (tree off)
{
  off = net_strip (off);
  if (TREE_CODE (off) == MULT_EXPR
      && tree_fits_shwi_p (TREE_OPERAND (off, 1))
      && tree_to_shwi (TREE_OPERAND (off, 1))
	 == (HOST_WIDE_INT) POINTER_SIZE_UNITS)
    return TREE_OPERAND (off, 0);
  if (tree_fits_shwi_p (off))
    return size_int (tree_to_shwi (off) / POINTER_SIZE_UNITS);
  return NULL_TREE;
}

/* The stream E names in W's scope (a stream declaration, stream_ref or
   parameter, an element of an array of them, or a whole array), into
   *OUT; false when E names none.  IMPLICIT is the declaration of an
   implicitly typed stream (an access's), else NULL_TREE.  PENDING as
   for net_index_subs.  */
static bool
net_sref (tree e, tree implicit, net_walk *w, erbium_net_sref *out,
	  tree *pending)
{
  *pending = NULL_TREE;
  out->subs = { false, false, 0, 0 };
  out->whole = false;
  out->spread = -1;
  out->text = net_text (e);
  e = net_strip (e);
  tree idx = NULL_TREE;
  bool sub = false;
  if (TREE_CODE (e) == INDIRECT_REF
      && TREE_CODE (net_strip (TREE_OPERAND (e, 0))) == ADDR_EXPR)
    e = TREE_OPERAND (net_strip (TREE_OPERAND (e, 0)), 0);
  else if (TREE_CODE (e) == ARRAY_REF)
    idx = TREE_OPERAND (e, 1), e = TREE_OPERAND (e, 0), sub = true;
  else if (TREE_CODE (e) == INDIRECT_REF
	   && TREE_CODE (net_strip (TREE_OPERAND (e, 0))) == POINTER_PLUS_EXPR)
    {
      tree pp = net_strip (TREE_OPERAND (e, 0));
      e = net_strip (TREE_OPERAND (pp, 0));
      idx = net_handle_index (TREE_OPERAND (pp, 1));
      sub = true;
    }
  if (!DECL_P (e)
      || (e != implicit && erbium_stream_decl (e, NULL) == ERBIUM_NOT_STREAM))
    return false;
  out->decl = erbium_keep (e);
  if (erbium_stream_array_p (e))
    {
      out->subs.array = true;
      if (idx)
	out->subs = net_index_subs (idx, w, pending, &out->spread);
      else
	out->whole = !sub;
    }
  else
    out->text = IDENTIFIER_POINTER (DECL_NAME (e));
  return true;
}

/* ---------------------------------------------------------------------
   Creations.  */

/* The number of elements of type ELT in TYPE, when constant.  */
static bool
net_elements (tree type, tree elt, HOST_WIDE_INT *n)
{
  tree a = TYPE_SIZE_UNIT (type), b = TYPE_SIZE_UNIT (elt);
  if (!a || !b || !tree_fits_shwi_p (a) || !tree_fits_shwi_p (b)
      || tree_to_shwi (b) == 0)
    return false;
  *n = tree_to_shwi (a) / tree_to_shwi (b);
  return true;
}

/* V (a count of view elements of SIZE bytes) in elements of ESIZE
   bytes; unknown when they do not divide.  */
static erbium_net_value
net_in_elements (erbium_net_value v, HOST_WIDE_INT size, HOST_WIDE_INT esize)
{
  if (v.kind != ERBIUM_NET_CONST || size == esize)
    return v;
  if (esize <= 0 || (v.n * size) % esize)
    return erbium_net_unknown (std::to_string ((long) v.n)
			       + " view elements of "
			       + std::to_string ((long) size)
			       + " bytes are no whole number of stream "
				 "elements");
  return erbium_net_const (v.n * size / esize);
}

/* The burst and horizon of access A of a creation, in elements of its
   stream, into *R.  */
static void
net_access_sizes (const erbium_access &a, erbium_net_access *r)
{
  tree row = a.count ? TREE_TYPE (a.view_type) : a.view_type;
  tree velt = row;
  while (TREE_CODE (velt) == ARRAY_TYPE)
    velt = TREE_TYPE (velt);
  erbium_net_value burst, hz;
  HOST_WIDE_INT h;
  if (!a.burst)
    burst = erbium_net_const (1);
  else if (tree_fits_shwi_p (a.burst))
    burst = erbium_net_const (tree_to_shwi (a.burst));
  else
    burst = erbium_net_unknown (net_text (a.burst)
				+ ", evaluated at creation");
  if (net_elements (row, velt, &h))
    hz = erbium_net_const (h);
  else
    hz = erbium_net_unknown (std::string ("view ")
		      + IDENTIFIER_POINTER (DECL_NAME (a.view))
		      + " is variable-length");
  if (a.kind == ERBIUM_ACC_PEEK)
    burst = erbium_net_const (0);
  else if (a.kind == ERBIUM_ACC_OUTPUT)
    hz = burst;
  HOST_WIDE_INT vs = 0, es = 0;
  if (TYPE_SIZE_UNIT (velt) && tree_fits_shwi_p (TYPE_SIZE_UNIT (velt)))
    vs = tree_to_shwi (TYPE_SIZE_UNIT (velt));
  if (a.esize && tree_fits_shwi_p (a.esize))
    es = tree_to_shwi (a.esize);
  else
    es = -1;
  if (es < 0)
    {
      /* An implicitly typed stream: its element size is known at run
	 time only.  */
      std::string why = "the element size of an implicitly typed stream "
			"is known at run time only";
      r->burst = burst.kind == ERBIUM_NET_CONST && burst.n == 0
		 ? burst : erbium_net_unknown (why);
      r->horizon = erbium_net_unknown (why);
      return;
    }
  r->burst = net_in_elements (burst, vs, es);
  r->horizon = net_in_elements (hz, vs, es);
}

/* Record in W's scope the creation of SITE at the current chain.  */
static void
net_note_creation (erbium_site *site, net_walk *w)
{
  erbium_net_creation c;
  c.site = site->id;
  c.at = { w->chain, site->loc };
  unsigned ev = w->scope->creations.size ();
  for (const erbium_access &a : site->accesses)
    {
      erbium_net_access r;
      r.kind = a.kind;
      tree pending;
      if (!net_sref (a.stream, a.stream_decl, w, &r.sref, &pending))
	{
	  r.sref.decl = erbium_keep (a.stream_decl);
	  r.sref.subs = { false, false, 0, 0 };
	  r.sref.spread = -1;
	}
      if (pending)
	w->pending.push_back ({ 'c', ev, (unsigned) c.accesses.size (),
				pending });
      if (a.count)
	{
	  r.sref.subs = { true, false, 0, 0 };
	  if (tree_fits_shwi_p (a.count))
	    r.sref.subs = { true, true, 0, tree_to_shwi (a.count) };
	  r.sref.whole = false;
	  r.sref.text = net_text (a.stream) + "[0.." + net_text (a.count)
			+ "-1]";
	}
      tree elt = NULL_TREE;
      erbium_stream_decl (a.stream_decl, &elt);
      r.type = elt ? net_text (elt) : "void * (implicitly typed)";
      net_access_sizes (a, &r);
      c.accesses.push_back (r);
    }
  w->scope->creations.push_back (c);
}

/* ---------------------------------------------------------------------
   Scopes.  */

/* A new scope for function FN, or for the body of SITE.  */
static erbium_net_scope *
net_new_scope (tree fn, erbium_site *site)
{
  erbium_net_scope *s = new erbium_net_scope ();
  s->id = erbium_net.scopes.size ();
  s->fn = erbium_keep (fn);
  s->site = site ? site->id : -1;
  s->labels = false;
  s->work = 0;
  s->name = IDENTIFIER_POINTER (DECL_NAME (fn));
  if (site)
    s->name = "the body of the site at " + erbium_net_where (site->loc);
  erbium_net.scopes.push_back (s);
  if (site)
    erbium_net.body_scope[site->id] = s->id;
  else
    erbium_net.fn_scope[DECL_UID (fn)] = s->id;
  return s;
}

static void net_finish_scope (net_walk *w);

/* Walk the body BODY of SITE (the statement after its marker, NULL_TREE
   for an empty one) as a scope of its own; MORE is the marker of a site
   whose creation is that body, or NULL.  */
static void
net_walk_body (erbium_site *site, tree body, net_walk *outer,
	       tree_stmt_iterator *more);

/* The site whose marker is at *I in its statement list: its creation in
   W's scope, then its body (the next statement, or a marker and its
   body in turn).  Returns the position after them.  */
static tree_stmt_iterator
net_marker (tree_stmt_iterator i, int id, net_walk *w)
{
  erbium_site *site = erbium_sites[id];
  net_note_creation (site, w);
  tree_stmt_iterator j = i;
  tsi_next (&j);
  if (site->empty_body)
    {
      net_walk_body (site, NULL_TREE, w, NULL);
      return j;
    }
  while (!tsi_end_p (j) && TREE_CODE (tsi_stmt (j)) == DEBUG_BEGIN_STMT)
    tsi_next (&j);
  if (tsi_end_p (j))
    return j;
  if (erbium_marker_site (tsi_stmt (j)) >= 0)
    {
      net_walk_body (site, NULL_TREE, w, &j);
      return j;
    }
  tree body = tsi_stmt (j);
  tsi_next (&j);
  if (TREE_CODE (body) == PREDICT_EXPR && !tsi_end_p (j))
    {
      body = tsi_stmt (j);
      tsi_next (&j);
    }
  net_walk_body (site, body, w, NULL);
  return j;
}

/* See the declaration above: a new scope, the site's views, the body
   walked, its writes classified.  */
static void
net_walk_body (erbium_site *site, tree body, net_walk *outer,
	       tree_stmt_iterator *more)
{
  net_walk w;
  w.scope = net_new_scope (outer->scope->fn, site);
  w.site = site;
  for (const erbium_access &a : site->accesses)
    if (a.view)
      w.views.add (a.view);
  if (more)
    *more = net_marker (*more, erbium_marker_site (tsi_stmt (*more)), &w);
  else if (body)
    net_stmt (body, &w);
  net_finish_scope (&w);
}

/* A statement list: markers start creations (net_marker); a `for' is
   given its position, where its initialisation is.  */
static void
net_list (tree list, net_walk *w)
{
  for (tree_stmt_iterator i = tsi_start (list); !tsi_end_p (i);)
    {
      tree s = tsi_stmt (i);
      int id = erbium_marker_site (s);
      if (id >= 0)
	{
	  i = net_marker (i, id, w);
	  continue;
	}
      if (TREE_CODE (s) == FOR_STMT)
	{
	  int c = net_push_ctl (w, true, "for", EXPR_LOCATION (s));
	  net_for_trip (&erbium_net.ctls[c], s, &i);
	  net_expr (FOR_COND (s), w);
	  net_stmt (FOR_BODY (s), w);
	  net_expr (FOR_EXPR (s), w);
	  w->chain.pop_back ();
	}
      else
	net_stmt (s, w);
      tsi_next (&i);
    }
}

/* A loop or condition construct T (its parts walked under the chain
   entries they run under).  */
static void
net_construct (tree t, net_walk *w)
{
  location_t loc = EXPR_LOCATION (t);
  switch (TREE_CODE (t))
    {
    case COND_EXPR:
      net_expr (COND_EXPR_COND (t), w);
      for (int k = 1; k <= 2; k++)
	{
	  tree cond = net_strip (COND_EXPR_COND (t));
	  if (TREE_CODE (cond) == INTEGER_CST)
	    {
	      /* A constant condition: one branch always, the other never
		 (dead code, not walked).  */
	      if (integer_zerop (cond) == (k == 2))
		net_stmt (TREE_OPERAND (t, k), w);
	      continue;
	    }
	  if (!TREE_OPERAND (t, k))
	    continue;
	  net_push_ctl (w, false, k == 1 ? "if" : "else of the if", loc);
	  net_stmt (TREE_OPERAND (t, k), w);
	  w->chain.pop_back ();
	}
      break;
    case FOR_STMT:
      {
	int c = net_push_ctl (w, true, "for", loc);
	net_for_trip (&erbium_net.ctls[c], t, NULL);
	net_expr (FOR_COND (t), w);
	net_stmt (FOR_BODY (t), w);
	net_expr (FOR_EXPR (t), w);
	w->chain.pop_back ();
	break;
      }
    case WHILE_STMT:
      net_push_ctl (w, true, "while", loc);
      net_expr (WHILE_COND (t), w);
      net_stmt (WHILE_BODY (t), w);
      w->chain.pop_back ();
      break;
    case DO_STMT:
      if (integer_zerop (net_strip (DO_COND (t))))
	{
	  /* do ... while (0): once.  */
	  net_stmt (DO_BODY (t), w);
	  break;
	}
      net_push_ctl (w, true, "do", loc);
      net_stmt (DO_BODY (t), w);
      net_expr (DO_COND (t), w);
      w->chain.pop_back ();
      break;
    default:
      gcc_assert (TREE_CODE (t) == SWITCH_STMT);
      net_expr (SWITCH_STMT_COND (t), w);
      net_push_ctl (w, false, "switch", loc);
      net_stmt (SWITCH_STMT_BODY (t), w);
      w->chain.pop_back ();
      break;
    }
}

/* ---------------------------------------------------------------------
   Effects: assignments, calls, ticks.  */

/* The variables declared by DECL_EXPR or BIND_EXPR T are W's own; a
   pointer or stream_ref initialised is an assignment.  */
static void
net_declared (tree decl, net_walk *w)
{
  if (!VAR_P (decl))
    return;
  w->locals.add (decl);
  tree init = DECL_INITIAL (decl);
  if (!init || init == error_mark_node || TREE_STATIC (decl))
    return;
  if (POINTER_TYPE_P (TREE_TYPE (decl)))
    w->ptr_values[decl].push_back (init);
  if (erbium_stream_decl (decl, NULL) == ERBIUM_STREAM_REF)
    {
      erbium_net_sref v;
      tree pending;
      if (net_sref (init, NULL_TREE, w, &v, &pending))
	w->scope->refsets.push_back ({ erbium_keep (decl), v });
    }
}

/* The assignment LHS = RHS in W's scope.  */
static void
net_assign (tree lhs, tree rhs, location_t loc, net_walk *w)
{
  w->writes.push_back ({ lhs, loc });
  tree base = get_base_address (lhs);
  if (base && DECL_P (base))
    w->written.insert (DECL_UID (base));
  if ((VAR_P (lhs) || TREE_CODE (lhs) == PARM_DECL)
      && POINTER_TYPE_P (TREE_TYPE (lhs)))
    w->ptr_values[lhs].push_back (rhs);
  if (base && erbium_stream_decl (base, NULL) == ERBIUM_STREAM_REF)
    {
      erbium_net_sref v;
      tree pending;
      if (net_sref (rhs, NULL_TREE, w, &v, &pending))
	w->scope->refsets.push_back ({ erbium_keep (base), v });
    }
}

/* Whether FN is the runtime's function NAME (the unit's declaration of
   it, or the plugin's).  */
static bool
net_runtime_p (tree fn, const char *name)
{
  return fn && DECL_NAME (fn) && TREE_PUBLIC (fn)
	 && id_equal (DECL_NAME (fn), name);
}

/* The tick er_stream_tick (S, N) of W's scope.  */
static void
net_note_tick (tree call, net_walk *w)
{
  erbium_net_tick k;
  k.at = { w->chain, EXPR_LOCATION (call) };
  erbium_net_access &a = k.access;
  a.kind = ERBIUM_ACC_INPUT;
  tree pending;
  if (!net_sref (CALL_EXPR_ARG (call, 0), NULL_TREE, w, &a.sref, &pending))
    return;
  if (pending)
    w->pending.push_back ({ 't', (unsigned) w->scope->ticks.size (), 0,
			    pending });
  tree n = net_strip (CALL_EXPR_ARG (call, 1));
  a.burst = tree_fits_shwi_p (n) ? erbium_net_const (tree_to_shwi (n))
	    : erbium_net_unknown (net_text (n) + ", evaluated at the tick");
  a.horizon = a.burst;
  tree elt = NULL_TREE;
  erbium_stream_decl (a.sref.decl, &elt);
  a.type = elt ? net_text (elt) : "?";
  if (w->scope->fx.state.empty ())
    w->scope->fx.state = "ticks stream " + a.sref.text;
  w->scope->ticks.push_back (k);
}

/* The call CALL of W's scope: its streams, its pointer arguments.  */
static void
net_note_call (tree call, net_walk *w)
{
  tree fn = get_callee_fndecl (call);
  for (int k = 0; k < call_expr_nargs (call); k++)
    net_expr (CALL_EXPR_ARG (call, k), w);
  if (net_runtime_p (fn, "er_stream_tick") && call_expr_nargs (call) == 2)
    {
      net_note_tick (call, w);
      return;
    }
  if (!fn)
    net_expr (CALL_EXPR_FN (call), w);
  erbium_net_call c;
  c.callee = erbium_keep (fn);
  c.at = { w->chain, EXPR_LOCATION (call) };
  erbium_net_callfx fx;
  fx.callee = c.callee;
  fx.name = fn ? IDENTIFIER_POINTER (DECL_NAME (fn)) : "";
  unsigned ev = w->scope->calls.size ();
  for (int k = 0; k < call_expr_nargs (call); k++)
    {
      tree arg = CALL_EXPR_ARG (call, k);
      erbium_net_sref s;
      tree pending;
      if (net_sref (arg, NULL_TREE, w, &s, &pending))
	{
	  if (pending)
	    w->pending.push_back ({ 'k', ev, (unsigned) c.streams.size (),
				    pending });
	  c.streams.push_back ({ k, s });
	}
      else if (POINTER_TYPE_P (TREE_TYPE (arg)))
	w->ptr_args.push_back ({ (unsigned) w->scope->fx.calls.size (), k,
				 arg });
    }
  w->scope->calls.push_back (c);
  w->scope->fx.calls.push_back (fx);
}

/* walk_tree callback over the expressions of W's scope (DATA): calls,
   assignments, declarations; statements met inside expressions go back
   to net_stmt.  */
static tree
net_expr_r (tree *tp, int *walk_subtrees, void *data)
{
  net_walk *w = (net_walk *) data;
  tree t = *tp;
  if (TYPE_P (t) || DECL_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  net_work (t, w);
  erbium_netproc_expr (t, w->scope->id, w->chain);
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
    case BIND_EXPR:
    case COND_EXPR:
    case FOR_STMT:
    case WHILE_STMT:
    case DO_STMT:
    case SWITCH_STMT:
    case DECL_EXPR:
    case LABEL_EXPR:
      net_stmt (t, w);
      *walk_subtrees = 0;
      break;
    case TRUTH_ANDIF_EXPR:
    case TRUTH_ORIF_EXPR:
      net_expr (TREE_OPERAND (t, 0), w);
      net_push_ctl (w, false, "condition", EXPR_LOCATION (t));
      net_expr (TREE_OPERAND (t, 1), w);
      w->chain.pop_back ();
      *walk_subtrees = 0;
      break;
    case CALL_EXPR:
      net_note_call (t, w);
      *walk_subtrees = 0;
      break;
    case ADDR_EXPR:
      if (TREE_CODE (TREE_OPERAND (t, 0)) == FUNCTION_DECL)
	erbium_net.address_taken.insert (DECL_UID (TREE_OPERAND (t, 0)));
      else
	net_written (t, &w->written);
      break;
    case MODIFY_EXPR:
    case INIT_EXPR:
      net_assign (TREE_OPERAND (t, 0), TREE_OPERAND (t, 1),
		  EXPR_LOCATION (t), w);
      break;
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      w->writes.push_back ({ TREE_OPERAND (t, 0), EXPR_LOCATION (t) });
      net_written (t, &w->written);
      break;
    case ASM_EXPR:
      if (w->scope->fx.state.empty ())
	w->scope->fx.state = "an asm statement at "
			     + erbium_net_where (EXPR_LOCATION (t));
      break;
    default:
      break;
    }
  return NULL_TREE;
}

/* Walk the expression T of W's scope (net_expr_r).  */
static void
net_expr (tree t, net_walk *w)
{
  if (t)
    walk_tree (&t, net_expr_r, w, NULL);
}

/* Walk the statement T of W's scope: lists, blocks (their variables
   are the scope's own), loops and conditions (net_construct), labels,
   declarations, and the expressions of the others.  */
static void
net_stmt (tree t, net_walk *w)
{
  if (!t)
    return;
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      net_list (t, w);
      break;
    case BIND_EXPR:
      for (tree v = BIND_EXPR_VARS (t); v; v = DECL_CHAIN (v))
	if (VAR_P (v))
	  w->locals.add (v);
      net_stmt (BIND_EXPR_BODY (t), w);
      break;
    case COND_EXPR:
    case FOR_STMT:
    case WHILE_STMT:
    case DO_STMT:
    case SWITCH_STMT:
      net_construct (t, w);
      break;
    case LABEL_EXPR:
      if (!DECL_ARTIFICIAL (LABEL_EXPR_LABEL (t)))
	w->scope->labels = true;
      break;
    case DECL_EXPR:
      net_declared (DECL_EXPR_DECL (t), w);
      erbium_netproc_decl (DECL_EXPR_DECL (t), w->scope->id);
      if (VAR_P (DECL_EXPR_DECL (t)) && !TREE_STATIC (DECL_EXPR_DECL (t)))
	net_expr (DECL_INITIAL (DECL_EXPR_DECL (t)), w);
      break;
    default:
      net_expr (t, w);
      break;
    }
}

/* ---------------------------------------------------------------------
   The end of a scope's walk: pending subscripts, and where the memory it
   writes comes from.  */

static erbium_net_origin net_value_origin (tree e, net_walk *w, int depth);

/* Origin OWN, of parameter K, or SHARED (what).  */
static erbium_net_origin
net_origin (bool own, int parm, const std::string &shared)
{
  erbium_net_origin o;
  o.own = own;
  if (parm >= 0)
    o.parms.insert (parm);
  o.shared = shared;
  return o;
}

/* The name of DECL, for the reasons.  */
static std::string
net_decl_name (tree decl)
{
  return DECL_NAME (decl) ? IDENTIFIER_POINTER (DECL_NAME (decl))
	 : "a temporary";
}

/* Where the variable DECL of W's scope lives: its own (locals, its
   site's windows, the copies of firstprivate and private variables), or
   shared with the other instances or calls.  */
static erbium_net_origin
net_decl_origin (tree decl, net_walk *w)
{
  std::string n = net_decl_name (decl);
  if (TREE_STATIC (decl) || DECL_EXTERNAL (decl))
    return net_origin (false, -1, (DECL_CONTEXT (decl)
				   && TREE_CODE (DECL_CONTEXT (decl))
				      == FUNCTION_DECL
				   ? "static variable " : "global ") + n);
  if (w->views.contains (decl) || w->locals.contains (decl))
    return net_origin (true, -1, "");
  if (!w->site)
    return (DECL_CONTEXT (decl) == w->scope->fn
	    ? net_origin (true, -1, "")
	    : net_origin (false, -1, n + " of an enclosing function"));
  /* Captured from the control program.  */
  erbium_site *s = w->site;
  bool listed = s->firstprivate.contains (decl) || s->privates.contains (decl);
  if (s->shared.contains (decl)
      || (!listed && s->deflt == ERBIUM_DEFAULT_SHARED))
    return net_origin (false, -1, "shared variable " + n);
  return net_origin (true, -1, "");
}

/* Where the memory the pointer variable DECL points to comes from.  */
static erbium_net_origin
net_pointer_origin (tree decl, net_walk *w, int depth)
{
  std::string n = net_decl_name (decl);
  if (TREE_STATIC (decl) || DECL_EXTERNAL (decl))
    return net_origin (false, -1, "memory through global pointer " + n);
  if (w->views.contains (decl))
    return net_origin (false, -1, "memory through the pointers of view "
			+ n);
  erbium_net_origin o = net_origin (true, -1, "");
  if (!w->site && TREE_CODE (decl) == PARM_DECL
      && DECL_CONTEXT (decl) == w->scope->fn)
    {
      int k = 0;
      for (tree p = DECL_ARGUMENTS (w->scope->fn); p && p != decl;
	   p = DECL_CHAIN (p))
	k++;
      o = net_origin (false, k, "");
    }
  else if (w->site && !w->locals.contains (decl))
    return net_origin (false, -1, "memory through " + n
			+ ", a pointer copied at creation, which every "
			  "instance shares");
  auto it = w->ptr_values.find (decl);
  if (it != w->ptr_values.end () && depth < 8)
    for (tree v : it->second)
      {
	erbium_net_origin p = net_value_origin (v, w, depth + 1);
	o.own |= p.own;
	o.parms.insert (p.parms.begin (), p.parms.end ());
	if (o.shared.empty ())
	  o.shared = p.shared;
      }
  else if (depth >= 8)
    o.shared = "memory through " + n + ", whose origin is not known";
  return o;
}

/* Where the object T (an lvalue) lives.  */
static erbium_net_origin
net_object_origin (tree t, net_walk *w, int depth)
{
  while (handled_component_p (t) || TREE_CODE (t) == NON_LVALUE_EXPR)
    t = TREE_OPERAND (t, 0);
  if (DECL_P (t))
    return net_decl_origin (t, w);
  if (TREE_CODE (t) == INDIRECT_REF || TREE_CODE (t) == MEM_REF)
    return net_value_origin (TREE_OPERAND (t, 0), w, depth);
  if (TREE_CODE (t) == COMPOUND_LITERAL_EXPR || TREE_CODE (t) == TARGET_EXPR
      || TREE_CODE (t) == STRING_CST)
    return net_origin (true, -1, "");
  return net_origin (false, -1, "memory the plugin cannot follow");
}

/* Where the memory pointer value E points to comes from.  */
static erbium_net_origin
net_value_origin (tree e, net_walk *w, int depth)
{
  e = net_strip (e);
  switch (TREE_CODE (e))
    {
    case INTEGER_CST:
      return net_origin (true, -1, "");
    case ADDR_EXPR:
      return net_object_origin (TREE_OPERAND (e, 0), w, depth);
    case POINTER_PLUS_EXPR:
      return net_value_origin (TREE_OPERAND (e, 0), w, depth);
    case PLUS_EXPR:
    case MINUS_EXPR:
      return net_value_origin (TREE_OPERAND (e, POINTER_TYPE_P
					     (TREE_TYPE (TREE_OPERAND (e, 0)))
					     ? 0 : 1), w, depth);
    case COMPOUND_EXPR:
      return net_value_origin (TREE_OPERAND (e, 1), w, depth);
    case COND_EXPR:
      {
	erbium_net_origin a = net_value_origin (TREE_OPERAND (e, 1), w, depth);
	erbium_net_origin b = net_value_origin (TREE_OPERAND (e, 2), w, depth);
	a.own |= b.own;
	a.parms.insert (b.parms.begin (), b.parms.end ());
	if (a.shared.empty ())
	  a.shared = b.shared;
	return a;
      }
    case CALL_EXPR:
      {
	tree fn = get_callee_fndecl (e);
	if (fn && (flags_from_decl_or_type (fn) & ECF_MALLOC))
	  return net_origin (true, -1, "");
	return net_origin (false, -1, "memory through a pointer "
			   + (fn ? "that " + net_decl_name (fn) + " returns"
			      : std::string ("a call returns")));
      }
    case VAR_DECL:
    case PARM_DECL:
      if (TREE_CODE (TREE_TYPE (e)) == ARRAY_TYPE)
	return net_decl_origin (e, w);
      return net_pointer_origin (e, w, depth);
    default:
      return net_origin (false, -1, "memory through a pointer read from "
			 "memory");
    }
}

/* The subscripts left pending in W's scope: a variable initialised with
   a constant and never written names that constant.  */
static void
net_settle_pending (net_walk *w)
{
  erbium_net_scope *s = w->scope;
  for (const net_walk::pending_sub &p : w->pending)
    {
      erbium_net_sref *r
	= (p.what == 'c' ? &s->creations[p.event].accesses[p.item].sref
	   : p.what == 't' ? &s->ticks[p.event].access.sref
	   : &s->calls[p.event].streams[p.item].second);
      if (w->written.count (DECL_UID (p.var)))
	continue;
      HOST_WIDE_INT c = tree_to_shwi (DECL_INITIAL (p.var));
      r->subs = { true, true, c, c + 1 };
    }
}

/* Classify what W's scope writes (net_walk.writes, ptr_args) into its
   effects.  */
static void
net_finish_scope (net_walk *w)
{
  net_settle_pending (w);
  erbium_net_effects &fx = w->scope->fx;
  for (const auto &wr : w->writes)
    {
      erbium_net_origin o = net_object_origin (wr.first, w, 0);
      fx.written_parms.insert (o.parms.begin (), o.parms.end ());
      if (!o.shared.empty () && fx.state.empty ())
	fx.state = "writes " + o.shared + " (" + erbium_net_where (wr.second)
		   + ")";
    }
  for (const net_walk::ptr_arg &p : w->ptr_args)
    fx.calls[p.call].ptr_args.push_back
      ({ p.arg, net_value_origin (p.value, w, 0) });
  if (!w->scope->creations.empty () && w->site && fx.state.empty ())
    fx.state = "creates tasks (the site at "
	       + erbium_net_where (erbium_sites[w->scope->creations[0].site]
				   ->loc) + ")";
}

/* See network.h.  */
void
erbium_network_note_function (tree fn)
{
  if (!fn || !DECL_SAVED_TREE (fn))
    return;
  if (erbium_net.fn_scope.count (DECL_UID (fn)))
    return;
  int k = 0;
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p))
    erbium_net.parm_index[DECL_UID (p)] = k++;
  net_walk w;
  w.scope = net_new_scope (fn, NULL);
  w.site = NULL;
  net_stmt (DECL_SAVED_TREE (fn), &w);
  net_finish_scope (&w);
  erbium_netproc_finish (fn);
}
