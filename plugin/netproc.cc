/* SPDX-License-Identifier: GPL-3.0-or-later */
/* netproc.cc -- the Erbium-C processes of a unit in its network
   (network.h): one node per `run' site, the records between them as
   edges from the processes that open write views on them to those that
   open read views, with the views' bursts and horizons.

   The facts come from the walk of network.cc, on each function's
   GENERIC at PLUGIN_PRE_GENERICIZE, as the C front end built it from
   the macros of <erbium.h> (the spelling frontend.cc then rewrites):
   * `run P (args)' is `__erbium_run_marker (), P (args)'.  A record
     argument is known when it is a record variable of the function that
     runs (a local or a global set at one place in the unit: the same
     variable is the same record) or
     a parameter of a process that runs (then the arguments the runs of
     that process pass); anything else (a field, an element, a call, a
     parameter of a function that is not a process) is reported unknown
     with its text;
   * `view(T) v = new_read_view (re)' is `v = (view)
     __erbium_new_read_view (re)' (new_write_view alike): the view's
     record is RE, a parameter of the process or a record variable;
   * the view's horizon is the constant of its alloc (every alloc of the
     view, the same constant), else unknown;
   * its burst is the amount each commit (write view) or update (read
     view) moves it by: every such call's index is `t + C' (directly, or
     through a variable every assignment of which is `t + C' or the
     primitive's result, `hd = tl + C; ... hd = update (v, hd)'), or a
     counter (`update (v, i)', i set to constants and `i + C'), C a
     positive constant, the same for all, and `t' is the index the
     previous call reached (every assignment of t is a constant, that
     index variable, the primitive's result, a variable holding only
     that result, or `t + C').  Anything else
     is unknown with the reason.  The burst is the amount asked: update
     may grant less at the end of the record.
   Instance counts are those of the run: its loops' trip counts (a
   counted `for', network.cc) times the instances of the function that
   runs (main: 1; a process: the sum over its runs; another function:
   its calls).  A process of another unit has no views the unit shows.
   Semantics: Miranda et al., CASES 2010, section 3 (records, views,
   horizons, bursts, run); docs/omp-stream.md, "The network".  */

#define INCLUDE_STRING
#define INCLUDE_VECTOR
#define INCLUDE_SET
#define INCLUDE_MAP
#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "stringpool.h"
#include "attribs.h"
#include "tree-pretty-print.h"
#include "cpplib.h"
#include "erbium-plugin.h"
#include "omp-stream.h"
#include "network.h"

/* ---------------------------------------------------------------------
   Small helpers.  */

/* T without the conversions around it.  */
static tree
np_strip (tree t)
{
  while (t && (CONVERT_EXPR_P (t) || TREE_CODE (t) == NON_LVALUE_EXPR
	       || TREE_CODE (t) == SAVE_EXPR))
    t = TREE_OPERAND (t, 0);
  return t;
}

/* The source text of T.  */
static std::string
np_text (tree t)
{
  char *s = print_generic_expr_to_str (np_strip (t));
  std::string r (s);
  free (s);
  return r;
}

/* Whether TYPE is a record(T) type (the erbium_record attribute,
   attributes.cc).  */
static bool
np_record_type_p (tree type)
{
  return type && POINTER_TYPE_P (type)
	 && lookup_attribute ("erbium_record", TYPE_ATTRIBUTES (type));
}

/* Whether FN is a process (the erbium_process attribute).  */
static bool
np_process_p (const_tree fn)
{
  return fn && TREE_CODE (fn) == FUNCTION_DECL
	 && lookup_attribute ("erbium_process", DECL_ATTRIBUTES (fn));
}

/* An automatic variable or parameter never addressed: only its own
   assignments change it.  */
static bool
np_plain_local_p (const_tree t)
{
  return (t && (VAR_P (t) || TREE_CODE (t) == PARM_DECL)
	  && !TREE_STATIC (t) && !DECL_EXTERNAL (t) && !TREE_ADDRESSABLE (t)
	  && !TREE_THIS_VOLATILE (t));
}

/* The runtime's function called by CALL when it is NAME.  */
static bool
np_calls_p (tree call, const char *name)
{
  call = np_strip (call);
  if (!call || TREE_CODE (call) != CALL_EXPR)
    return false;
  tree fn = get_callee_fndecl (call);
  return fn && DECL_NAME (fn) && TREE_PUBLIC (fn)
	 && id_equal (DECL_NAME (fn), name);
}

