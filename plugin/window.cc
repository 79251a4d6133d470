/* SPDX-License-Identifier: GPL-3.0-or-later */
/* window.cc -- pass "erbium-window": view element accesses (er_elem calls)
   become window addressing that the loop optimisers can see through.

   Burst form (paper section 4; sync.h er_burst): in an innermost loop L
   where the index E of er_elem (V, E) is affine (SCEV, simple_iv) with a
   constant step, V is invariant, the call runs on every iteration that
   reaches the latch, and no statement of L may write V->base or V->mask,
   the address is P0 + (E - E0) * sizeof (T), with P0 the masked address of
   E0 (E's value on entry) computed in L's preheader.  The window is mapped
   twice back to back, so a window's worth of indices is contiguous from any
   index: no modulo in the loop, and the vectoriser sees a plain strided
   access.  (For a negative step P0 is taken in the second copy of the
   mapping.)  sizeof (T) is the size of the dereferences of the result:
   the element size for a subscript of a view(T) of the language; for
   other calls (the C API, which may read a part of an element) the loop
   is versioned on the view's esize being that size too.
   P0 comes out of __builtin_assume_aligned (erbium_opaque_base), which
   stops data-reference analysis there: accesses at constant distances
   (a FIR's taps) then share one vector pointer after the vectoriser.

   Checking (ERBIUM_CHECK=1 sets er_view.check at run time): the burst form
   has no per-access check, so L is versioned on the check bytes of the
   views it addresses (loop_version): the burst form runs when every check
   byte is zero, an unchanged copy of L otherwise, whose accesses stay
   calls of the library's er_elem, which checks (erbium_mark_cold_call: a
   copy that runs only while checking need not be fast, and inline checks
   grew the function).  With check=1 no loop is versioned and every access
   keeps its inline check.  The element accesses of a strip-mined loop's
   element path, which runs only when a burst's grants give nothing
   (stripmine.cc), stay calls too.

   Masked form, everywhere else: sync.h er_elem inline, i.e.
   if (V->check) er_check_access (V, E, 1); then
   V->base + ((uint32_t) E & (uint32_t) V->mask) * size, size being
   sizeof (T) for a view(T) subscript and V->esize otherwise
   (erbium_emit_masked_elem in builder.cc).  er_burst calls are left to
   erbium-lower.

   The pass runs after "laddress", before lim2 (GCC-PLUGIN-NOTES.md,
   "Strip-miner placement"), at -O1 and above when window=1; a function
   without er_elem calls is not touched.  The view's fields are read
   through struct er_view's FIELD_DECLs (erbium_field).  The dump says
   which form each access got and why.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "stringpool.h"
#include "attribs.h"
#include "tree-pass.h"
#include "context.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimplify.h"
#include "gimplify-me.h"
#include "ssa.h"
#include "tree-into-ssa.h"
#include "tree-cfg.h"
#include "cfgloop.h"
#include "cfgloopmanip.h"
#include "tree-ssa-loop.h"
#include "tree-ssa-loop-manip.h"
#include "tree-ssa-loop-niter.h"
#include "tree-ssa-loop-ivopts.h"
#include "tree-scalar-evolution.h"
#include "tree-ssa-alias.h"
#include "cgraph.h"
#include "hash-set.h"
#include "erbium-plugin.h"

/* See erbium-plugin.h.  */
tree
erbium_elem_use_size (const gimple *stmt)
{
  tree lhs = gimple_call_lhs (stmt);
  if (!lhs || TREE_CODE (lhs) != SSA_NAME)
    return NULL_TREE;
  tree size = NULL_TREE;
  imm_use_iterator it;
  gimple *use;
  FOR_EACH_IMM_USE_STMT (use, it, lhs)
    {
      if (is_gimple_debug (use))
	continue;
      if (!gimple_assign_single_p (use))
	return NULL_TREE;
      /* LHS may appear only as the base of a dereference at offset 0:
	 *(T *) p, or a component of it.  */
      tree ops[2] = { gimple_assign_lhs (use), gimple_assign_rhs1 (use) };
      bool seen = false;
      for (tree op : ops)
	{
	  if (op == lhs)
	    return NULL_TREE;
	  tree base = op;
	  while (handled_component_p (base))
	    base = TREE_OPERAND (base, 0);
	  if (TREE_CODE (base) != MEM_REF || TREE_OPERAND (base, 0) != lhs)
	    continue;
	  if (!integer_zerop (TREE_OPERAND (base, 1)))
	    return NULL_TREE;
	  tree s = TYPE_SIZE_UNIT (TREE_TYPE (base));
	  if (!s || !tree_fits_uhwi_p (s) || integer_zerop (s)
	      || (size && !tree_int_cst_equal (s, size)))
	    return NULL_TREE;
	  size = s;
	  seen = true;
	}
      if (!seen)
	return NULL_TREE;
    }
  return size;
}

