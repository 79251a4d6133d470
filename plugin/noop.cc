/* SPDX-License-Identifier: GPL-3.0-or-later */
/* noop.cc -- pass erbium-noop: warn (-Werbium-noop) about a commit, update,
   stall or release that provably does nothing.

   Paper section 3: commit(v, i) and release(v, i) do nothing when I is not
   above the view's commit / release index, stall(v, i) and update(v, i) do
   not wait when I is not above its stall / update index (sync.h: each
   compares I with the view's own index of that kind, and that index only
   grows, except through a hand-over at register).  A call's index is known
   not to be above it when an earlier call of the same primitive on the same
   view, on every path to the call, had an index at least as large: `stall
   (w, tl + 8); ... stall (w, tl + 4)' (for update, whose index stays below
   its argument at the end of the stream, the index it returned: `hd = update
   (r, tl + 8); ... update (r, hd - 4)').  A call whose index is below another
   primitive's index proves nothing (a moving window, `update (r, i + 1); ...
   release (r, i - 2)', does advance the release index), and neither does an
   index below a variable the view has not reached (`update (r, tl - 4)' with
   TL a plain variable): only the same primitive's earlier indices count.

   The analysis runs on SSA, right after the "ssa" pass (at every -O level,
   before any optimisation moves the calls), as a forward must data-flow
   problem over the CFG: at each point, for each view (the SSA name its
   er_view * comes from, through copies and conversions), each primitive and
   each base (an SSA name, or none for constants), the largest offset K such
   that the view's index of that primitive is at least BASE + K on every
   path.  A call P (v, BASE + C) adds the fact BASE + C (update instead: its
   result R, the fact R + 0); at a join, a fact holds when it holds on every
   incoming edge, a phi's result standing for its argument on each edge (so
   that `i' of the next iteration is `i + 1' of this one); an SSA name
   defined again (in a loop) loses its facts.  A register or free_view call
   on a view drops its facts (a hand-over may move its indices anywhere), and
   drops those of every view whose er_view * escapes (is stored, passed to
   another function or merged by a phi), as does any other call that may have
   side effects. Indices are compared as the runtime compares them, relative
   to each other, so BASE + C is not above BASE + K when C <= K.  A loop
   header's facts whose offset keeps falling are dropped after a few rounds,
   so the iteration ends.

   Only units that include <erbium.h> are checked: a program of the runtime's
   C API alone calls the primitives as it likes (the front end leaves such
   units alone too).  The dump (-fplugin-arg-erbium-dump=erbium-noop) names
   each commit, update, stall and release with its index and what the
   analysis knows. GCC internals: "Tree SSA" ("SSA Operands", "Static Single
   Assignment"), "Control Flow Graph"; cfganal.h
   (pre_and_rev_post_order_compute).  */

#define INCLUDE_MAP
#define INCLUDE_VECTOR
#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
#include "gimple.h"
#include "tree-pass.h"
#include "context.h"
#include "ssa.h"
#include "gimple-iterator.h"
#include "cfganal.h"
#include "dominance.h"
#include "tree-dfa.h"
#include "diagnostic-core.h"
#include "dumpfile.h"
#include "erbium-plugin.h"