/* ---------------------------------------------------------------------
   What the walk of one function collects (its trees are alive until
   erbium_netproc_finish).  */

struct np_call
{
  tree view, index;
  enum erbium_prim prim;
  location_t loc;
};

struct np_raw
{
  tree fn;
  /* Each local variable's values (initial value, assignments; an
     increment is the increment itself).  */
  std::map<tree, std::vector<tree> > values;
  /* View variables and the views they are initialised with.  */
  std::vector<std::pair<tree, tree> > view_inits;
  /* commit, update and alloc calls.  */
  std::vector<np_call> calls;
};

static np_raw np_cur;

/* DECL_UID of a record variable -> the places the unit sets it: a
   variable set at one place is one record (per activation of its
   function); one set at several, which record reaches a run is not
   followed.  */
static std::map<unsigned, int> np_record_sets;

/* The raw facts of the function of scope SCOPE, started anew for a new
   function.  */
static np_raw *
np_raw_of (int scope)
{
  tree fn = erbium_net.scopes[scope]->fn;
  if (np_cur.fn != fn)
    {
      np_cur = np_raw ();
      np_cur.fn = fn;
    }
  return &np_cur;
}

/* The assignment LHS = RHS of scope SCOPE.  */
static void
np_assign (tree lhs, tree rhs, int scope)
{
  if (!lhs || !rhs || rhs == error_mark_node)
    return;
  np_raw *r = np_raw_of (scope);
  if (VAR_P (lhs) && np_record_type_p (TREE_TYPE (lhs)))
    np_record_sets[DECL_UID (lhs)]++;
  if (POINTER_TYPE_P (TREE_TYPE (lhs))
      && (np_calls_p (rhs, "__erbium_new_read_view")
	  || np_calls_p (rhs, "__erbium_new_write_view")))
    r->view_inits.push_back ({ lhs, np_strip (rhs) });
  else if (VAR_P (lhs) || TREE_CODE (lhs) == PARM_DECL)
    r->values[lhs].push_back (rhs);
}

/* The record argument VAL passed to parameter ARG of a run in function
   FN.  */
static erbium_net_run_arg
np_run_arg (int arg, tree val, tree fn)
{
  erbium_net_run_arg a = { arg, NULL_TREE, -1, "" };
  tree v = np_strip (val);
  if (VAR_P (v) && np_record_type_p (TREE_TYPE (v)))
    {
      a.record = erbium_keep (v);
      return a;
    }
  if (TREE_CODE (v) == PARM_DECL && DECL_CONTEXT (v) == fn
      && np_process_p (fn))
    {
      auto pi = erbium_net.parm_index.find (DECL_UID (v));
      if (pi != erbium_net.parm_index.end ())
	{
	  a.parm = pi->second;
	  return a;
	}
    }
  if (TREE_CODE (v) == PARM_DECL)
    a.why = np_text (v) + ", a parameter of "
	    + IDENTIFIER_POINTER (DECL_NAME (fn))
	    + ", which is not a process (its callers are not followed)";
  else
    a.why = np_text (v) + ", not a record variable";
  return a;
}

/* The run construct T (`__erbium_run_marker (), P (args)', <erbium.h>)
   of scope SCOPE at CHAIN, if it is one.  */
static void
np_note_run (tree t, int scope, const std::vector<int> &chain)
{
  tree call = np_strip (TREE_OPERAND (t, 1));
  if (!np_calls_p (TREE_OPERAND (t, 0), "__erbium_run_marker")
      || TREE_CODE (call) != CALL_EXPR)
    return;
  tree proc = get_callee_fndecl (call);
  if (!np_process_p (proc))
    return;
  erbium_net_run run;
  run.proc = erbium_keep (proc);
  run.name = IDENTIFIER_POINTER (DECL_NAME (proc));
  run.scope = scope;
  run.at = { chain, EXPR_LOCATION (call) };
  tree fn = erbium_net.scopes[scope]->fn;
  for (int k = 0; k < call_expr_nargs (call); k++)
    if (np_record_type_p (TREE_TYPE (np_strip (CALL_EXPR_ARG (call, k))))
	|| np_record_type_p (TREE_TYPE (CALL_EXPR_ARG (call, k))))
      run.args.push_back (np_run_arg (k, CALL_EXPR_ARG (call, k), fn));
  erbium_net.runs.push_back (run);
}