/* Whether the er_elem argument V is a view(T) of the language whose T
   is SIZE bytes (looked at through copies and conversions): then the
   address is only read as whole elements.  */
static bool
erbium_elem_typed_p (tree v, tree size)
{
  for (int depth = 0; depth < 16; depth++)
    {
      tree t = TREE_TYPE (v);
      if (POINTER_TYPE_P (t)
	  && lookup_attribute ("erbium_view", TYPE_ATTRIBUTES (t)))
	{
	  tree s = TYPE_SIZE_UNIT (TREE_TYPE (t));
	  return s && tree_int_cst_equal (s, size);
	}
      if (TREE_CODE (v) != SSA_NAME)
	return false;
      gimple *d = SSA_NAME_DEF_STMT (v);
      if (!is_gimple_assign (d)
	  || !(gimple_assign_ssa_name_copy_p (d)
	       || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (d))))
	return false;
      v = gimple_assign_rhs1 (d);
    }
  return false;
}

/* True when no statement of LOOP may write the fields base and mask of the
   view V (type VIEW_TYPE): then the window address of any index is the
   same throughout LOOP.  Otherwise *WHY says which statement.  */
static bool
erbium_view_clean_p (class loop *loop, tree v, tree view_type,
		     const char **why, int *line)
{
  tree refs[2] = { erbium_view_ref (v, view_type, "base"),
		   erbium_view_ref (v, view_type, "mask") };
  basic_block *body = get_loop_body (loop);
  bool clean = true;
  for (unsigned k = 0; k < loop->num_nodes && clean; k++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[k]);
	 !gsi_end_p (gsi) && clean; gsi_next (&gsi))
      {
	gimple *s = gsi_stmt (gsi);
	if (!gimple_vdef (s) && !gimple_has_volatile_ops (s))
	  continue;
	for (tree ref : refs)
	  if (stmt_may_clobber_ref_p (s, ref))
	    {
	      clean = false;
	      *why = (is_gimple_call (s)
		      ? "a call in the loop may write the view"
		      : "a store in the loop may write the view");
	      *line = LOCATION_LINE (gimple_location (s));
	      break;
	    }
      }
  free (body);
  return clean;
}

/* One er_elem call and what the pass decided for it.  */
struct erbium_access
{
  gcall *call;
  tree view_type;
  class loop *loop;	/* innermost loop of a burst access, else NULL */
  tree index;		/* the index value analysed: the call's argument,
			   or the 32-bit value it was widened from
			   (erbium_index_narrow), whose evolution wraps
			   as the runtime reads it */
  tree e0;		/* INDEX on entry to LOOP (SCEV base) */
  tree step;		/* its constant step per iteration */
  bool no_overflow;	/* E - E0 cannot overflow in E's type */
  tree size;		/* constant element size, or NULL_TREE */
  /* SIZE is the size of what the program reads at the address, which
     the record's element size may exceed (the C API: *(uint32_t *)
     er_elem (v, i) of a 12-byte record): the masked form takes the
     view's esize, and the burst form runs only when it equals SIZE.  A
     subscript of a view(T) of the language reads whole elements (the
     front end checks T against the record's).  */
  bool size_checked;
  const char *why;	/* reason for the masked form, or NULL */
  int why_line;		/* line of the statement in WHY, or 0 */
};