namespace {

/* A fact's key: view root (SSA name), primitive, base (SSA name or
   NULL_TREE for a constant index).  */
struct erbium_noop_key
{
  tree view;
  int prim;
  tree base;
  bool operator< (const erbium_noop_key &o) const
  {
    if (view != o.view)
      return SSA_NAME_VERSION (view) < SSA_NAME_VERSION (o.view);
    if (prim != o.prim)
      return prim < o.prim;
    unsigned a = base ? SSA_NAME_VERSION (base) : 0;
    unsigned b = o.base ? SSA_NAME_VERSION (o.base) : 0;
    return a < b;
  }
};

/* A fact's value: the view's index of the key's primitive is at least
   BASE + OFF; LOC is the call that reached it, or UNKNOWN_LOCATION when
   several did.  */
struct erbium_noop_fact
{
  HOST_WIDE_INT off;
  location_t loc;
};

typedef std::map<erbium_noop_key, erbium_noop_fact> erbium_noop_facts;

/* The facts at the end of a block; TOP (every fact) until the block has
   been reached.  */
struct erbium_noop_state
{
  bool top = true;
  erbium_noop_facts facts;
};

/* A primitive's index as BASE + OFF (BASE NULL_TREE for a constant,
   error_mark_node when it cannot be decomposed).  */
struct erbium_noop_index
{
  tree base;
  HOST_WIDE_INT off;
};

/* The primitives whose calls the pass checks.  */
static bool
erbium_noop_checked_prim (enum erbium_prim p)
{
  return (p == ERBIUM_PRIM_COMMIT || p == ERBIUM_PRIM_UPDATE
	  || p == ERBIUM_PRIM_STALL || p == ERBIUM_PRIM_RELEASE);
}

/* The SSA name the pointer value X comes from through copies and
   conversions (the view's root), or NULL_TREE when X is no SSA name.  */
static tree
erbium_noop_root (tree x)
{
  while (x && TREE_CODE (x) == SSA_NAME)
    {
      gimple *d = SSA_NAME_DEF_STMT (x);
      if (!is_gimple_assign (d)
	  || !(gimple_assign_ssa_name_copy_p (d)
	       || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (d)))
	  || TREE_CODE (gimple_assign_rhs1 (d)) != SSA_NAME
	  || !POINTER_TYPE_P (TREE_TYPE (gimple_assign_rhs1 (d))))
	return x;
      x = gimple_assign_rhs1 (d);
    }
  return NULL_TREE;
}

/* OFF reduced to a signed value of PREC bits (wrapping), as the index
   arithmetic of the program wraps.  */
static HOST_WIDE_INT
erbium_noop_wrap (HOST_WIDE_INT off, unsigned prec)
{
  if (prec >= HOST_BITS_PER_WIDE_INT)
    return off;
  return sext_hwi (off, prec);
}

/* Decompose the integer value E as BASE + OFF, following copies,
   additions of constants and conversions that keep the value (same
   precision, widening from a signed type, or between 32 and 64 bits,
   which keeps the index the runtime reads).  BASE is not yet
   canonical (erbium_noop_analysis::decompose).  */
static erbium_noop_index
erbium_noop_decompose_raw (tree e)
{
  HOST_WIDE_INT off = 0;
  for (int depth = 0; depth < 64; depth++)
    {
      if (TREE_CODE (e) == INTEGER_CST)
	{
	  if (!tree_fits_shwi_p (e) && !tree_fits_uhwi_p (e))
	    break;
	  unsigned prec = TYPE_PRECISION (TREE_TYPE (e));
	  return { NULL_TREE, erbium_noop_wrap (off + (HOST_WIDE_INT)
						TREE_INT_CST_LOW (e), prec) };
	}
      if (TREE_CODE (e) != SSA_NAME)
	break;
      gimple *d = SSA_NAME_DEF_STMT (e);
      if (!is_gimple_assign (d))
	break;
      enum tree_code code = gimple_assign_rhs_code (d);
      tree a = gimple_assign_rhs1 (d);
      tree type = TREE_TYPE (e);
      if (!INTEGRAL_TYPE_P (type) || !INTEGRAL_TYPE_P (TREE_TYPE (a)))
	break;
      unsigned prec = TYPE_PRECISION (type);
      if (code == SSA_NAME || code == INTEGER_CST)
	e = a;
      else if (CONVERT_EXPR_CODE_P (code))
	{
	  /* A conversion between 32 and 64 bits either way keeps the
	     index: the runtime reads a value a 32-bit int or unsigned int
	     holds modulo 2^32 relative to the view's index (erbium/sync.h,
	     er_xlat), so int hd = update (...) stands for the index the
	     update returned.  */
	  unsigned from = TYPE_PRECISION (TREE_TYPE (a));
	  if (from != prec
	      && !(from < prec && !TYPE_UNSIGNED (TREE_TYPE (a)))
	      && !(MIN (from, prec) == 32 && MAX (from, prec) == 64))
	    break;
	  e = a;
	}
      else if ((code == PLUS_EXPR || code == MINUS_EXPR)
	       && TREE_CODE (gimple_assign_rhs2 (d)) == INTEGER_CST
	       && TYPE_PRECISION (TREE_TYPE (a)) == prec)
	{
	  tree c = gimple_assign_rhs2 (d);
	  if (!tree_fits_shwi_p (c) && !tree_fits_uhwi_p (c))
	    break;
	  HOST_WIDE_INT k
	    = erbium_noop_wrap ((HOST_WIDE_INT) TREE_INT_CST_LOW (c), prec);
	  off = erbium_noop_wrap (code == PLUS_EXPR ? off + k : off - k, prec);
	  e = a;
	}
      else
	break;
    }
  /* An SSA name; anything else (a constant too wide for the offsets)
     stands for no index.  */
  return { TREE_CODE (e) == SSA_NAME ? e : error_mark_node, off };
}