/* See network.h.  */
void
erbium_netproc_expr (tree t, int scope, const std::vector<int> &chain)
{
  switch (TREE_CODE (t))
    {
    case COMPOUND_EXPR:
      np_note_run (t, scope, chain);
      break;
    case MODIFY_EXPR:
    case INIT_EXPR:
      np_assign (TREE_OPERAND (t, 0), TREE_OPERAND (t, 1), scope);
      break;
    case PREINCREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      np_assign (TREE_OPERAND (t, 0), t, scope);
      break;
    case CALL_EXPR:
      {
	tree fn = get_callee_fndecl (t);
	enum erbium_prim p = fn ? erbium_classify_decl (fn) : ERBIUM_PRIM_NONE;
	if ((p == ERBIUM_PRIM_COMMIT || p == ERBIUM_PRIM_UPDATE
	     || p == ERBIUM_VIEW_ALLOC) && call_expr_nargs (t) == 2)
	  np_raw_of (scope)->calls.push_back
	    ({ np_strip (CALL_EXPR_ARG (t, 0)), CALL_EXPR_ARG (t, 1), p,
	       EXPR_LOCATION (t) });
	break;
      }
    default:
      break;
    }
}

/* See network.h.  */
void
erbium_netproc_decl (tree decl, int scope)
{
  tree init = DECL_INITIAL (decl);
  if (VAR_P (decl) && !TREE_STATIC (decl) && init && init != error_mark_node)
    np_assign (decl, init, scope);
}

/* ---------------------------------------------------------------------
   Bursts and horizons.  */

/* Whether E is `X + C' (or X++, ++X, X += C), X a plain local, C a
   constant: *X and *C.  */
static bool
np_step (tree e, tree *x, HOST_WIDE_INT *c)
{
  e = np_strip (e);
  if (TREE_CODE (e) == PREINCREMENT_EXPR
      || TREE_CODE (e) == POSTINCREMENT_EXPR)
    {
      *x = TREE_OPERAND (e, 0);
      if (!tree_fits_shwi_p (TREE_OPERAND (e, 1)))
	return false;
      *c = tree_to_shwi (TREE_OPERAND (e, 1));
      return np_plain_local_p (*x);
    }
  if (TREE_CODE (e) != PLUS_EXPR)
    return false;
  tree a = np_strip (TREE_OPERAND (e, 0)), b = np_strip (TREE_OPERAND (e, 1));
  if (TREE_CODE (a) == INTEGER_CST)
    std::swap (a, b);
  if (!tree_fits_shwi_p (b) || !np_plain_local_p (a))
    return false;
  *x = a;
  *c = tree_to_shwi (b);
  return true;
}

/* Whether E is the result of a call of primitive P on view V.  */
static bool
np_result_p (tree e, tree v, enum erbium_prim p)
{
  e = np_strip (e);
  return (TREE_CODE (e) == CALL_EXPR && call_expr_nargs (e) == 2
	  && get_callee_fndecl (e)
	  && erbium_classify_decl (get_callee_fndecl (e)) == p
	  && np_strip (CALL_EXPR_ARG (e, 0)) == v);
}

/* Whether VALUES, the values of variable I, are constants and `I + C'
   (at least one, all the same C: *C): I counts by C.  */
static bool
np_counter_p (const std::vector<tree> &values, tree i, HOST_WIDE_INT *c)
{
  bool some = false;
  for (tree e : values)
    {
      tree x;
      HOST_WIDE_INT c2;
      if (TREE_CODE (np_strip (e)) == INTEGER_CST)
	continue;
      if (!np_step (e, &x, &c2) || x != i || (some && c2 != *c))
	return false;
      *c = c2;
      some = true;
    }
  return some;
}

/* The step of the index I of a call of P on view V in R: `t + C' itself,
   or a variable H whose every value is `t + C' or P's result.  *X is t,
   *C the constant; *H the variable (or NULL_TREE).  Else the reason.  */
static std::string
np_index_step (const np_raw *r, tree i, tree v, enum erbium_prim p,
	       tree *x, HOST_WIDE_INT *c, tree *h)
{
  *h = NULL_TREE;
  i = np_strip (i);
  if (np_step (i, x, c))
    return "";
  auto it = r->values.find (i);
  if (!np_plain_local_p (i) || it == r->values.end ())
    return "its index " + np_text (i) + " is not `t + constant'";
  if (np_counter_p (it->second, i, c))
    {
      *x = i;
      return "";
    }
  *h = i;
  bool some = false;
  for (tree e : it->second)
    {
      tree x2;
      HOST_WIDE_INT c2;
      if (np_result_p (e, v, p))
	continue;
      if (!np_step (e, &x2, &c2) || (some && (x2 != *x || c2 != *c)))
	return "its index " + np_text (i) + " is also set to " + np_text (e);
      *x = x2;
      *c = c2;
      some = true;
    }
  return some ? "" : "its index " + np_text (i) + " is not `t + constant'";
}

