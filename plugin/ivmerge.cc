/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ivmerge.cc -- pass "erbium-ivmerge": after IVOPTs, the induction
   variables of an innermost loop that address views and advance by the
   same step become one index added to a base per view, the form IVOPTs
   gives the same loop over arrays of plain C.

   Why.  erbium-window gives all the accesses of one view in a loop one
   opaque base (window.cc, erbium_opaque_base), so that a FIR's taps share
   one pointer instead of taking a register each.  IVOPTs then sees one
   address group per view and, by its cost model, keeps one pointer per
   group: the FM receiver's channel and band loops (examples/fmradio)
   advanced two pointers by 16 bytes where the same loops over arrays
   advance one index, 18 instructions per iteration against 17 and 4 % of
   the receiver's instructions.  A base
   plus an index costs no more than a base in an x86 address, so one
   index wins.

   What.  Right after "ivopts" (its first instance), in the functions the
   plugin's passes changed (erbium_note_transformed), for each innermost
   loop: the header phis of an unsigned integer type as wide as sizetype
   (IVOPTs' candidates) that are incremented by a constant once per
   iteration (the increment dominates the latch), whose every other use is
   a conversion to a pointer that is the base of whole memory references
   of loads and stores in the loop (MEM_REF, or TARGET_MEM_REF without an
   index), or, for at most one of them, the loop's exit test (== or !=
   against a loop invariant), are grouped by step.  A group of 2 to
   ERBIUM_IVMERGE_MAX of them becomes one index I, 0 on entry and
   incremented by the step where the exit test's member (or else the
   first member) was incremented: each reference of member M becomes
   TARGET_MEM_REF <M0 + I + offset>, M0 being M's value on entry converted
   to a pointer in the preheader; the members' phis, increments and
   conversions go.  When the exit test was on a member, V == B, I counts
   from V0 - B up to 0 instead, the bases are M0 + (B - V0), and the test
   is I == 0: the increment's flags answer it, so the loop loses its
   compare too, and the bound its register (the FM receiver's band loop
   kept it on the stack, an extra load per iteration).  The base of every
   reference stays a pointer into its own object, so alias analysis (points-to
   information, carried over by copy_ref_info; RTL's base terms) sees each
   access where it was.  A group with a reference whose address the target
   cannot take as base + index + offset (valid_mem_ref_p) is left alone.  Off
   with -fplugin-arg-erbium-ivmerge=0.  The dump (-fdump-tree-erbium-ivmerge,
   or -fplugin-arg-erbium-dump=erbium-ivmerge) says which loops got an index
   and why the others did not.  GCC internals: "Loop Analysis and
   Representation" (loop structure, preheader and latch), "GIMPLE" ("Operands":
   MEM_REF, TARGET_MEM_REF).  */

#include "gcc-plugin.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "ssa.h"
#include "cfgloop.h"
#include "tree-cfg.h"
#include "tree-ssa-address.h"
#include "tree-ssanames.h"
#include "tree-phinodes.h"
#include "tree-pretty-print.h"
#include "erbium-plugin.h"

/* Largest group merged: each member keeps its base in a register and the
   index takes one more, where the pointers took one each; a loop with
   many views would trade its increments for spills.  */
#define ERBIUM_IVMERGE_MAX 6