/* Decide the form of access A inside its innermost loop LOOP.  */
static void
erbium_classify_access (erbium_access *a, class loop *loop)
{
  gcall *call = a->call;
  tree v = gimple_call_arg (call, 0);
  /* A 32-bit index widened to the runtime's 64-bit one: its own
     evolution is affine where the widened one may not be (an unsigned
     counter), and the slot and the offsets within a burst are the same
     modulo 2^32 (sync.h er_elem).  */
  tree e = gimple_call_arg (call, 1);
  tree narrow = erbium_index_narrow (e);
  if (narrow && TREE_CODE (narrow) == SSA_NAME)
    e = narrow;
  a->index = e;
  if (erbium_opts.check)
    {
      a->why = "check=1 keeps the per-access check";
      return;
    }
  if (!a->size)
    {
      a->why = "element size unknown (result not only dereferenced)";
      return;
    }
  if (!expr_invariant_in_loop_p (loop, v))
    {
      a->why = "view not invariant in the loop";
      return;
    }
  if (!dominated_by_p (CDI_DOMINATORS, loop->latch, gimple_bb (call)))
    {
      a->why = "access not executed on every iteration";
      return;
    }
  affine_iv iv;
  if (!INTEGRAL_TYPE_P (TREE_TYPE (e))
      || !simple_iv (loop, loop, e, &iv, false)
      || TREE_CODE (iv.step) != INTEGER_CST)
    {
      a->why = "index not affine in the loop";
      return;
    }
  if (!erbium_view_clean_p (loop, v, a->view_type, &a->why, &a->why_line))
    return;
  a->loop = loop;
  a->e0 = iv.base;
  a->step = iv.step;
  a->no_overflow = iv.no_overflow
		   && TYPE_OVERFLOW_UNDEFINED (TREE_TYPE (e));
}

/* Replace the call of access A, in the fast version of its loop, by the
   burst form; P0 is the window address of A->e0.  The element offset
   E - E0 is taken from access REF (A itself, or an access with the same
   step whose index differs from A's by a constant, so the same offset):
   an index that SCEV knows does not overflow gives an affine address, a
   wrapping one (int)((unsigned) E - (unsigned) E0) does not, and the
   vectoriser then gives up on the loop ("evolution of base is not
   affine": a FIR's taps X[J + K + 1] next to X[J + K]).  */
static void
erbium_emit_burst (erbium_access *a, tree p0, erbium_access *ref)
{
  gcall *call = a->call;
  tree e = ref->index;
  tree type = TREE_TYPE (e);
  tree d;
  if (ref->no_overflow)
    d = fold_build2 (MINUS_EXPR, type, e, ref->e0);
  else
    {
      tree u = unsigned_type_for (type);
      d = fold_build2 (MINUS_EXPR, u, fold_convert (u, e),
		       fold_convert (u, ref->e0));
      d = fold_convert (signed_type_for (type), d);
    }
  tree off = fold_build2 (MULT_EXPR, ssizetype, fold_convert (ssizetype, d),
			  fold_convert (ssizetype, a->size));
  tree addr = fold_build_pointer_plus (p0, fold_convert (sizetype, off));
  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  addr = force_gimple_operand_gsi (&gsi, addr, true, NULL_TREE, true,
				   GSI_SAME_STMT);
  tree lhs = gimple_call_lhs (call);
  gimple *repl = gimple_build_assign (lhs, NOP_EXPR, addr);
  gimple_set_location (repl, gimple_location (call));
  gsi_replace (&gsi, repl, false);
}

/* Whether the value of E is available at STMT: E is an invariant, or an
   SSA name whose definition dominates STMT (stmt_dominates_stmt_p; a
   default definition dominates everything).  */