/* The user's variable the SSA name NAME is a version of, or NULL_TREE
   when it has none (a temporary).  */
static tree
erbium_noop_named_var (tree name)
{
  tree var = SSA_NAME_VAR (name);
  if (!var || !DECL_NAME (var) || DECL_ARTIFICIAL (var))
    return NULL_TREE;
  return var;
}

/* How the index BASE + OFF reads in a message or the dump, in a static
   buffer; NULL when BASE has no name.  */
static const char *
erbium_noop_index_text (tree base, HOST_WIDE_INT off)
{
  static char buf[2][160];
  static int which;
  char *b = buf[which ^= 1];
  if (base == error_mark_node)
    return NULL;
  if (!base)
    {
      snprintf (b, sizeof buf[0], HOST_WIDE_INT_PRINT_DEC, off);
      return b;
    }
  tree var = erbium_noop_named_var (base);
  if (!var)
    {
      /* The program's name for the value, converted: int hd = update
	 (...) names the 64-bit result hd (erbium_noop_decompose_raw looks
	 through that conversion).  */
      imm_use_iterator it;
      gimple *u;
      FOR_EACH_IMM_USE_STMT (u, it, base)
	if (is_gimple_assign (u)
	    && CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (u))
	    && TREE_CODE (gimple_assign_lhs (u)) == SSA_NAME
	    && (var = erbium_noop_named_var (gimple_assign_lhs (u))))
	  break;
    }
  if (!var)
    return NULL;
  const char *n = IDENTIFIER_POINTER (DECL_NAME (var));
  if (off == 0)
    snprintf (b, sizeof buf[0], "%s", n);
  else if (off > 0)
    snprintf (b, sizeof buf[0], "%s + " HOST_WIDE_INT_PRINT_DEC, n, off);
  else
    snprintf (b, sizeof buf[0], "%s - " HOST_WIDE_INT_PRINT_UNSIGNED, n,
	      -(unsigned HOST_WIDE_INT) off);
  return b;
}

/* The name of the view whose root is VIEW, for messages.  */
static const char *
erbium_noop_view_text (tree view)
{
  tree var = SSA_NAME_VAR (view);
  if (var && DECL_NAME (var) && !DECL_ARTIFICIAL (var))
    return IDENTIFIER_POINTER (DECL_NAME (var));
  return "(unnamed)";
}

/* The user's location of STMT: where the macros of <erbium.h> were
   expanded, not inside them.  */
static location_t
erbium_noop_location (const gimple *stmt)
{
  return linemap_resolve_location (line_table, gimple_location (stmt),
				   LRK_MACRO_EXPANSION_POINT, NULL);
}

/* An arithmetic expression (no memory, no side effects) computed into
   NAME, for erbium_noop_analysis::canonical.  */
struct erbium_noop_expr
{
  enum tree_code code;
  tree type;
  tree ops[3];
  tree name;
};