namespace {

/* A reference of a member: the statement and its operand that is the
   memory reference (the lhs of a store, the rhs of a load).  */
struct erbium_im_ref
{
  gimple *stmt;
  tree *op;
};

/* A candidate induction variable: its header phi, value on entry,
   increment and step; its conversions to pointers and their references;
   whether the exit test uses it (COND_RES: the phi's value, else the
   incremented one).  */
struct erbium_im_iv
{
  gphi *phi = NULL;
  tree init = NULL_TREE;
  gimple *inc = NULL;
  tree step = NULL_TREE;
  vec<gimple *> convs = vNULL;
  vec<erbium_im_ref> refs = vNULL;
  bool in_cond = false;
  bool cond_res = false;
};

/* walk_tree callback: whether *T is the tree DATA.  */
static tree
erbium_im_find (tree *t, int *, void *data)
{
  return *t == (tree) data ? *t : NULL_TREE;
}

/* Whether T mentions the SSA name X.  */
static bool
erbium_im_mentions (tree t, tree x)
{
  return walk_tree_without_duplicates (&t, erbium_im_find, x) != NULL_TREE;
}

/* Whether OP, the whole operand of a load or store, is a reference based
   on exactly X with no index: MEM_REF <X, off> or TARGET_MEM_REF <X,
   off>.  Either way operand 1 is the offset, with the type that carries
   the access's alias set (TMR_OFFSET is TREE_OPERAND 1).  */
static bool
erbium_im_based_on (tree op, tree x)
{
  if (TREE_CODE (op) == MEM_REF)
    return TREE_OPERAND (op, 0) == x;
  if (TREE_CODE (op) == TARGET_MEM_REF)
    return TMR_BASE (op) == x && !TMR_INDEX (op) && !TMR_INDEX2 (op);
  return false;
}

/* Fill IV's conversions and references from the uses of its phi's value
   RES, and note whether the exit test COND uses it.  Returns NULL, or why
   IV cannot be merged.  */
static const char *
erbium_im_collect (class loop *loop, erbium_im_iv *iv, tree res, gcond *cond)
{
  imm_use_iterator it;
  gimple *use;
  FOR_EACH_IMM_USE_STMT (use, it, res)
    {
      if (is_gimple_debug (use) || use == iv->inc)
	continue;
      if (!flow_bb_inside_loop_p (loop, gimple_bb (use)))
	return "used after the loop";
      if (use == cond)
	{
	  iv->in_cond = iv->cond_res = true;
	  continue;
	}
      if (!is_gimple_assign (use)
	  || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (use))
	  || TREE_CODE (gimple_assign_lhs (use)) != SSA_NAME
	  || !POINTER_TYPE_P (TREE_TYPE (gimple_assign_lhs (use))))
	return "used other than as an address";
      tree x = gimple_assign_lhs (use);
      iv->convs.safe_push (use);
      imm_use_iterator it2;
      gimple *ref;
      FOR_EACH_IMM_USE_STMT (ref, it2, x)
	{
	  if (is_gimple_debug (ref))
	    continue;
	  if (!flow_bb_inside_loop_p (loop, gimple_bb (ref)))
	    return "address used after the loop";
	  if (!gimple_assign_single_p (ref))
	    return "address used other than by a load or a store";
	  tree *lhs = gimple_assign_lhs_ptr (ref);
	  tree *rhs = gimple_assign_rhs1_ptr (ref);
	  erbium_im_ref r = { ref, NULL };
	  if (erbium_im_based_on (*lhs, x) && !erbium_im_mentions (*rhs, x))
	    r.op = lhs;
	  else if (erbium_im_based_on (*rhs, x)
		   && !erbium_im_mentions (*lhs, x))
	    r.op = rhs;
	  else
	    return "address used other than as the base of a whole load "
		   "or store";
	  /* A statement that uses X twice would be listed twice.  */
	  bool seen = false;
	  for (const erbium_im_ref &o : iv->refs)
	    seen |= o.stmt == ref;
	  if (!seen)
	    iv->refs.safe_push (r);
	}
    }
  tree next = PHI_ARG_DEF_FROM_EDGE (iv->phi, loop_latch_edge (loop));
  FOR_EACH_IMM_USE_STMT (use, it, next)
    {
      if (is_gimple_debug (use) || use == iv->phi)
	continue;
      if (use != cond)
	return "incremented value used other than by the exit test";
      iv->in_cond = true;
      iv->cond_res = false;
    }
  return NULL;
}

/* Fill IV from header phi PHI of LOOP, whose exit test is COND.  Returns
   true when IV may be merged; false with *WHY saying why not, or with
   *WHY NULL when PHI is no induction variable of the form merged (an
   unsigned sizetype-wide phi incremented by a constant).  The caller
   releases IV's vectors.  */
static bool
erbium_im_candidate (class loop *loop, gphi *phi, gcond *cond,
		     erbium_im_iv *iv, const char **why)
{
  *why = NULL;
  tree res = gimple_phi_result (phi);
  tree type = TREE_TYPE (res);
  if (virtual_operand_p (res) || !INTEGRAL_TYPE_P (type)
      || !TYPE_UNSIGNED (type)
      || TYPE_PRECISION (type) != TYPE_PRECISION (sizetype))
    return false;
  tree next = PHI_ARG_DEF_FROM_EDGE (phi, loop_latch_edge (loop));
  if (TREE_CODE (next) != SSA_NAME)
    return false;
  gimple *inc = SSA_NAME_DEF_STMT (next);
  if (!is_gimple_assign (inc) || gimple_assign_rhs_code (inc) != PLUS_EXPR
      || gimple_assign_rhs1 (inc) != res
      || TREE_CODE (gimple_assign_rhs2 (inc)) != INTEGER_CST)
    return false;
  iv->phi = phi;
  iv->init = PHI_ARG_DEF_FROM_EDGE (phi, loop_preheader_edge (loop));
  iv->inc = inc;
  iv->step = gimple_assign_rhs2 (inc);
  if (!flow_bb_inside_loop_p (loop, gimple_bb (inc))
      || !dominated_by_p (CDI_DOMINATORS, loop->latch, gimple_bb (inc)))
    *why = "not incremented once per iteration";
  else
    *why = erbium_im_collect (loop, iv, res, cond);
  if (!*why && iv->refs.is_empty () && !iv->in_cond)
    *why = "no reference";
  return !*why;
}