static bool
erbium_available_at (tree e, gimple *stmt)
{
  if (TREE_CODE (e) != SSA_NAME)
    return is_gimple_min_invariant (e);
  return stmt_dominates_stmt_p (SSA_NAME_DEF_STMT (e), stmt);
}

/* Emit, before *GSI, P = __builtin_assume_aligned (P0, A) and return P
   (same type as P0): A is the largest power of two dividing the element
   size SIZE (bytes, at most 64), true of every slot of a page-aligned
   window mapping.  The call is why: data-reference analysis
   (split_constant_offset) sees through every assignment of P0's masked
   computation, so the vectoriser would rebuild each tap's pointer as
   BASE + ((sizetype) SLOT + K) * SIZE, one unrelated invariant per tap,
   and IVOPTs (which expands only "SSA + constant") would keep one base
   register per tap: a 16-tap FIR spilled them.  A call stops the
   analysis at P, each tap's pointer becomes P + K * SIZE and IVOPTs
   shares one induction variable.  pass_fold_builtins removes the call
   after the loop optimisers.  */
static tree
erbium_opaque_base (gimple_stmt_iterator *gsi, tree p0, tree size)
{
  tree fn = builtin_decl_explicit (BUILT_IN_ASSUME_ALIGNED);
  if (!fn || !tree_fits_uhwi_p (size))
    return p0;
  unsigned HOST_WIDE_INT s = tree_to_uhwi (size);
  unsigned HOST_WIDE_INT align = s ? s & -s : 1;
  if (align > 64)
    align = 64;
  gcall *call = gimple_build_call (fn, 2, p0, size_int (align));
  tree vp = make_ssa_name (ptr_type_node);
  gimple_call_set_lhs (call, vp);
  location_t loc = (gsi_end_p (*gsi) ? UNKNOWN_LOCATION
		    : gimple_location (gsi_stmt (*gsi)));
  gimple_set_location (call, loc);
  gsi_insert_before (gsi, call, GSI_SAME_STMT);
  tree p = make_ssa_name (TREE_TYPE (p0));
  gimple *conv = gimple_build_assign (p, NOP_EXPR, vp);
  gimple_set_location (conv, loc);
  gsi_insert_before (gsi, conv, GSI_SAME_STMT);
  return p;
}

/* Version LOOP on the check bytes of the views of its burst accesses
   ACCS: the fast version is taken when every check byte is 0 (and every
   checked element size is the expected one).  Returns false (nothing
   changed) when versioning failed.  */
static bool
erbium_window_version (class loop *loop, vec<erbium_access *> &accs)
{
  /* (V1->check | V2->check ...) == 0 selects the fast version, with
     (Vk->esize != SIZE) or'ed in for an access whose element size is
     checked (erbium_access.size_checked); the flag is computed in the
     preheader, which dominates the versioning test.  */
  tree cond = NULL_TREE;
  for (erbium_access *a : accs)
    {
      tree c = erbium_view_ref (gimple_call_arg (a->call, 0), a->view_type,
				"check");
      c = fold_convert (unsigned_type_node, c);
      if (a->size_checked)
	{
	  tree es = erbium_view_ref (gimple_call_arg (a->call, 0),
				     a->view_type, "esize");
	  tree ne = fold_build2 (NE_EXPR, boolean_type_node, es,
				 fold_convert (TREE_TYPE (es), a->size));
	  c = fold_build2 (BIT_IOR_EXPR, unsigned_type_node, c,
			   fold_convert (unsigned_type_node, ne));
	}
      cond = cond ? fold_build2 (BIT_IOR_EXPR, unsigned_type_node, cond, c)
		  : c;
    }
  cond = fold_build2 (EQ_EXPR, boolean_type_node, cond,
		      build_zero_cst (unsigned_type_node));
  gimple_seq seq = NULL;
  cond = force_gimple_operand (cond, &seq, true, NULL_TREE);
  gsi_insert_seq_on_edge_immediate (loop_preheader_edge (loop), seq);
  cond = fold_build2 (NE_EXPR, boolean_type_node, cond, boolean_false_node);
  initialize_original_copy_tables ();
  class loop *copy
    = loop_version (loop, cond, NULL, profile_probability::very_likely (),
		    profile_probability::very_unlikely (),
		    profile_probability::very_likely (),
		    profile_probability::very_unlikely (), true);
  free_original_copy_tables ();
  return copy != NULL;
}