class erbium_noop_analysis
{
public:
  explicit erbium_noop_analysis (function *fun) : fun (fun) {}
  void run ();

private:
  function *fun;
  /* View roots whose er_view * escapes.  */
  hash_set<tree> escaped;
  std::vector<erbium_noop_state> out;
  /* The canonical name of each SSA name (canonical).  */
  hash_map<tree, tree> canon;
  /* The arithmetic expressions seen, in reverse post-order.  */
  auto_vec<erbium_noop_expr> exprs;

  tree canonical (tree name);
  erbium_noop_index decompose (tree e);

  void find_escapes ();
  bool meet (basic_block bb, erbium_noop_state *in);
  void transfer (basic_block bb, erbium_noop_facts *f, bool report);
  void kill_view (erbium_noop_facts *f, tree view);
  void kill_escaped (erbium_noop_facts *f);
  void kill_name (erbium_noop_facts *f, tree name);
  void check_call (gimple *stmt, enum erbium_prim p, erbium_noop_facts *f,
		   bool report);
};

/* Record in ESCAPED the view roots whose value is used other than as the
   view of a runtime view call or through copies and conversions.  */
void
erbium_noop_analysis::find_escapes ()
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      for (gphi_iterator pi = gsi_start_phis (bb); !gsi_end_p (pi);
	   gsi_next (&pi))
	{
	  gphi *phi = pi.phi ();
	  for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
	    {
	      tree r = erbium_noop_root (gimple_phi_arg_def (phi, i));
	      if (r && POINTER_TYPE_P (TREE_TYPE (r)))
		escaped.add (r);
	    }
	}
      for (gimple_stmt_iterator si = gsi_start_bb (bb); !gsi_end_p (si);
	   gsi_next (&si))
	{
	  gimple *stmt = gsi_stmt (si);
	  if (is_gimple_debug (stmt))
	    continue;
	  if (is_gimple_assign (stmt)
	      && (gimple_assign_ssa_name_copy_p (stmt)
		  || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (stmt)))
	      && TREE_CODE (gimple_assign_lhs (stmt)) == SSA_NAME
	      && POINTER_TYPE_P (TREE_TYPE (gimple_assign_lhs (stmt))))
	    continue;
	  bool view_call = (is_gimple_call (stmt)
			    && erbium_classify_decl (gimple_call_fndecl (stmt))
			       != ERBIUM_PRIM_NONE);
	  ssa_op_iter it;
	  use_operand_p use;
	  FOR_EACH_SSA_USE_OPERAND (use, stmt, it, SSA_OP_USE)
	    {
	      tree u = USE_FROM_PTR (use);
	      if (!POINTER_TYPE_P (TREE_TYPE (u)))
		continue;
	      if (view_call && gimple_call_num_args (stmt) > 0
		  && gimple_call_arg (stmt, 0) == u)
		continue;
	      tree r = erbium_noop_root (u);
	      if (r)
		escaped.add (r);
	    }
	}
    }
}

/* Drop the facts of view VIEW.  */
void
erbium_noop_analysis::kill_view (erbium_noop_facts *f, tree view)
{
  for (auto it = f->begin (); it != f->end ();)
    if (it->first.view == view)
      it = f->erase (it);
    else
      ++it;
}

/* Drop the facts of every view that escapes.  */
void
erbium_noop_analysis::kill_escaped (erbium_noop_facts *f)
{
  for (auto it = f->begin (); it != f->end ();)
    if (escaped.contains (it->first.view))
      it = f->erase (it);
    else
      ++it;
}

/* Drop the facts about the value of NAME, which is defined again.  */
void
erbium_noop_analysis::kill_name (erbium_noop_facts *f, tree name)
{
  for (auto it = f->begin (); it != f->end ();)
    if (it->first.view == name || it->first.base == name)
      it = f->erase (it);
    else
      ++it;
}

/* The canonical name of the SSA name NAME: the first name, in reverse
   post-order, computed by the same arithmetic on the same (canonical)
   operands in a statement that dominates NAME's definition, so that the
   two have the same value wherever NAME is defined (dominator-based
   redundancy, as in GCC's FRE); NAME itself when there is none.  Called
   for every name in reverse post-order first (run), so that the choice
   does not depend on the order of the queries.  */