/* Whether E is a variable of R every value of which is the result of a
   call of P on view V (`hd = update (r, tl + 4)').  */
static bool
np_result_var_p (const np_raw *r, tree e, tree v, enum erbium_prim p)
{
  auto it = r->values.find (e);
  if (it == r->values.end ())
    return false;
  for (tree x : it->second)
    if (!np_result_p (x, v, p))
      return false;
  return true;
}

/* Why T, the base of the index of the calls of P on view V in R, is not
   the index the previous call reached (H the index variable), or "".  */
static std::string
np_base_moves (const np_raw *r, tree t, tree h, tree v, enum erbium_prim p,
	       HOST_WIDE_INT c)
{
  auto it = r->values.find (t);
  if (it == r->values.end ())
    return np_text (t) + " is not advanced";
  bool moves = false;
  for (tree e : it->second)
    {
      tree x;
      HOST_WIDE_INT c2;
      tree s = np_strip (e);
      if (TREE_CODE (s) == INTEGER_CST)
	continue;
      if ((h && s == h) || np_result_p (s, v, p)
	  || np_result_var_p (r, s, v, p)
	  || (np_step (s, &x, &c2) && x == t && c2 == c))
	{
	  moves = true;
	  continue;
	}
      return np_text (t) + " is also set to " + np_text (e);
    }
  return moves ? "" : np_text (t) + " is not advanced";
}

/* The burst of view V in R: its commits (WRITE) or updates.  */
static erbium_net_value
np_burst (const np_raw *r, tree v, bool write)
{
  enum erbium_prim p = write ? ERBIUM_PRIM_COMMIT : ERBIUM_PRIM_UPDATE;
  const char *what = write ? "commit" : "update";
  std::string vn = np_text (v);
  bool some = false;
  HOST_WIDE_INT burst = 0;
  for (const np_call &k : r->calls)
    {
      if (k.view != v || k.prim != p)
	continue;
      std::string at = std::string (what) + " (" + vn + ") at "
		       + erbium_net_where (k.loc);
      tree x, h;
      HOST_WIDE_INT c;
      std::string why = np_index_step (r, k.index, v, p, &x, &c, &h);
      if (why.empty ())
	why = np_base_moves (r, x, h, v, p, c);
      if (why.empty () && c <= 0)
	why = "it does not move forward";
      if (!why.empty ())
	return erbium_net_unknown (at + ": " + why);
      if (some && c != burst)
	return erbium_net_unknown (at + " moves by "
				   + std::to_string ((long) c)
				   + ", another by "
				   + std::to_string ((long) burst));
      some = true;
      burst = c;
    }
  if (!some)
    return erbium_net_unknown ("no " + std::string (what) + " of " + vn);
  return erbium_net_const (burst);
}

/* The horizon of view V in R: the constant of its allocs.  */
static erbium_net_value
np_horizon (const np_raw *r, tree v)
{
  bool some = false;
  HOST_WIDE_INT hz = 0;
  for (const np_call &k : r->calls)
    {
      if (k.view != v || k.prim != ERBIUM_VIEW_ALLOC)
	continue;
      tree h = np_strip (k.index);
      if (!tree_fits_shwi_p (h))
	return erbium_net_unknown (np_text (h) + ", evaluated at run time ("
				   + erbium_net_where (k.loc) + ")");
      if (some && tree_to_shwi (h) != hz)
	return erbium_net_unknown ("allocs of " + np_text (v)
				   + " with different horizons");
      some = true;
      hz = tree_to_shwi (h);
    }
  if (!some)
    return erbium_net_unknown ("no alloc of " + np_text (v));
  return erbium_net_const (hz);
}

/* The view V initialised with INIT (__erbium_new_*_view) in function FN,
   of raw facts R.  */