/* Group the accesses ACCS of a loop that share one window address: for
   the K-th, LEADER[K] is the access whose address it is offset from (K
   itself for its own) and DELTA[K] the offset, in elements.  */
static void
erbium_group_accesses (vec<erbium_access *> &accs, vec<unsigned> *leader,
		       vec<HOST_WIDE_INT> *delta)
{
  /* Accesses to one view with the same element size and step whose
     entry indices differ by constants (a FIR's taps x[i], x[i + 1] ...)
     share one window address: P0 of the lowest index, plus a constant.
     One base keeps the vectoriser's alias checks to one per view; the
     lowest index keeps every address inside the double mapping (a
     window's worth of indices is contiguous forward from any index).  */
  for (unsigned k = 0; k < accs.length (); k++)
    {
      erbium_access *a = accs[k];
      unsigned best = k;
      HOST_WIDE_INT best_d = 0;
      for (unsigned j = 0; j < accs.length (); j++)
	{
	  erbium_access *b = accs[j];
	  if (j == k
	      || !operand_equal_p (gimple_call_arg (a->call, 0),
				   gimple_call_arg (b->call, 0), 0)
	      || !tree_int_cst_equal (a->size, b->size)
	      || !tree_int_cst_equal (a->step, b->step)
	      || tree_int_cst_sgn (a->step) <= 0
	      || !types_compatible_p (TREE_TYPE (a->e0), TREE_TYPE (b->e0)))
	    continue;
	  tree d = fold_build2 (MINUS_EXPR, TREE_TYPE (a->e0),
				unshare_expr (a->e0), unshare_expr (b->e0));
	  if (TREE_CODE (d) != INTEGER_CST)
	    continue;
	  /* The difference as the index type's arithmetic wraps: an int
	     program's i - 1 may be (unsigned) i + 4294967295, and the
	     difference of two such indices then reads 4294967295 for -1.  */
	  unsigned prec = TYPE_PRECISION (TREE_TYPE (d));
	  if (prec > HOST_BITS_PER_WIDE_INT)
	    continue;
	  HOST_WIDE_INT dv = sext_hwi (TREE_INT_CST_LOW (d), prec);
	  /* The lowest index; among equal ones the first access.  */
	  if (dv > best_d || (dv == best_d && j < best))
	    {
	      best = j;
	      best_d = dv;
	    }
	}
      leader->safe_push (best);
      delta->safe_push (best_d);
    }
  /* Folding may find a constant difference between A and B and between
     B and C but not between A and C (the forms of widened indices
     differ): an access whose leader leads no group of its own keeps its
     own base, which is always right, if not shared.  */
  for (unsigned k = 0; k < accs.length (); k++)
    if ((*leader)[(*leader)[k]] != (*leader)[k])
      {
	(*leader)[k] = k;
	(*delta)[k] = 0;
      }
}

/* On the preheader edge PE, the window address P0 of each access of
   ACCS that leads its group (LEADER), in P0S, and its burst form.  */