/* Whether the exit test COND compares an IV of LOOP with a value that is
   invariant in LOOP by == or !=: the form the index can take over.  */
static bool
erbium_im_cond_ok (class loop *loop, gcond *cond, const erbium_im_iv *iv)
{
  enum tree_code code = gimple_cond_code (cond);
  if (code != EQ_EXPR && code != NE_EXPR)
    return false;
  tree v = (iv->cond_res ? gimple_phi_result (iv->phi)
	    : PHI_ARG_DEF_FROM_EDGE (iv->phi, loop_latch_edge (loop)));
  tree other = (gimple_cond_lhs (cond) == v ? gimple_cond_rhs (cond)
		: gimple_cond_lhs (cond));
  if (other == v)
    return false;
  if (TREE_CODE (other) == INTEGER_CST)
    return true;
  return (TREE_CODE (other) == SSA_NAME
	  && !flow_bb_inside_loop_p (loop,
				     gimple_bb (SSA_NAME_DEF_STMT (other))));
}

/* Whether the target can address the references of G as a pointer plus
   a sizetype index plus their offsets.  */
static bool
erbium_im_addressable (const vec<erbium_im_iv *> &g)
{
  tree base = make_ssa_name (ptr_type_node);
  tree index = make_ssa_name (sizetype);
  bool ok = true;
  for (erbium_im_iv *iv : g)
    for (const erbium_im_ref &r : iv->refs)
      {
	tree op = *r.op;
	tree off = TREE_OPERAND (op, 1);
	mem_address parts = { NULL_TREE, base, index, NULL_TREE,
			      integer_zerop (off) ? NULL_TREE : off };
	ok &= valid_mem_ref_p (TYPE_MODE (TREE_TYPE (op)),
			       TYPE_ADDR_SPACE (TREE_TYPE (op)), &parts);
      }
  release_ssa_name (base);
  release_ssa_name (index);
  return ok;
}

/* Reset the debug statements that use NAME: its value is going.  */
static void
erbium_im_reset_debug_uses (tree name)
{
  imm_use_iterator it;
  gimple *use;
  FOR_EACH_IMM_USE_STMT (use, it, name)
    if (is_gimple_debug (use))
      {
	gimple_debug_bind_reset_value (use);
	update_stmt (use);
      }
}

/* Remove STMT, defined names and all.  */
static void
erbium_im_remove (gimple *stmt)
{
  gimple_stmt_iterator gsi = gsi_for_stmt (stmt);
  gsi_remove (&gsi, true);
  release_defs (stmt);
}

/* Address the references of the member IV by a base and the index IDX:
   the base, its value on entry (plus NB, or NULL_TREE), is computed in
   *SEQ_P.  */
static void
erbium_im_rebase_refs (erbium_im_iv *iv, tree nb, tree idx, gimple_seq *seq_p)
{
  gimple_seq &seq = *seq_p;
  /* The member's value on entry (plus NB) as a pointer: the base of
     its references.  A new name, so that copy_ref_info gives it the
     points-to information of the references' old base.  */
  tree init = iv->init;
  if (nb)
    {
      tree v0 = make_ssa_name (sizetype);
      init = make_ssa_name (sizetype);
      gimple_seq_add_stmt (&seq, gimple_build_assign (v0, NOP_EXPR,
						      iv->init));
      gimple_seq_add_stmt (&seq, gimple_build_assign (init, PLUS_EXPR,
						      v0, nb));
    }
  tree base = make_ssa_name (ptr_type_node);
  gimple_seq_add_stmt (&seq, gimple_build_assign (base, NOP_EXPR, init));
  for (erbium_im_ref &r : iv->refs)
    {
      tree op = *r.op;
      tree off = TREE_OPERAND (op, 1);
      tree tmr = build5 (TARGET_MEM_REF, TREE_TYPE (op), base, off, idx,
			 NULL_TREE, NULL_TREE);
      copy_ref_info (tmr, op);
      *r.op = tmr;
      update_stmt (r.stmt);
    }
}