static erbium_net_view
np_view (const np_raw *r, tree v, tree init, tree fn)
{
  erbium_net_view view;
  view.name = np_text (v);
  view.type = TREE_TYPE (TREE_TYPE (v)) ? np_text (TREE_TYPE (TREE_TYPE (v)))
	      : "?";
  view.write = np_calls_p (init, "__erbium_new_write_view");
  view.parm = -1;
  view.record = NULL_TREE;
  tree re = call_expr_nargs (init) ? np_strip (CALL_EXPR_ARG (init, 0))
	    : error_mark_node;
  if (TREE_CODE (re) == PARM_DECL && DECL_CONTEXT (re) == fn
      && erbium_net.parm_index.count (DECL_UID (re)))
    view.parm = erbium_net.parm_index[DECL_UID (re)];
  else if (VAR_P (re) && np_record_type_p (TREE_TYPE (re)))
    view.record = erbium_keep (re);
  else
    view.why = np_text (re) + ", not a record variable or parameter";
  int inits = 0;
  for (const auto &vi : r->view_inits)
    inits += vi.first == v;
  if (inits > 1 || r->values.count (v))
    {
      view.parm = -1;
      view.record = NULL_TREE;
      view.why = view.name + " is set more than once";
    }
  view.burst = np_burst (r, v, view.write);
  view.horizon = np_horizon (r, v);
  return view;
}

/* See network.h.  */
void
erbium_netproc_finish (tree fn)
{
  if (np_cur.fn != fn)
    return;
  if (np_process_p (fn))
    {
      std::vector<erbium_net_view> &views = erbium_net.views[DECL_UID (fn)];
      std::set<tree> done;
      for (const auto &vi : np_cur.view_inits)
	if (done.insert (vi.first).second)
	  views.push_back (np_view (&np_cur, vi.first, vi.second, fn));
    }
  np_cur = np_raw ();
}

/* ---------------------------------------------------------------------
   Nodes and edges.  */

/* A * B when both are known (an expression times 1 only).  */
static erbium_net_value
np_mult (const erbium_net_value &a, const erbium_net_value &b)
{
  if (a.kind == ERBIUM_NET_UNKNOWN)
    return a;
  if (b.kind == ERBIUM_NET_UNKNOWN)
    return b;
  if (a.kind == ERBIUM_NET_CONST && b.kind == ERBIUM_NET_CONST)
    return erbium_net_const (a.n * b.n);
  if (a.kind == ERBIUM_NET_CONST && a.n == 1)
    return b;
  if (b.kind == ERBIUM_NET_CONST && b.n == 1)
    return a;
  return erbium_net_unknown (erbium_net_value_text (a) + " times "
			     + erbium_net_value_text (b));
}

static erbium_net_value np_run_count (int run, std::set<unsigned> *seen);

/* The instances of function scope S: main once, a process the sum over
   its runs (SEEN: the processes being counted), another function its
   calls (erbium_net_scope_count).  */
static erbium_net_value
np_scope_count (int s, std::set<unsigned> *seen)
{
  const erbium_net_scope *sc = erbium_net.scopes[s];
  if (sc->site >= 0)
    return erbium_net_unknown ("a run in the body of a task site");
  if (!np_process_p (sc->fn))
    return erbium_net_scope_count (s);
  if (!seen->insert (DECL_UID (sc->fn)).second)
    return erbium_net_unknown ("recursion: process " + sc->name
			       + " runs itself");
  erbium_net_value n = erbium_net_const (0);
  for (unsigned k = 0; k < erbium_net.runs.size (); k++)
    if (erbium_net.runs[k].proc == sc->fn)
      {
	erbium_net_value m = np_run_count (k, seen);
	if (m.kind != ERBIUM_NET_CONST || n.kind != ERBIUM_NET_CONST)
	  {
	    n = erbium_net_unknown ("process " + sc->name
				    + " is run at several places, one not "
				    "counted: " + erbium_net_value_text (m));
	    break;
	  }
	n.n += m.n;
      }
  seen->erase (DECL_UID (sc->fn));
  if (n.kind == ERBIUM_NET_CONST && n.n == 0)
    return erbium_net_unknown ("process " + sc->name
			       + " is not run in the unit");
  return n;
}

/* The instances run RUN starts.  */
static erbium_net_value
np_run_count (int run, std::set<unsigned> *seen)
{
  const erbium_net_run &r = erbium_net.runs[run];
  const erbium_net_scope *sc = erbium_net.scopes[r.scope];
  if (sc->labels)
    return erbium_net_unknown (sc->name + " has labels (a goto may repeat "
				 "its code)");
  erbium_net_value c = erbium_net_chain_count (r.at.chain);
  if (c.kind == ERBIUM_NET_UNKNOWN)
    return c;
  return np_mult (c, np_scope_count (r.scope, seen));
}