static void
erbium_emit_leader_bases (edge pe, vec<erbium_access *> &accs,
			  const vec<unsigned> &leader, vec<tree> *p0s)
{
  for (unsigned k = 0; k < accs.length (); k++)
    {
      erbium_access *a = accs[k];
      if (leader[k] != k)
	continue;
      tree v = gimple_call_arg (a->call, 0);
      gimple_seq seq = NULL;
      tree e0 = force_gimple_operand (unshare_expr (a->e0), &seq, true,
				      NULL_TREE);
      if (seq)
	gsi_insert_seq_on_edge_immediate (pe, seq);
      gimple_stmt_iterator gsi = gsi_last_bb (pe->src);
      if (!gsi_end_p (gsi))
	gsi_next (&gsi);
      tree p0 = erbium_emit_masked_elem (&gsi, v, a->view_type, e0, a->size,
					 NULL_TREE);
      p0 = erbium_opaque_base (&gsi, p0, a->size);
      if (tree_int_cst_sgn (a->step) < 0)
	{
	  /* Going down: start in the second copy of the mapping.  */
	  tree mask = erbium_view_ref (v, a->view_type, "mask");
	  tree slots = fold_build2 (PLUS_EXPR, TREE_TYPE (mask), mask,
				    build_one_cst (TREE_TYPE (mask)));
	  tree off = fold_build2 (MULT_EXPR, sizetype,
				  fold_convert (sizetype, slots),
				  fold_convert (sizetype, a->size));
	  p0 = force_gimple_operand_gsi (&gsi, fold_build_pointer_plus (p0,
									off),
					 true, NULL_TREE, true,
					 GSI_SAME_STMT);
	}
      (*p0s)[k] = p0;
      erbium_emit_burst (a, p0, a);
    }
}

/* On the preheader edge PE, the window address of each access of ACCS
   that is offset from its group's leader (LEADER, DELTA; the leaders'
   P0S), and its burst form.  */
static void
erbium_emit_offset_bases (edge pe, vec<erbium_access *> &accs,
			  const vec<unsigned> &leader,
			  const vec<HOST_WIDE_INT> &delta,
			  const vec<tree> &p0s)
{
  for (unsigned k = 0; k < accs.length (); k++)
    {
      erbium_access *a = accs[k];
      if (leader[k] == k)
	continue;
      /* The leader's leader is itself (constant differences are
	 transitive), so its P0 exists.  */
      tree lp = p0s[leader[k]];
      gcc_assert (lp);
      gimple_stmt_iterator gsi = gsi_last_bb (pe->src);
      if (!gsi_end_p (gsi))
	gsi_next (&gsi);
      tree off = size_int (delta[k] * tree_to_shwi (a->size));
      tree p0 = force_gimple_operand_gsi (&gsi,
					  fold_build_pointer_plus (lp, off),
					  true, NULL_TREE, true,
					  GSI_SAME_STMT);
      /* The offset from an access of the group (same index type, by the
	 grouping above) whose index does not overflow, if A's may.  */
      erbium_access *ref = a;
      for (unsigned j = 0; !a->no_overflow && j < accs.length (); j++)
	if (leader[j] == leader[k] && accs[j]->no_overflow
	    && erbium_available_at (accs[j]->index, a->call))
	  {
	    ref = accs[j];
	    break;
	  }
      erbium_emit_burst (a, p0, ref);
    }
}

/* Version LOOP on the check bytes of the views of its burst accesses
   ACCS and give them the burst form in the fast version.  Returns false
   (nothing changed) when versioning failed.  */
static bool
erbium_window_loop (class loop *loop, vec<erbium_access *> &accs)
{
  if (!erbium_window_version (loop, accs))
    return false;
  auto_vec<unsigned> leader;
  auto_vec<HOST_WIDE_INT> delta;
  erbium_group_accesses (accs, &leader, &delta);
  edge pe = loop_preheader_edge (loop);
  auto_vec<tree> p0s;
  p0s.safe_grow_cleared (accs.length ());
  erbium_emit_leader_bases (pe, accs, leader, &p0s);
  erbium_emit_offset_bases (pe, accs, leader, delta, p0s);
  return true;
}

namespace {

const pass_data erbium_window_pass_data = {
  GIMPLE_PASS,
  "erbium-window",
  OPTGROUP_LOOP,
  TV_NONE,
  PROP_cfg | PROP_ssa,
  0, 0, 0,
  0,
};

class erbium_window_pass : public gimple_opt_pass
{
public:
  erbium_window_pass (gcc::context *ctxt)
    : gimple_opt_pass (erbium_window_pass_data, ctxt)
  {}