tree
erbium_noop_analysis::canonical (tree name)
{
  if (!name || TREE_CODE (name) != SSA_NAME)
    return name;
  if (tree *c = canon.get (name))
    return *c;
  tree result = name;
  gimple *d = SSA_NAME_DEF_STMT (name);
  if (is_gimple_assign (d) && !gimple_vuse (d)
      && !gimple_has_side_effects (d)
      && get_gimple_rhs_class (gimple_assign_rhs_code (d))
	 != GIMPLE_SINGLE_RHS)
    {
      erbium_noop_expr x = { gimple_assign_rhs_code (d), TREE_TYPE (name),
		      { NULL_TREE, NULL_TREE, NULL_TREE }, name };
      for (unsigned i = 1; i < gimple_num_ops (d) && i <= 3; i++)
	x.ops[i - 1] = canonical (gimple_op (d, i));
      for (const erbium_noop_expr &y : exprs)
	{
	  gimple *yd = SSA_NAME_DEF_STMT (y.name);
	  if (y.code != x.code || !types_compatible_p (y.type, x.type))
	    continue;
	  bool same = true;
	  for (int i = 0; i < 3 && same; i++)
	    same = (x.ops[i] == y.ops[i]
		    || (x.ops[i] && y.ops[i]
			&& TREE_CODE (x.ops[i]) == INTEGER_CST
			&& TREE_CODE (y.ops[i]) == INTEGER_CST
			&& tree_int_cst_equal (x.ops[i], y.ops[i])));
	  if (same
	      && (gimple_bb (yd) == gimple_bb (d)
		  ? gimple_uid (yd) < gimple_uid (d)
		  : dominated_by_p (CDI_DOMINATORS, gimple_bb (d),
				    gimple_bb (yd))))
	    {
	      result = y.name;
	      break;
	    }
	}
      if (result == name)
	exprs.safe_push (x);
    }
  canon.put (name, result);
  return result;
}

/* erbium_noop_decompose_raw with a canonical base.  */
erbium_noop_index
erbium_noop_analysis::decompose (tree e)
{
  erbium_noop_index idx = erbium_noop_decompose_raw (e);
  if (idx.base != error_mark_node)
    idx.base = canonical (idx.base);
  return idx;
}

/* Look up in F the fact of VIEW and primitive P for the index IDX; true
   with *K, the largest C such that the index is at least IDX + C.  */
static bool
erbium_noop_lookup (const erbium_noop_facts &f, tree view, int p,
		    erbium_noop_index idx, HOST_WIDE_INT *k, location_t *loc)
{
  if (idx.base == error_mark_node)
    return false;
  auto it = f.find ({ view, p, idx.base });
  if (it == f.end ())
    return false;
  *k = it->second.off - idx.off;
  *loc = it->second.loc;
  return true;
}

/* Compute in *IN the facts at the start of BB from its predecessors'
   OUT (phis translated); false when no predecessor has been reached.  */
