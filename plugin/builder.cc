/* SPDX-License-Identifier: GPL-3.0-or-later */
/* builder.cc -- GIMPLE builders shared by the plugin's passes: the
   region builder of builder.h (new blocks between the halves of a split
   block, cold branches, calls, the join) and, on it, the masked window
   address of a view element (erbium_emit_masked_elem, used by
   erbium-window for the accesses it hoists and by erbium-lower for the
   er_elem and er_burst calls left) and the view field reference
   erbium_view_ref (erbium-window, erbium-stripmine, erbium-lower).

   SAME ALGORITHM: erbium_emit_masked_elem mirrors er_elem and er_burst
   of runtime/include/erbium/sync.h statement by statement, as the
   erbium_lower_* functions of lower.cc mirror its other fast paths.
   Change one, change the other.

   CFG surgery (GCC internals, "Control Flow Graph" and "SSA"): the block
   is split before the statement, new blocks between the halves carry the
   tests; the passes rename virtual operands with update_ssa.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-ssa.h"
#include "ssa.h"
#include "tree-ssanames.h"
#include "tree-cfg.h"
#include "cfgloop.h"
#include "erbium-plugin.h"
#include "builder.h"

/* See builder.h.  */
void
erbium_b_begin (erbium_builder *b, gimple_stmt_iterator *gsi)
{
  gimple *stmt = gsi_stmt (*gsi);
  basic_block bb = gimple_bb (stmt);
  /* The new blocks and edges do not maintain dominators.  */
  free_dominance_info (CDI_DOMINATORS);
  free_dominance_info (CDI_POST_DOMINATORS);
  gimple_stmt_iterator prev = *gsi;
  gsi_prev (&prev);
  edge e = split_block (bb, gsi_end_p (prev) ? NULL : gsi_stmt (prev));
  b->cur = bb;
  b->join = e->dest;
  b->loop = bb->loop_father;
  b->loc = gimple_location (stmt);
  remove_edge (e);
  *gsi = gsi_for_stmt (stmt);
}

/* See builder.h.  */
void
erbium_b_add (erbium_builder *b, gimple *stmt)
{
  gimple_set_location (stmt, b->loc);
  gimple_stmt_iterator gsi = gsi_last_bb (b->cur);
  gsi_insert_after (&gsi, stmt, GSI_NEW_STMT);
}

/* See builder.h.  */
tree
erbium_b_val (erbium_builder *b, tree rhs)
{
  if (TREE_CODE (rhs) == SSA_NAME || CONSTANT_CLASS_P (rhs))
    return rhs;
  tree tmp = make_ssa_name (TREE_TYPE (rhs));
  erbium_b_add (b, gimple_build_assign (tmp, rhs));
  return tmp;
}

/* See builder.h.  */
tree
erbium_b_op (erbium_builder *b, enum tree_code code, tree type, tree a,
	     tree c)
{
  tree tmp = make_ssa_name (type);
  erbium_b_add (b, gimple_build_assign (tmp, code, a, c));
  return tmp;
}

/* See builder.h.  */
tree
erbium_b_cvt (erbium_builder *b, tree type, tree a)
{
  if (TREE_CODE (a) == INTEGER_CST)
    return fold_convert (type, a);
  if (TYPE_MAIN_VARIANT (TREE_TYPE (a)) == TYPE_MAIN_VARIANT (type))
    return a;
  tree tmp = make_ssa_name (type);
  erbium_b_add (b, gimple_build_assign (tmp, NOP_EXPR, a));
  return tmp;
}

/* See builder.h.  */
tree
erbium_ref (tree obj, tree record, tree field)
{
  tree mem = build2 (MEM_REF, record, obj,
		     build_int_cst (build_pointer_type (record), 0));
  return build3 (COMPONENT_REF, TREE_TYPE (field), mem, field, NULL_TREE);
}

/* See erbium-plugin.h.  */
tree
erbium_view_ref (tree v, tree view_type, const char *name)
{
  tree f = erbium_field (view_type, name);
  return f ? erbium_ref (v, view_type, f) : NULL_TREE;
}

/* See builder.h.  */
tree
erbium_b_field (erbium_builder *b, const char *name)
{
  return erbium_b_val (b, erbium_view_ref (b->v, b->view_type, name));
}

/* See builder.h.  */
tree
erbium_b_call (erbium_builder *b, tree fndecl, tree result_type, int nargs,
	       tree *args)
{
  auto_vec<tree> ops;
  tree parm = TYPE_ARG_TYPES (TREE_TYPE (fndecl));
  for (int i = 0; i < nargs; i++)
    {
      tree a = args[i];
      tree narrow = (TREE_CODE (a) == SSA_NAME ? erbium_index_narrow (a)
		     : NULL_TREE);
      if (narrow && narrow != a)
	a = narrow;
      if (parm && TREE_VALUE (parm) != void_type_node)
	{
	  tree pt = TREE_VALUE (parm);
	  if (!POINTER_TYPE_P (pt) || !POINTER_TYPE_P (TREE_TYPE (a)))
	    a = erbium_b_cvt (b, pt, a);
	  parm = TREE_CHAIN (parm);
	}
      ops.safe_push (a);
    }
  gcall *call = gimple_build_call_vec (fndecl, ops);
  tree res = NULL_TREE;
  if (result_type)
    {
      res = make_ssa_name (TREE_TYPE (TREE_TYPE (fndecl)));
      gimple_call_set_lhs (call, res);
    }
  if (gimple_call_noreturn_p (call))
    gimple_call_set_ctrl_altering (call, true);
  erbium_b_add (b, call);
  return res ? erbium_b_cvt (b, result_type, res) : NULL_TREE;
}