/* Add record variable REC to *OUT, or, when the unit sets it at several
   places, say so in *WHY.  */
static void
np_add_record (tree rec, std::vector<tree> *out, std::string *why)
{
  if (np_record_sets[DECL_UID (rec)] > 1)
    *why = np_text (rec) + " is set at several places (which record "
	   "reaches the view is not followed)";
  else
    out->push_back (rec);
}

/* The records the argument of parameter PARM of run RUN may be, into
   *OUT, or why not known into *WHY (SEEN: the runs being followed).  */
static void
np_resolve (int run, int parm, std::set<int> *seen, std::vector<tree> *out,
	    std::string *why)
{
  const erbium_net_run &r = erbium_net.runs[run];
  const erbium_net_run_arg *a = NULL;
  for (const erbium_net_run_arg &x : r.args)
    if (x.arg == parm)
      a = &x;
  if (!a)
    {
      *why = "argument " + std::to_string (parm) + " of the run at "
	     + erbium_net_where (r.at.loc) + " is not a record";
      return;
    }
  if (a->record)
    {
      np_add_record (a->record, out, why);
      return;
    }
  if (a->parm < 0)
    {
      *why = a->why;
      return;
    }
  if (!seen->insert (run).second)
    return;
  tree fn = erbium_net.scopes[r.scope]->fn;
  bool runs = false;
  for (unsigned k = 0; k < erbium_net.runs.size (); k++)
    if (erbium_net.runs[k].proc == fn)
      {
	runs = true;
	np_resolve (k, a->parm, seen, out, why);
      }
  if (!runs)
    *why = "a parameter of process " + erbium_net.scopes[r.scope]->name
	   + ", which the unit does not run";
  seen->erase (run);
}

/* The name of record variable DECL ("re", "re in main").  */
static std::string
np_record_name (tree decl)
{
  std::string n = np_text (decl);
  if (DECL_CONTEXT (decl) && TREE_CODE (DECL_CONTEXT (decl)) == FUNCTION_DECL)
    n += std::string (" in ")
	 + IDENTIFIER_POINTER (DECL_NAME (DECL_CONTEXT (decl)));
  return n;
}

/* The views of the process of node N (run RUN) into NET->pviews.  */
static void
np_node_views (erbium_network *net, int n, int run)
{
  auto it = erbium_net.views.find (DECL_UID (erbium_net.runs[run].proc));
  if (it == erbium_net.views.end ())
    return;
  for (const erbium_net_view &v : it->second)
    {
      std::vector<tree> recs;
      std::string why = v.why;
      if (v.record)
	np_add_record (v.record, &recs, &why);
      else if (v.parm >= 0)
	{
	  std::set<int> seen;
	  np_resolve (run, v.parm, &seen, &recs, &why);
	}
      std::set<tree> done;
      for (tree rec : recs)
	if (done.insert (rec).second)
	  net->pviews.push_back ({ n, &v, rec, np_record_name (rec), "" });
      if (recs.empty () || !why.empty ())
	net->pviews.push_back ({ n, &v, NULL_TREE, "",
				 why.empty () ? "not known" : why });
    }
}

/* See network.h.  */
void
erbium_net_proc_nodes (erbium_network *net)
{
  for (unsigned k = 0; k < erbium_net.runs.size (); k++)
    {
      const erbium_net_run &r = erbium_net.runs[k];
      erbium_net_node n;
      n.id = net->nodes.size ();
      n.site = -1;
      n.scope = r.scope;
      n.run = k;
      n.label = "process " + r.name + " (run at " + erbium_net_where (r.at.loc)
		+ ")";
      std::set<unsigned> seen;
      n.count = np_run_count (k, &seen);
      n.cycle = -1;
      n.split_ok = false;
      n.split_flags = 0;
      net->nodes.push_back (n);
      np_node_views (net, n.id, k);
    }
  for (unsigned w = 0; w < net->pviews.size (); w++)
    if (net->pviews[w].view->write && net->pviews[w].record)
      for (unsigned r = 0; r < net->pviews.size (); r++)
	if (!net->pviews[r].view->write
	    && net->pviews[r].record == net->pviews[w].record)
	  net->redges.push_back ({ (int) net->redges.size (), (int) w,
				   (int) r });
}

/* See omp-stream.h.  */
bool
erbium_network_has_processes (void)
{
  return !erbium_net.runs.empty ();
}