bool
erbium_noop_analysis::meet (basic_block bb, erbium_noop_state *in)
{
  auto_vec<edge> preds;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->preds)
    if (!out[e->src->index].top)
      preds.safe_push (e);
  in->facts.clear ();
  if (preds.is_empty ())
    {
      in->top = true;
      return false;
    }
  in->top = false;

  /* Candidates from the first predecessor: its facts whose view and base
     are not defined by a phi of BB, and for each phi of integer type,
     the facts its argument's decomposition has there.  */
  struct cand
  {
    erbium_noop_key key;
    gphi *phi;
  };
  auto_vec<cand> cands;
  edge e0 = preds[0];
  const erbium_noop_facts &f0 = out[e0->src->index].facts;
  hash_set<tree> phi_defs;
  for (gphi_iterator pi = gsi_start_phis (bb); !gsi_end_p (pi);
       gsi_next (&pi))
    phi_defs.add (gimple_phi_result (pi.phi ()));
  for (const auto &kv : f0)
    if (!phi_defs.contains (kv.first.view)
	&& !(kv.first.base && phi_defs.contains (kv.first.base)))
      cands.safe_push ({ kv.first, NULL });
  for (gphi_iterator pi = gsi_start_phis (bb); !gsi_end_p (pi);
       gsi_next (&pi))
    {
      gphi *phi = pi.phi ();
      tree res = gimple_phi_result (phi);
      if (!INTEGRAL_TYPE_P (TREE_TYPE (res)))
	continue;
      erbium_noop_index a = decompose (PHI_ARG_DEF_FROM_EDGE (phi, e0));
      if (a.base == error_mark_node)
	continue;
      for (const auto &kv : f0)
	if (kv.first.base == a.base && !phi_defs.contains (kv.first.view))
	  cands.safe_push ({ { kv.first.view, kv.first.prim, res }, phi });
    }

  for (const cand &c : cands)
    {
      HOST_WIDE_INT best = 0;
      location_t loc = UNKNOWN_LOCATION;
      bool ok = true;
      for (unsigned i = 0; ok && i < preds.length (); i++)
	{
	  const erbium_noop_facts &fp = out[preds[i]->src->index].facts;
	  erbium_noop_index idx = { c.key.base, 0 };
	  if (c.phi)
	    idx = decompose (PHI_ARG_DEF_FROM_EDGE (c.phi, preds[i]));
	  HOST_WIDE_INT k;
	  location_t l;
	  if (!erbium_noop_lookup (fp, c.key.view, c.key.prim, idx, &k, &l))
	    ok = false;
	  else if (i == 0)
	    best = k, loc = l;
	  else
	    {
	      best = MIN (best, k);
	      if (l != loc)
		loc = UNKNOWN_LOCATION;
	    }
	}
      if (ok)
	in->facts[c.key] = { best, loc };
    }
  return true;
}

/* Check the primitive call STMT (P) against F, warn when REPORT and it
   provably does nothing, and add its facts.  */
void
erbium_noop_analysis::check_call (gimple *stmt, enum erbium_prim p,
				  erbium_noop_facts *f, bool report)
{
  tree view = erbium_noop_root (gimple_call_arg (stmt, 0));
  tree lhs = gimple_call_lhs (stmt);
  if (lhs && TREE_CODE (lhs) == SSA_NAME)
    kill_name (f, lhs);
  if (!view)
    return;
  erbium_noop_index idx = decompose (gimple_call_arg (stmt, 1));
  HOST_WIDE_INT k = 0;
  location_t prev;
  bool known = erbium_noop_lookup (*f, view, p, idx, &k, &prev);
  if (report)
    {
      const char *spell = erbium_prim_spelling (p);
      location_t loc = erbium_noop_location (stmt);
      const char *now = erbium_noop_index_text (idx.base, idx.off);
      const char *then = known ? erbium_noop_index_text (idx.base, idx.off + k)
			       : NULL;
      if (dump_file)
	{
	  expanded_location xl = expand_location (loc);
	  fprintf (dump_file, "erbium-noop: %s of view %s at line %d: index "
		   "%s: ", spell, erbium_noop_view_text (view), xl.line,
		   now ? now : "(expression)");
	  if (!known)
	    fprintf (dump_file, "no earlier %s of the view on every path; "
		     "may advance\n", spell);
	  else if (k < 0)
	    fprintf (dump_file, "above %s, reached by an earlier %s on "
		     "every path; may advance\n", then ? then : "the index",
		     spell);
	  else
	    fprintf (dump_file, "not above %s, reached by an earlier %s on "
		     "every path; does nothing\n", then ? then : "the index",
		     spell);
	}
      if (known && k >= 0)
	{
	  bool warned;
	  if (now && then)
	    warned = erbium_warning_at (loc, ERBIUM_WARN_NOOP,
					"%qs of view %qs does nothing: its "
					"index %qs is not above %qs, which an "
					"earlier %qs of the view reached on "
					"every path to it", spell,
					erbium_noop_view_text (view),
					now, then, spell);
	  else
	    warned = erbium_warning_at (loc, ERBIUM_WARN_NOOP,
					"%qs of view %qs does nothing: its "
					"index is not above the one an "
					"earlier %qs of the view reached on "
					"every path to it", spell,
					erbium_noop_view_text (view), spell);
	  if (warned && prev != UNKNOWN_LOCATION)
	    inform (prev, "the earlier %qs", spell);
	}
    }
  location_t loc = erbium_noop_location (stmt);
  if (p == ERBIUM_PRIM_UPDATE)
    {
      /* update returns its index, or at the end of the stream a smaller
	 index once, then 0: never more than the update index it leaves.
	 Its index argument proves nothing: at the end of the stream the
	 update index stays below it, and an update above the index it
	 stopped at returns 0 (paper section 3, "Termination"), which
	 programs call for.  */
      if (lhs && TREE_CODE (lhs) == SSA_NAME
	  && INTEGRAL_TYPE_P (TREE_TYPE (lhs)))
	(*f)[{ view, p, lhs }] = { 0, loc };
      return;
    }
  if (idx.base != error_mark_node && (!known || k < 0))
    (*f)[{ view, p, idx.base }] = { idx.off, loc };
}