/* See builder.h.  */
basic_block
erbium_b_if (erbium_builder *b, enum tree_code code, tree a, tree c,
	     profile_probability prob)
{
  erbium_b_add (b, gimple_build_cond (code, a, c, NULL_TREE, NULL_TREE));
  basic_block t = create_empty_bb (b->cur);
  basic_block f = create_empty_bb (t);
  add_bb_to_loop (t, b->loop);
  add_bb_to_loop (f, b->loop);
  edge et = make_edge (b->cur, t, EDGE_TRUE_VALUE);
  edge ef = make_edge (b->cur, f, EDGE_FALSE_VALUE);
  et->probability = prob;
  ef->probability = prob.invert ();
  t->count = b->cur->count.apply_probability (prob);
  f->count = b->cur->count.apply_probability (prob.invert ());
  b->cur = t;
  return f;
}

/* See builder.h.  */
void
erbium_b_close (erbium_builder *b, basic_block next)
{
  gimple *last = last_stmt (b->cur);
  if (!(last && is_gimple_call (last) && gimple_call_noreturn_p (last)))
    make_single_succ_edge (b->cur, next, EDGE_FALLTHRU);
  b->cur = next;
}

/* See builder.h.  */
void
erbium_b_to_join (erbium_builder *b, tree val)
{
  edge e = make_single_succ_edge (b->cur, b->join, EDGE_FALLTHRU);
  b->join_edges.safe_push (e);
  b->join_vals.safe_push (val);
}

/* See erbium-plugin.h.  sync.h er_elem / er_burst:
     if (ER_UNLIKELY (v->check)) er_check_access (v, i, n);
     return v->base + (uint64_t) ((uint32_t) i & (uint32_t) v->mask)
		      * v->esize;  */
tree
erbium_emit_masked_elem (gimple_stmt_iterator *gsi, tree v, tree view_type,
			 tree index, tree size, tree check_n)
{
  static const char *const fields[] = { "base", "mask", "esize", "check" };
  for (const char *f : fields)
    if (!erbium_field (view_type, f))
      return NULL_TREE;
  if (check_n && !erbium_runtime_decl (ERBIUM_SLOW_CHECK_ACCESS))
    return NULL_TREE;

  erbium_builder b;
  b.v = v;
  b.view_type = view_type;
  if (check_n)
    {
      erbium_b_begin (&b, gsi);
      tree c = erbium_b_field (&b, "check");
      basic_block next = erbium_b_if (&b, NE_EXPR, c,
				      build_zero_cst (TREE_TYPE (c)),
				      profile_probability::very_unlikely ());
      tree args[3] = { v, index, check_n };
      erbium_b_call (&b, erbium_runtime_decl (ERBIUM_SLOW_CHECK_ACCESS),
		     NULL_TREE, 3, args);
      erbium_b_close (&b, next);
      erbium_b_to_join (&b, NULL_TREE);
    }

  /* The address, in the block of *GSI, before it.  */
  gimple_seq seq = NULL;
  tree base = make_ssa_name (TREE_TYPE (erbium_field (view_type, "base")));
  gimple_seq_add_stmt (&seq, gimple_build_assign
		       (base, erbium_view_ref (v, view_type, "base")));
  tree mask = make_ssa_name (TREE_TYPE (erbium_field (view_type, "mask")));
  gimple_seq_add_stmt (&seq, gimple_build_assign
		       (mask, erbium_view_ref (v, view_type, "mask")));
  tree u64 = TREE_TYPE (mask);
  tree ui = make_ssa_name (uint32_type_node);
  tree narrow = erbium_index_narrow (index);
  gimple_seq_add_stmt (&seq, gimple_build_assign (ui, NOP_EXPR,
						  narrow ? narrow : index));
  tree m32 = make_ssa_name (uint32_type_node);
  gimple_seq_add_stmt (&seq, gimple_build_assign (m32, NOP_EXPR, mask));
  tree s32 = make_ssa_name (uint32_type_node);
  gimple_seq_add_stmt (&seq, gimple_build_assign (s32, BIT_AND_EXPR, ui,
						  m32));
  tree slot = make_ssa_name (u64);
  gimple_seq_add_stmt (&seq, gimple_build_assign (slot, NOP_EXPR, s32));
  if (!size)
    {
      tree es = make_ssa_name
	(TREE_TYPE (erbium_field (view_type, "esize")));
      gimple_seq_add_stmt (&seq, gimple_build_assign
			   (es, erbium_view_ref (v, view_type, "esize")));
      size = make_ssa_name (u64);
      gimple_seq_add_stmt (&seq, gimple_build_assign (size, NOP_EXPR, es));
    }
  else
    size = fold_convert (u64, size);
  tree off = make_ssa_name (u64);
  gimple_seq_add_stmt (&seq, gimple_build_assign (off, MULT_EXPR, slot,
						  size));
  tree soff = make_ssa_name (sizetype);
  gimple_seq_add_stmt (&seq, gimple_build_assign (soff, NOP_EXPR, off));
  tree addr = make_ssa_name (TREE_TYPE (base));
  gimple_seq_add_stmt (&seq, gimple_build_assign (addr, POINTER_PLUS_EXPR,
						  base, soff));
  location_t loc = (gsi_end_p (*gsi) ? UNKNOWN_LOCATION
		    : gimple_location (gsi_stmt (*gsi)));
  for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i);
       gsi_next (&i))
    gimple_set_location (gsi_stmt (i), loc);
  gsi_insert_seq_before (gsi, seq, GSI_SAME_STMT);
  return addr;
}