  /* -O1 and above, when window=1.  */
  bool gate (function *) final override
  {
    return optimize > 0 && erbium_opts.window;
  }

  unsigned int execute (function *fun) final override;
};

/* The element access of the er_elem call STMT, not yet classified (its
   view type NULL_TREE when the call's view is no struct er_view).  */
static erbium_access
erbium_new_access (gimple *stmt)
{
  erbium_access a = {};
  a.call = as_a <gcall *> (stmt);
  a.view_type = erbium_view_type (a.call);
  a.size = erbium_elem_use_size (a.call);
  a.size_checked = (a.size && !erbium_elem_typed_p
				 (gimple_call_arg (a.call, 0), a.size));
  return a;
}

/* The er_elem calls of FUN that are not on a cold path, in ACCS.  */
static void
erbium_collect_accesses (function *fun, vec<erbium_access> *accs)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (erbium_primitive_call (gsi_stmt (gsi)) == ERBIUM_PRIM_ELEM
	  && !erbium_cold_call_p (gsi_stmt (gsi)))
	{
	  erbium_access a = erbium_new_access (gsi_stmt (gsi));
	  if (!a.view_type)
	    continue;
	  a.why = "not in a loop";
	  accs->safe_push (a);
	}
}

/* Version each innermost loop of FUN with burst accesses of ACCS, then
   transform them; an access whose loop could not be versioned gets its
   reason.  Returns whether anything changed.  */
static bool
erbium_window_loops (function *fun, vec<erbium_access> &accs)
{
  bool changed = false;
  for (auto loop : loops_list (fun, LI_ONLY_INNERMOST))
    {
      auto_vec<erbium_access *> in_loop;
      for (erbium_access &a : accs)
	if (a.loop == loop)
	  in_loop.safe_push (&a);
      if (in_loop.is_empty ())
	continue;
      if (erbium_window_loop (loop, in_loop))
	changed = true;
      else
	for (erbium_access *a : in_loop)
	  {
	    a->loop = NULL;
	    a->why = "loop versioning on the check byte failed";
	  }
    }
  return changed;
}

/* Add to ACCS the er_elem calls of FUN that it does not hold yet (the
   versioned copies of the burst loops, whose accesses keep the check);
   dump those on a cold path.  */
static void
erbium_collect_copies (function *fun, vec<erbium_access> *accs)
{
  hash_set<gimple *> seen;
  for (erbium_access &a : *accs)
    seen.add (a.call);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (erbium_primitive_call (gsi_stmt (gsi)) == ERBIUM_PRIM_ELEM
	  && erbium_cold_call_p (gsi_stmt (gsi)))
	{
	  if (dump_file)
	    fprintf (dump_file, "erbium-window: er_elem at line %d: left as "
		     "a call (element path of a strip-mined loop)\n",
		     LOCATION_LINE (gimple_location (gsi_stmt (gsi))));
	}
      else if (erbium_primitive_call (gsi_stmt (gsi)) == ERBIUM_PRIM_ELEM
	       && !seen.contains (gsi_stmt (gsi)))
	{
	  erbium_access a = erbium_new_access (gsi_stmt (gsi));
	  if (a.view_type)
	    accs->safe_push (a);
	}
}

/* Dump the access A and, unless it has the burst form or is in a
   versioned copy, give it the masked form.  Returns whether that changed
   the function.  */