/* Remove the members of the group G, dead once merged: their
   conversions, then each phi and increment, which use each other's
   names.  */
static void
erbium_im_remove_members (vec<erbium_im_iv *> &g)
{
  for (erbium_im_iv *iv : g)
    {
      tree res = gimple_phi_result (iv->phi);
      for (gimple *c : iv->convs)
	{
	  erbium_im_reset_debug_uses (gimple_assign_lhs (c));
	  erbium_im_remove (c);
	}
      erbium_im_reset_debug_uses (res);
      erbium_im_reset_debug_uses (gimple_assign_lhs (iv->inc));
      gimple_stmt_iterator pg = gsi_for_stmt (iv->phi);
      remove_phi_node (&pg, false);
      erbium_im_remove (iv->inc);
      release_ssa_name (res);
    }
}

/* Give the group G of LOOP (same step) one index; COND is the exit
   test.  */
static void
erbium_im_merge (class loop *loop, vec<erbium_im_iv *> &g, gcond *cond)
{
  edge pe = loop_preheader_edge (loop);
  gimple_seq seq = NULL;
  erbium_im_iv *lead = g[0];
  for (erbium_im_iv *iv : g)
    if (iv->in_cond)
      lead = iv;

  /* With the exit test on a member, V == B (or V != B), the index counts
     from -NB up to 0, NB = B - V0 (modulo 2^N, as the member's own
     arithmetic): the test becomes I == 0, which the increment's flags
     answer, and the bound needs no register.  The bases move up by NB to
     make up for it.  Otherwise the index counts from 0.  */
  tree nb = NULL_TREE, start = build_zero_cst (sizetype);
  if (lead->in_cond)
    {
      tree v = (lead->cond_res ? gimple_phi_result (lead->phi)
		: PHI_ARG_DEF_FROM_EDGE (lead->phi, loop_latch_edge (loop)));
      tree bound = (gimple_cond_lhs (cond) == v ? gimple_cond_rhs (cond)
		    : gimple_cond_lhs (cond));
      tree b = make_ssa_name (sizetype);
      tree v0 = make_ssa_name (sizetype);
      nb = make_ssa_name (sizetype);
      start = make_ssa_name (sizetype);
      gimple_seq_add_stmt (&seq, gimple_build_assign (b, NOP_EXPR, bound));
      gimple_seq_add_stmt (&seq, gimple_build_assign (v0, NOP_EXPR,
						      lead->init));
      gimple_seq_add_stmt (&seq, gimple_build_assign (nb, MINUS_EXPR, b, v0));
      gimple_seq_add_stmt (&seq, gimple_build_assign (start, NEGATE_EXPR,
						      nb));
    }

  /* The index, incremented where the lead member was.  */
  tree idx = make_ssa_name (sizetype);
  tree idx_next = make_ssa_name (sizetype);
  gphi *phi = create_phi_node (idx, loop->header);
  add_phi_arg (phi, start, pe, UNKNOWN_LOCATION);
  add_phi_arg (phi, idx_next, loop_latch_edge (loop), UNKNOWN_LOCATION);
  gimple *inc = gimple_build_assign (idx_next, PLUS_EXPR, idx,
				     fold_convert (sizetype, lead->step));
  gimple_set_location (inc, gimple_location (lead->inc));
  gimple_stmt_iterator gsi = gsi_for_stmt (lead->inc);
  gsi_insert_before (&gsi, inc, GSI_SAME_STMT);

  for (erbium_im_iv *iv : g)
    erbium_im_rebase_refs (iv, nb, idx, &seq);
  if (lead->in_cond)
    {
      gimple_cond_set_lhs (cond, lead->cond_res ? idx : idx_next);
      gimple_cond_set_rhs (cond, build_zero_cst (sizetype));
      update_stmt (cond);
    }
  gsi_insert_seq_on_edge_immediate (pe, seq);

  erbium_im_remove_members (g);
}

/* The header phis of LOOP (exit test COND, or NULL) that are candidates
   (erbium_im_candidate), in IVS (new objects); the dump says why the others
   are left alone.  */