/* Apply BB's statements to F (the facts at its start; BB's phis are
   already accounted for); when REPORT, check and report the calls.  */
void
erbium_noop_analysis::transfer (basic_block bb, erbium_noop_facts *f,
				bool report)
{
  for (gimple_stmt_iterator si = gsi_start_bb (bb); !gsi_end_p (si);
       gsi_next (&si))
    {
      gimple *stmt = gsi_stmt (si);
      if (is_gimple_debug (stmt))
	continue;
      if (gimple_code (stmt) == GIMPLE_ASM)
	{
	  kill_escaped (f);
	  continue;
	}
      if (!is_gimple_call (stmt))
	{
	  tree lhs = gimple_get_lhs (stmt);
	  if (lhs && TREE_CODE (lhs) == SSA_NAME)
	    kill_name (f, lhs);
	  continue;
	}
      enum erbium_prim p = erbium_primitive_call (stmt);
      if (p != ERBIUM_PRIM_NONE && erbium_noop_checked_prim (p))
	{
	  check_call (stmt, p, f, report);
	  continue;
	}
      tree lhs = gimple_call_lhs (stmt);
      if (lhs && TREE_CODE (lhs) == SSA_NAME)
	kill_name (f, lhs);
      enum erbium_prim c = erbium_classify_decl (gimple_call_fndecl (stmt));
      if (p != ERBIUM_PRIM_NONE || c == ERBIUM_VIEW_ALLOC)
	/* er_elem, er_burst, receive, receive_range, alloc: no index
	   moves.  */
	continue;
      if (c == ERBIUM_VIEW_REGISTER || c == ERBIUM_VIEW_REGISTER_NEXT
	  || c == ERBIUM_VIEW_FREE)
	{
	  /* A hand-over gives the view another view's indices.  */
	  tree view = (gimple_call_num_args (stmt) > 0
		       ? erbium_noop_root (gimple_call_arg (stmt,
							    0)) : NULL_TREE);
	  if (view)
	    kill_view (f, view);
	  else
	    f->clear ();
	  kill_escaped (f);
	  continue;
	}
      if (!(gimple_call_flags (stmt) & (ECF_CONST | ECF_PURE)))
	kill_escaped (f);
    }
}

/* Solve the data-flow problem, then walk the blocks once more to report
   the calls that do nothing.  */