static bool
erbium_finish_access (erbium_access &a)
{
  int line = LOCATION_LINE (gimple_location (a.call));
  if (a.loop)
    {
      if (dump_file)
	fprintf (dump_file, "erbium-window: er_elem at line %d: burst "
		 "form in loop %d (index affine, step %ld; view window "
		 "unchanged in the loop; versioned on the check byte%s)\n",
		 line, a.loop->num, (long) tree_to_shwi (a.step),
		 a.size_checked ? " and the element size" : "");
      return false;
    }
  if (!a.why)
    {
      /* A copy made by loop_version, run only under ERBIUM_CHECK=1:
	 the library's er_elem, which checks, called there keeps the
	 copy small (erbium_mark_cold_call).  */
      erbium_mark_cold_call (a.call);
      if (dump_file)
	fprintf (dump_file, "erbium-window: er_elem at line %d: left as "
		 "a call (versioned copy for ERBIUM_CHECK%s)\n", line,
		 a.size_checked ? " or another element size" : "");
      return false;
    }
  if (!gimple_bb (a.call))
    return false;
  gimple_stmt_iterator gsi = gsi_for_stmt (a.call);
  tree addr = erbium_emit_masked_elem (&gsi, gimple_call_arg (a.call, 0),
				       a.view_type,
				       gimple_call_arg (a.call, 1),
				       a.size_checked ? NULL_TREE : a.size,
				       build_one_cst (integer_type_node));
  if (dump_file)
    {
      fprintf (dump_file, "erbium-window: er_elem at line %d: %s (%s",
	       line, addr ? "masked form, checked" : "left as a call",
	       a.why);
      if (a.why_line)
	fprintf (dump_file, ", line %d", a.why_line);
      fprintf (dump_file, ")\n");
    }
  if (!addr)
    return false;
  tree lhs = gimple_call_lhs (a.call);
  gimple *repl = (lhs ? gimple_build_assign (lhs, NOP_EXPR, addr)
		  : gimple_build_nop ());
  gimple_set_location (repl, gimple_location (a.call));
  gsi_replace (&gsi, repl, false);
  return true;
}

/* Classify each access of ACCS by its loop: only an access in an
   innermost loop may become a burst access; the others keep WHY for the
   dump.  Needs the loop tree and scalar evolutions.  */
static void
erbium_classify_accesses (vec<erbium_access> &accs)
{
  for (erbium_access &a : accs)
    {
      class loop *loop = gimple_bb (a.call)->loop_father;
      if (!loop_outer (loop))
	continue;
      if (loop->inner)
	{
	  a.why = "not in an innermost loop";
	  continue;
	}
      erbium_classify_access (&a, loop);
    }
}

/* Dump every access of FUN, and give the masked form to those left (the
   versioned copies of the burst loops included: their accesses keep the
   check).  ACCS is extended with the copies.  Returns whether an access
   changed.  */
static bool
erbium_finish_accesses (function *fun, vec<erbium_access> *accs)
{
  bool changed = false;
  erbium_collect_copies (fun, accs);
  for (erbium_access &a : *accs)
    if (erbium_finish_access (a))
      changed = true;
  return changed;
}

/* Give every er_elem call of FUN its window addressing: version each
   loop with burst accesses and transform them, then the masked form for
   the others.  Returns the TODO flags.  */
unsigned int
erbium_window_pass::execute (function *fun)
{
  /* Cheap gate: functions without er_elem stay untouched.  */
  auto_vec<erbium_access> accs;
  erbium_collect_accesses (fun, &accs);
  if (accs.is_empty ())
    return 0;

  loop_optimizer_init (LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
  scev_initialize ();
  calculate_dominance_info (CDI_DOMINATORS);
  erbium_classify_accesses (accs);
  bool changed = erbium_window_loops (fun, accs);
  changed |= erbium_finish_accesses (fun, &accs);
  if (changed)
    {
      mark_virtual_operands_for_renaming (fun);
      update_ssa (TODO_update_ssa);
      cgraph_edge::rebuild_edges ();
      erbium_note_transformed (fun);
    }
  scev_finalize ();
  loop_optimizer_finalize ();
  free_dominance_info (CDI_DOMINATORS);
  return changed ? TODO_cleanup_cfg : 0;
}

} // anon namespace

/* See erbium-plugin.h.  */
opt_pass *
erbium_make_window_pass (gcc::context *ctxt)
{
  return new erbium_window_pass (ctxt);
}