static void
erbium_im_collect_candidates (class loop *loop, gcond *cond,
			      vec<erbium_im_iv *> *ivs)
{
  for (gphi_iterator gsi = gsi_start_phis (loop->header); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      erbium_im_iv *iv = new erbium_im_iv;
      const char *why;
      if (erbium_im_candidate (loop, gsi.phi (), cond, iv, &why))
	{
	  ivs->safe_push (iv);
	  continue;
	}
      if (why && dump_file)
	{
	  fprintf (dump_file, "erbium-ivmerge: loop %d: ", loop->num);
	  print_generic_expr (dump_file, gimple_phi_result (gsi.phi ()));
	  fprintf (dump_file, " left alone: %s\n", why);
	}
      iv->convs.release ();
      iv->refs.release ();
      delete iv;
    }
}

/* Merge the groups of LOOP.  */
static void
erbium_im_loop (class loop *loop)
{
  edge exit = single_exit (loop);
  gcond *cond = NULL;
  if (exit)
    {
      gimple *last = last_stmt (exit->src);
      if (last && gimple_code (last) == GIMPLE_COND)
	cond = as_a <gcond *> (last);
    }
  auto_vec<erbium_im_iv *> ivs;
  erbium_im_collect_candidates (loop, cond, &ivs);

  auto_vec<bool> done;
  done.safe_grow_cleared (ivs.length ());
  for (unsigned i = 0; i < ivs.length (); i++)
    {
      if (done[i])
	continue;
      auto_vec<erbium_im_iv *> g;
      for (unsigned j = i; j < ivs.length (); j++)
	if (!done[j] && tree_int_cst_equal (ivs[j]->step, ivs[i]->step))
	  {
	    done[j] = true;
	    g.safe_push (ivs[j]);
	  }
      long step = (long) tree_to_shwi (ivs[i]->step);
      const char *why = NULL;
      int nconds = 0;
      for (erbium_im_iv *iv : g)
	if (iv->in_cond)
	  {
	    nconds++;
	    if (!erbium_im_cond_ok (loop, cond, iv))
	      why = "exit test not == or != against an invariant";
	  }
      if (g.length () < 2)
	why = "alone with its step";
      else if (g.length () > ERBIUM_IVMERGE_MAX)
	why = "too many with its step (register pressure)";
      else if (nconds > 1)
	why = "exit test compares two of them";
      else if (!why && !erbium_im_addressable (g))
	why = "base + index + offset is no address of the target";
      if (dump_file)
	{
	  if (why)
	    fprintf (dump_file, "erbium-ivmerge: loop %d: %u induction "
		     "variable%s of step %ld left alone: %s\n", loop->num,
		     g.length (), g.length () == 1 ? "" : "s", step, why);
	  else
	    fprintf (dump_file, "erbium-ivmerge: loop %d: %u induction "
		     "variables of step %ld merged into one index\n",
		     loop->num, g.length (), step);
	}
      if (!why)
	erbium_im_merge (loop, g, cond);
    }
  for (erbium_im_iv *iv : ivs)
    {
      iv->convs.release ();
      iv->refs.release ();
      delete iv;
    }
}

const pass_data erbium_ivmerge_pass_data = {
  GIMPLE_PASS,
  "erbium-ivmerge",
  OPTGROUP_LOOP,
  TV_NONE,
  PROP_cfg | PROP_ssa,
  0,
  0,
  0,
  0,
};

class erbium_ivmerge_pass : public gimple_opt_pass
{
public:
  erbium_ivmerge_pass (gcc::context *ctxt)
    : gimple_opt_pass (erbium_ivmerge_pass_data, ctxt)
  {}

  /* Optimising for speed, ivmerge=1, and FUN changed by the plugin.  */
  bool gate (function *fun) final override
  {
    return (optimize > 0 && !optimize_size && erbium_opts.ivmerge
	    && erbium_transformed_p (fun));
  }

  unsigned int execute (function *fun) final override;
};

unsigned int
erbium_ivmerge_pass::execute (function *fun)
{
  /* Inside the loop pipeline (after ivopts): loops with preheaders and
     simple latches, recorded exits.  */
  if (!loops_for_fn (fun)
      || !loops_state_satisfies_p (fun, LOOPS_HAVE_PREHEADERS
					| LOOPS_HAVE_SIMPLE_LATCHES))
    return 0;
  calculate_dominance_info (CDI_DOMINATORS);
  for (auto loop : loops_list (fun, LI_ONLY_INNERMOST))
    if (loop->header && loop->latch)
      erbium_im_loop (loop);
  return 0;
}

} // anon namespace

/* See erbium-plugin.h.  */
opt_pass *
erbium_make_ivmerge_pass (gcc::context *ctxt)
{
  return new erbium_ivmerge_pass (ctxt);
}