void
erbium_noop_analysis::run ()
{
  find_escapes ();
  out.resize (last_basic_block_for_fn (fun));
  out[ENTRY_BLOCK_PTR_FOR_FN (fun)->index].top = false;
  int *rpo = XNEWVEC (int, n_basic_blocks_for_fn (fun));
  int n = pre_and_rev_post_order_compute_fn (fun, NULL, rpo, false);

  bool had_dom = dom_info_available_p (CDI_DOMINATORS);
  calculate_dominance_info (CDI_DOMINATORS);
  renumber_gimple_stmt_uids (fun);
  for (int i = 0; i < n; i++)
    for (gimple_stmt_iterator si = gsi_start_bb (BASIC_BLOCK_FOR_FN (fun,
								    rpo[i]));
	 !gsi_end_p (si); gsi_next (&si))
      {
	tree lhs = gimple_get_lhs (gsi_stmt (si));
	if (lhs && TREE_CODE (lhs) == SSA_NAME)
	  canonical (lhs);
      }
  if (!had_dom)
    free_dominance_info (CDI_DOMINATORS);
  std::vector<int> visits (last_basic_block_for_fn (fun), 0);
  std::vector<erbium_noop_state> in (last_basic_block_for_fn (fun));
  /* Rounds over the blocks in reverse post-order until nothing changes;
     after ROUNDS_EXACT rounds, a fact whose offset fell at a block's
     start is dropped there, so that the facts only shrink.  */
  const int rounds_exact = 8;
  for (bool changed = true; changed;)
    {
      changed = false;
      for (int i = 0; i < n; i++)
	{
	  basic_block bb = BASIC_BLOCK_FOR_FN (fun, rpo[i]);
	  erbium_noop_state st;
	  if (!meet (bb, &st))
	    continue;
	  if (++visits[bb->index] > rounds_exact && !in[bb->index].top)
	    for (auto it = st.facts.begin (); it != st.facts.end ();)
	      {
		auto old = in[bb->index].facts.find (it->first);
		if (old == in[bb->index].facts.end ()
		    || old->second.off != it->second.off)
		  it = st.facts.erase (it);
		else
		  ++it;
	      }
	  in[bb->index] = st;
	  transfer (bb, &st.facts, false);
	  erbium_noop_state &o = out[bb->index];
	  bool same = !o.top && o.facts.size () == st.facts.size ();
	  if (same)
	    for (auto a = o.facts.begin (), b = st.facts.begin ();
		 a != o.facts.end (); ++a, ++b)
	      if (a->first < b->first || b->first < a->first
		  || a->second.off != b->second.off)
		{
		  same = false;
		  break;
		}
	  if (!same)
	    {
	      o = st;
	      changed = true;
	    }
	}
    }
  for (int i = 0; i < n; i++)
    {
      basic_block bb = BASIC_BLOCK_FOR_FN (fun, rpo[i]);
      if (in[bb->index].top)
	continue;
      erbium_noop_facts f = in[bb->index].facts;
      transfer (bb, &f, true);
    }
  free (rpo);
}

const pass_data erbium_noop_pass_data = {
  GIMPLE_PASS,
  "erbium-noop",
  OPTGROUP_NONE,
  TV_NONE,
  PROP_ssa | PROP_cfg,
  0,
  0,
  0,
  0,
};

class erbium_noop_pass : public gimple_opt_pass
{
public:
  erbium_noop_pass (gcc::context *ctxt)
    : gimple_opt_pass (erbium_noop_pass_data, ctxt)
  {}

  unsigned int execute (function *fun) final override;
};

/* Analyse FUN when it calls commit, update, stall or release, in a unit
   written in the language: programs of the runtime's C API alone call
   the primitives as they like, as the front end lets them.  */
unsigned int
erbium_noop_pass::execute (function *fun)
{
  if (!erbium_language_unit)
    return 0;
  basic_block bb;
  bool any = false;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator si = gsi_start_bb (bb);
	 !any && !gsi_end_p (si); gsi_next (&si))
      {
	enum erbium_prim p = erbium_primitive_call (gsi_stmt (si));
	any = p != ERBIUM_PRIM_NONE && erbium_noop_checked_prim (p);
      }
  if (any)
    erbium_noop_analysis (fun).run ();
  return 0;
}

} // anon namespace

/* See erbium-plugin.h.  */
opt_pass *
erbium_make_noop_pass (gcc::context *ctxt)
{
  return new erbium_noop_pass (ctxt);
}
