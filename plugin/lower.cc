/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lower.cc -- pass "erbium-lower": the runtime's synchronisation
   primitives expanded inline in GIMPLE after the vectoriser.

   Each call of er_commit, er_update, er_stall, er_release, er_receive,
   er_receive_range (and every er_elem/er_burst that erbium-window left)
   becomes the fast path of runtime/include/erbium/sync.h.

   SAME ALGORITHM: runtime/include/erbium/sync.h is the one specification of
   the fast paths; the erbium_lower_* functions below mirror its static
   inline functions statement by statement (same tests in the same order,
   same fields read through the FIELD_DECLs of struct er_view and struct
   er_record found in the unit, same C11 memory orders: relaxed loads of
   rec->gen and v->wake, an acquire load of *peer, a release store of
   pub).  The slow paths stay calls of the runtime's exported
   er_update_slow, er_stall_slow, er_wake_view, er_misuse and
   er_check_access.
   Change one, change the other.

   The pass runs after "vect", inside the loop pipeline (and, for functions
   without loops, which skip that pipeline, after "slp" in
   pass_tree_no_loop: dump erbium-lower2), so the primitives
   are opaque calls with declared side effects (primitives.cc) while the
   loop optimisers and the vectoriser work, and straight-line code for the
   passes after it (ivopts, the RTL optimisers).  It runs at -O1 and above
   (not at -Os: a call is smaller) when lower=1; at -O0 the loop pipeline
   does not run and every primitive stays a library call, which is always
   correct.  A call whose view layout or slow-path declaration is missing
   from the unit, or that may throw, is left alone.

   CFG surgery (GCC internals, "Control Flow Graph" and "SSA"): the block is
   split before the call, new blocks between the halves carry the tests,
   the call's result becomes a PHI in the second half; virtual operands are
   renamed with update_ssa and the call graph edges rebuilt.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-ssa.h"
#include "ssa.h"
#include "tree-ssanames.h"
#include "tree-into-ssa.h"
#include "tree-ssa-loop-manip.h"
#include "tree-cfg.h"
#include "cfgloop.h"
#include "cgraph.h"
#include "memmodel.h"
#include "gimple-pretty-print.h"
#include "tree-ssa-operands.h"
#include "except.h"
#include "tree-eh.h"
#include "erbium-plugin.h"
#include "builder.h"
/* View kinds and operation codes (ER_READ, ER_OP_*), as sync.h's.  */
#include "erbium/fastpath.h"


/* sync.h er_xlat (i, ref), in REF's 64-bit type:
     if (i != (int64_t) (int32_t) i && i != (int64_t) (uint32_t) i)
       return i;
     return ref + (int32_t) ((uint32_t) i - (uint32_t) ref);
   the test as a select (COND_EXPR).  An I widened from a type of 32 bits
   or fewer (an int program's index), or a constant that 32 bits hold,
   makes the test false at compile time (erbium_index_narrow): the select
   is not emitted then, as GCC folds it away in sync.h.  */
static tree
erbium_b_xlat (erbium_builder *b, tree i, tree ref)
{
  tree i64 = TREE_TYPE (ref);
  tree u32 = uint32_type_node;
  tree s32 = build_nonstandard_integer_type (32, 0);
  tree narrow = erbium_index_narrow (i);
  i = erbium_b_cvt (b, i64, i);
  if (!narrow && TREE_CODE (i) == INTEGER_CST)
    return i;
  tree d = erbium_b_op (b, MINUS_EXPR, u32,
			erbium_b_cvt (b, u32, narrow ? narrow : i),
			erbium_b_cvt (b, u32, ref));
  tree w = erbium_b_cvt (b, i64, erbium_b_cvt (b, s32, d));
  tree tr = erbium_b_op (b, PLUS_EXPR, i64, ref, w);
  if (narrow)
    return tr;
  tree as_s32 = erbium_b_cvt (b, i64, erbium_b_cvt (b, s32, i));
  tree as_u32 = erbium_b_cvt (b, i64, erbium_b_cvt (b, u32, i));
  tree ne_s = erbium_b_op (b, NE_EXPR, boolean_type_node, i, as_s32);
  tree ne_u = erbium_b_op (b, NE_EXPR, boolean_type_node, i, as_u32);
  tree exact = erbium_b_op (b, BIT_AND_EXPR, boolean_type_node, ne_s, ne_u);
  tree res = make_ssa_name (i64);
  erbium_b_add (b, gimple_build_assign (res, COND_EXPR, exact, i, tr));
  return res;
}

/* if (ER_UNLIKELY (v->kind != KIND)) er_misuse (v, OP, IDX);  */
static void
erbium_b_kind_check (erbium_builder *b, int kind, int op, tree idx)
{
  tree k = erbium_b_field (b, "kind");
  basic_block f = erbium_b_if (b, NE_EXPR, k,
			       build_int_cst (TREE_TYPE (k), kind),
			       profile_probability::very_unlikely ());
  tree args[3] = { b->v, build_int_cst (integer_type_node, op), idx };
  erbium_b_call (b, erbium_runtime_decl (ERBIUM_SLOW_MISUSE), NULL_TREE, 3,
		 args);
  erbium_b_close (b, f);
}

/* Atomic load of *ADDR (a pointer value) with memory order MODEL, SIZE
   bytes (4 or 8), converted to TYPE.  */
static tree
erbium_b_atomic_load (erbium_builder *b, tree addr, int size,
		      enum memmodel model, tree type)
{
  tree fn = builtin_decl_explicit (size == 8 ? BUILT_IN_ATOMIC_LOAD_8
				   : BUILT_IN_ATOMIC_LOAD_4);
  tree args[2] = { addr, build_int_cst (integer_type_node, model) };
  return erbium_b_call (b, fn, type, 2, args);
}

/* The address of the field NAME of the record V->rec, as a value.  */
static tree
erbium_b_rec_field_addr (erbium_builder *b, const char *name)
{
  tree recf = erbium_field (b->view_type, "rec");
  tree rect = erbium_runtime_type (TREE_TYPE (TREE_TYPE (recf)));
  tree rec = erbium_b_field (b, "rec");
  tree ref = erbium_ref (rec, rect, erbium_field (rect, name));
  return erbium_b_val (b, build_fold_addr_expr (ref));
}

/* er_commit / er_release (sync.h): KIND and OP tell which.
     if (ER_UNLIKELY (v->kind != KIND)) er_misuse (v, OP, i);
     int64_t idx = er_xlat (i, v->own);
     if (idx > v->own)
       {
	 v->own = idx;
	 atomic_store_explicit (&v->pub, idx, memory_order_release);
	 if (ER_UNLIKELY (idx >= atomic_load_explicit (&v->wake,
						       memory_order_relaxed)))
	   er_wake_view (v);
       }  */
static void
erbium_lower_publish (erbium_builder *b, tree i, int kind, int op)
{
  erbium_b_kind_check (b, kind, op, i);
  tree own = erbium_b_field (b, "own");
  tree idx = erbium_b_xlat (b, i, own);
  basic_block out = erbium_b_if (b, GT_EXPR, idx, own,
				 profile_probability::likely ());
  erbium_b_add (b, gimple_build_assign (erbium_view_ref (b->v, b->view_type,
							 "own"), idx));
  tree pub = erbium_b_val (b, build_fold_addr_expr
			   (erbium_view_ref (b->v, b->view_type, "pub")));
  tree args[3] = { pub, idx, build_int_cst (integer_type_node,
					    MEMMODEL_RELEASE) };
  erbium_b_call (b, builtin_decl_explicit (BUILT_IN_ATOMIC_STORE_8),
		 NULL_TREE, 3, args);
  tree wake = erbium_b_val (b, build_fold_addr_expr
			    (erbium_view_ref (b->v, b->view_type, "wake")));
  tree w = erbium_b_atomic_load (b, wake, 8, MEMMODEL_RELAXED,
				 TREE_TYPE (idx));
  basic_block nowake = erbium_b_if (b, GE_EXPR, idx, w,
				    profile_probability::very_unlikely ());
  erbium_b_call (b, erbium_runtime_decl (ERBIUM_SLOW_WAKE_VIEW), NULL_TREE,
		 1, &b->v);
  erbium_b_close (b, nowake);
  erbium_b_close (b, out);
  erbium_b_to_join (b, NULL_TREE);
}

/* er_update / er_stall (sync.h); UPDATE tells which, I is the index
   argument, RES_TYPE the call's result type (update) or NULL_TREE.
     if (ER_UNLIKELY (v->kind != KIND)) er_misuse (v, OP, i);
     int64_t idx = er_xlat (i, v->gate);
     if (idx <= v->gate) return [i];
     if (ER_UNLIKELY (idx - v->own > v->horizon)) er_misuse (v, OP, idx);
     if (ER_UNLIKELY (atomic_load_explicit (&v->rec->gen,
					    memory_order_relaxed) != v->gen))
       return SLOW (v, idx[, i]);
     if (LIMIT > v->peer_min)
       {
	 if (v->peer)
	   {
	     int64_t p = atomic_load_explicit (v->peer, memory_order_acquire);
	     v->peer_min = p < v->peer_rest ? p : v->peer_rest;
	   }
	 if (LIMIT > v->peer_min)
	   return SLOW (v, idx[, i]);
       }
     v->gate = idx;
     return [i];
   with LIMIT = idx for update, idx - v->horizon for stall, SLOW =
   er_update_slow / er_stall_slow.  */
static void
erbium_lower_acquire (erbium_builder *b, tree i, bool update, tree res_type)
{
  int op = update ? ER_OP_UPDATE : ER_OP_STALL;
  erbium_b_kind_check (b, update ? ER_READ : ER_WRITE, op, i);
  tree gate = erbium_b_field (b, "gate");
  tree i64 = TREE_TYPE (gate);
  tree idx = erbium_b_xlat (b, i, gate);
  tree inarrow = erbium_index_narrow (i);
  tree ret_i = (res_type ? erbium_b_cvt (b, res_type, inarrow ? inarrow : i)
		: NULL_TREE);

  /* if (idx <= v->gate) return i;  */
  basic_block next = erbium_b_if (b, LE_EXPR, idx, gate,
				  profile_probability::unlikely ());
  erbium_b_to_join (b, ret_i);
  b->cur = next;

  /* Misuse: more than the horizon above the own index.  */
  tree own = erbium_b_field (b, "own");
  tree hz = erbium_b_field (b, "horizon");
  tree d = erbium_b_op (b, MINUS_EXPR, i64, idx, own);
  next = erbium_b_if (b, GT_EXPR, d, hz,
		      profile_probability::very_unlikely ());
  tree args[3] = { b->v, build_int_cst (integer_type_node, op), idx };
  erbium_b_call (b, erbium_runtime_decl (ERBIUM_SLOW_MISUSE), NULL_TREE, 3,
		 args);
  erbium_b_close (b, next);

  /* Record changed: resynchronise out of line.  */
  tree rgen = erbium_b_atomic_load (b, erbium_b_rec_field_addr (b, "gen"),
				    4, MEMMODEL_RELAXED, uint32_type_node);
  tree vgen = erbium_b_cvt (b, uint32_type_node, erbium_b_field (b, "gen"));
  tree slow = erbium_runtime_decl (update ? ERBIUM_SLOW_UPDATE
				   : ERBIUM_SLOW_STALL);
  tree sargs[3] = { b->v, idx, i };
  int nslow = update ? 3 : 2;
  next = erbium_b_if (b, NE_EXPR, rgen, vgen,
		      profile_probability::very_unlikely ());
  erbium_b_to_join (b, erbium_b_call (b, slow, res_type, nslow, sargs));
  b->cur = next;

  /* if (LIMIT > v->peer_min)  */
  tree limit = update ? idx : erbium_b_op (b, MINUS_EXPR, i64, idx, hz);
  tree pm = erbium_b_field (b, "peer_min");
  basic_block done = erbium_b_if (b, GT_EXPR, limit, pm,
				  profile_probability::unlikely ());
  /* if (v->peer) { p = atomic_load (v->peer, acquire);
		    v->peer_min = p < v->peer_rest ? p : v->peer_rest; }  */
  tree peer = erbium_b_field (b, "peer");
  basic_block nopeer = erbium_b_if (b, NE_EXPR, peer,
				    build_zero_cst (TREE_TYPE (peer)),
				    profile_probability::likely ());
  tree pl = erbium_b_atomic_load (b, peer, 8, MEMMODEL_ACQUIRE, i64);
  tree rest = erbium_b_field (b, "peer_rest");
  tree npm = erbium_b_op (b, MIN_EXPR, i64, pl, rest);
  erbium_b_add (b, gimple_build_assign
		(erbium_view_ref (b->v, b->view_type, "peer_min"), npm));
  erbium_b_close (b, nopeer);
  /* if (LIMIT > v->peer_min) return SLOW (...);  */
  pm = erbium_b_field (b, "peer_min");
  next = erbium_b_if (b, GT_EXPR, limit, pm,
		      profile_probability::unlikely ());
  erbium_b_to_join (b, erbium_b_call (b, slow, res_type, nslow, sargs));
  b->cur = next;
  erbium_b_close (b, done);

  /* v->gate = idx; return i;  */
  erbium_b_add (b, gimple_build_assign (erbium_view_ref (b->v, b->view_type,
							 "gate"), idx));
  erbium_b_to_join (b, ret_i);
}

/* The prefetch of er_receive / er_receive_range (sync.h):
     if (T > v->gate-or-t && T_FROM < v->peer_min && v->base)
       __builtin_prefetch (v->base + ((uint64_t) T_FROM & v->mask)
			   * v->esize);
   RANGE selects receive_range (ARG1 = tl, ARG2 = hd) or receive (ARG1 =
   i).  */
static void
erbium_lower_receive (erbium_builder *b, bool range, tree arg1, tree arg2)
{
  erbium_b_kind_check (b, ER_READ, ER_OP_RECEIVE,
		       range ? arg2 : arg1);
  tree gate = erbium_b_field (b, "gate");
  tree from, idx, ref;
  if (range)
    {
      /* int64_t t = er_xlat (tl, v->gate);
	 if (er_xlat (hd, t) > t && t < v->peer_min && v->base)  */
      from = erbium_b_xlat (b, arg1, gate);
      idx = erbium_b_xlat (b, arg2, from);
      ref = from;
    }
  else
    {
      /* int64_t idx = er_xlat (i, v->gate);
	 if (idx > v->gate && v->gate < v->peer_min && v->base)  */
      idx = erbium_b_xlat (b, arg1, gate);
      ref = gate;
      from = gate;
    }
  basic_block out = erbium_b_if (b, GT_EXPR, idx, ref,
				 profile_probability::likely ());
  tree pm = erbium_b_field (b, "peer_min");
  basic_block out2 = erbium_b_if (b, LT_EXPR, from, pm,
				  profile_probability::likely ());
  tree base = erbium_b_field (b, "base");
  basic_block out3 = erbium_b_if (b, NE_EXPR, base,
				  build_zero_cst (TREE_TYPE (base)),
				  profile_probability::likely ());
  tree mask = erbium_b_field (b, "mask");
  tree u64 = TREE_TYPE (mask);
  tree slot = erbium_b_op (b, BIT_AND_EXPR, u64, erbium_b_cvt (b, u64, from),
			   mask);
  tree es = erbium_b_cvt (b, u64, erbium_b_field (b, "esize"));
  tree off = erbium_b_op (b, MULT_EXPR, u64, slot, es);
  tree addr = erbium_b_op (b, POINTER_PLUS_EXPR, TREE_TYPE (base), base,
			   erbium_b_cvt (b, sizetype, off));
  erbium_b_call (b, builtin_decl_explicit (BUILT_IN_PREFETCH), NULL_TREE, 1,
		 &addr);
  erbium_b_close (b, out3);
  make_single_succ_edge (out2, out3, EDGE_FALLTHRU);
  make_single_succ_edge (out, out3, EDGE_FALLTHRU);
  /* OUT and OUT2 are empty forwarders into OUT3.  */
  erbium_b_to_join (b, NULL_TREE);
}

/* A type T of 32 bits or fewer such that every use of the update's
   result LHS converts it to T or to a type no wider, or NULL_TREE.  An
   int program's `hd = update (v, hd)' converts the 64-bit result back to
   int: the expansion then computes the result in T (the fast path returns
   the int index itself) and defines LHS as its widening, whose low bits,
   all that the uses read, are the result's; the uses' conversions fold
   the widening away, so the fast path widens nothing.  */
static tree
erbium_result_narrow_type (tree lhs)
{
  if (TREE_CODE (lhs) != SSA_NAME)
    return NULL_TREE;
  tree t = NULL_TREE;
  imm_use_iterator it;
  use_operand_p up;
  FOR_EACH_IMM_USE_FAST (up, it, lhs)
    {
      gimple *use = USE_STMT (up);
      if (is_gimple_debug (use))
	continue;
      if (!is_gimple_assign (use)
	  || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (use)))
	return NULL_TREE;
      tree ut = TREE_TYPE (gimple_assign_lhs (use));
      if (!INTEGRAL_TYPE_P (ut) || TYPE_PRECISION (ut) > 32)
	return NULL_TREE;
      if (!t || TYPE_PRECISION (ut) > TYPE_PRECISION (t))
	t = ut;
    }
  return t;
}

/* Remove the definition of A when it is an SSA name without uses defined
   by a conversion, and so on down the chain of conversions it came
   from.  */
static void
erbium_remove_dead_widening (tree a)
{
  while (a && TREE_CODE (a) == SSA_NAME && has_zero_uses (a))
    {
      gimple *def = SSA_NAME_DEF_STMT (a);
      if (!is_gimple_assign (def)
	  || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (def)))
	return;
      tree next = gimple_assign_rhs1 (def);
      gimple_stmt_iterator gsi = gsi_for_stmt (def);
      gsi_remove (&gsi, true);
      release_ssa_name (a);
      a = next;
    }
}

/* True when the view type has every field the fast paths read and the
   unit declares the slow paths, so that P can be expanded.  */
static bool
erbium_layout_ok (tree view_type, enum erbium_prim p)
{
  static const char *const fields[] = {
    "pub", "wake", "own", "gate", "peer_min", "peer_rest", "horizon",
    "peer", "base", "mask",
    "rec", "gen", "esize", "kind", "check"
  };
  if (!view_type)
    return false;
  for (const char *f : fields)
    if (!erbium_field (view_type, f))
      return false;
  tree recf = erbium_field (view_type, "rec");
  if (!POINTER_TYPE_P (TREE_TYPE (recf)))
    return false;
  tree rect = erbium_runtime_type (TREE_TYPE (TREE_TYPE (recf)));
  if (!erbium_field (rect, "gen"))
    return false;
  if (!erbium_runtime_decl (ERBIUM_SLOW_MISUSE))
    return false;
  switch (p)
    {
    case ERBIUM_PRIM_COMMIT:
    case ERBIUM_PRIM_RELEASE:
      return erbium_runtime_decl (ERBIUM_SLOW_WAKE_VIEW) != NULL_TREE;
    case ERBIUM_PRIM_UPDATE:
      return erbium_runtime_decl (ERBIUM_SLOW_UPDATE) != NULL_TREE;
    case ERBIUM_PRIM_STALL:
      return erbium_runtime_decl (ERBIUM_SLOW_STALL) != NULL_TREE;
    case ERBIUM_PRIM_ELEM:
    case ERBIUM_PRIM_BURST:
      return erbium_runtime_decl (ERBIUM_SLOW_CHECK_ACCESS) != NULL_TREE;
    default:
      return true;
    }
}

/* Expand the element primitive call STMT (ERBIUM_PRIM_ELEM, or
   ERBIUM_PRIM_BURST when P says so) of view V of VIEW_TYPE at GSI: its
   result LHS (if any) becomes the masked address of the element(s).
   Returns true when it was expanded.  */
static bool
erbium_lower_elem (gcall *stmt, enum erbium_prim p, tree view_type, tree v,
		   tree lhs, gimple_stmt_iterator *gsi)
{
  tree n = (p == ERBIUM_PRIM_BURST ? gimple_call_arg (stmt, 2)
	    : build_int_cst (integer_type_node, 1));
  tree addr = erbium_emit_masked_elem (gsi, v, view_type,
				       gimple_call_arg (stmt, 1),
				       NULL_TREE, n);
  if (!addr)
    return false;
  gimple *repl = (lhs ? gimple_build_assign (lhs, NOP_EXPR, addr)
		  : gimple_build_nop ());
  gimple_set_location (repl, gimple_location (stmt));
  if (gimple_vdef (stmt))
    unlink_stmt_vdef (stmt);
  gsi_replace (gsi, repl, false);
  return true;
}

/* Emit, with the builder B begun before STMT, the expansion of the
   primitive P (commit, release, update, stall, receive), the erbium_lower_*
   function that mirrors sync.h; RES_TYPE is the type of update's result,
   or NULL_TREE when it is not used.  */
static void
erbium_lower_primitive (erbium_builder *b, gcall *stmt, enum erbium_prim p,
			tree res_type)
{
  switch (p)
    {
    case ERBIUM_PRIM_COMMIT:
      erbium_lower_publish (b, gimple_call_arg (stmt, 1), ER_WRITE,
			    ER_OP_COMMIT);
      break;
    case ERBIUM_PRIM_RELEASE:
      erbium_lower_publish (b, gimple_call_arg (stmt, 1), ER_READ,
			    ER_OP_RELEASE);
      break;
    case ERBIUM_PRIM_UPDATE:
      erbium_lower_acquire (b, gimple_call_arg (stmt, 1), true, res_type);
      break;
    case ERBIUM_PRIM_STALL:
      erbium_lower_acquire (b, gimple_call_arg (stmt, 1), false, NULL_TREE);
      break;
    case ERBIUM_PRIM_RECEIVE:
      erbium_lower_receive (b, false, gimple_call_arg (stmt, 1), NULL_TREE);
      break;
    case ERBIUM_PRIM_RECEIVE_RANGE:
      erbium_lower_receive (b, true, gimple_call_arg (stmt, 1),
			    gimple_call_arg (stmt, 2));
      break;
    default:
      gcc_unreachable ();
    }
}

/* Replace the expanded call STMT by its result: remove it, and give its
   LHS (when RES_TYPE, the result's type, is set) the PHI of the values
   the builder B left on the edges into its join block; then remove the
   index widenings the expansion left unused.  */
static void
erbium_lower_result (erbium_builder *b, gcall *stmt, tree lhs, tree res_type)
{
  /* The call's result is the PHI of the values on the edges into JOIN.  */
  gimple_stmt_iterator jgsi = gsi_for_stmt (stmt);
  if (gimple_vdef (stmt))
    {
      unlink_stmt_vdef (stmt);
      release_ssa_name (gimple_vdef (stmt));
    }
  auto_vec<tree, 3> args;
  for (unsigned k = 1; k < gimple_call_num_args (stmt); k++)
    args.safe_push (gimple_call_arg (stmt, k));
  gsi_remove (&jgsi, true);
  if (res_type)
    {
      tree res = (TREE_CODE (lhs) == SSA_NAME
		  && useless_type_conversion_p (TREE_TYPE (lhs), res_type)
		  ? lhs : make_ssa_name (res_type));
      gphi *phi = create_phi_node (res, b->join);
      for (unsigned k = 0; k < b->join_edges.length (); k++)
	add_phi_arg (phi, b->join_vals[k], b->join_edges[k], b->loc);
      if (res != lhs)
	{
	  gimple_stmt_iterator a = gsi_after_labels (b->join);
	  gimple *g = (useless_type_conversion_p (TREE_TYPE (lhs), res_type)
		       ? gimple_build_assign (lhs, res)
		       : gimple_build_assign (lhs, NOP_EXPR, res));
	  gsi_insert_before (&a, g, GSI_SAME_STMT);
	}
    }
  /* An index widened from 32 bits that nothing uses now (the expansion
     widens it again in the cold blocks that need it, erbium_b_call):
     removed at once, before value numbering merges those cold copies
     back into it and keeps it on the fast path.  */
  for (tree a : args)
    erbium_remove_dead_widening (a);
}

/* Expand the primitive call STMT (primitive P) in place: an element
   primitive by erbium_lower_elem, the others by erbium_lower_primitive
   then erbium_lower_result.  Returns true when it was expanded.  */
static bool
erbium_lower_call (gcall *stmt, enum erbium_prim p)
{
  tree view_type = erbium_view_type (stmt);
  if (!erbium_layout_ok (view_type, p) || stmt_can_throw_internal (cfun, stmt))
    return false;
  tree v = gimple_call_arg (stmt, 0);
  tree lhs = gimple_call_lhs (stmt);
  gimple_stmt_iterator gsi = gsi_for_stmt (stmt);

  if (p == ERBIUM_PRIM_ELEM || p == ERBIUM_PRIM_BURST)
    return erbium_lower_elem (stmt, p, view_type, v, lhs, &gsi);

  erbium_builder b;
  b.v = v;
  b.view_type = view_type;
  erbium_b_begin (&b, &gsi);
  tree res_type = (p == ERBIUM_PRIM_UPDATE && lhs) ? TREE_TYPE (lhs)
		  : NULL_TREE;
  if (res_type)
    {
      tree nt = erbium_result_narrow_type (lhs);
      if (nt)
	res_type = nt;
    }
  erbium_lower_primitive (&b, stmt, p, res_type);
  erbium_lower_result (&b, stmt, lhs, res_type);
  return true;
}

namespace {

const pass_data erbium_lower_pass_data = {
  GIMPLE_PASS,
  "erbium-lower",
  OPTGROUP_LOOP,
  TV_NONE,
  PROP_cfg | PROP_ssa,
  0, 0, 0,
  0,
};

class erbium_lower_pass : public gimple_opt_pass
{
public:
  erbium_lower_pass (gcc::context *ctxt)
    : gimple_opt_pass (erbium_lower_pass_data, ctxt)
  {}

  /* Instances after "vect" and after every "slp".  */
  opt_pass *clone () final override
  {
    return new erbium_lower_pass (m_ctxt);
  }

  /* -O1 and above, not for size, when lower=1.  */
  bool gate (function *) final override
  {
    return optimize > 0 && !optimize_size && erbium_opts.lower;
  }

  unsigned int execute (function *fun) final override;
};

typedef std::pair<gcall *, enum erbium_prim> erbium_prim_call;

/* Push onto CALLS every primitive call of FUN that is worth expanding:
   all but those on a cold path (the element path of a strip-mined loop,
   which waits anyway; a burst loop's copy for ERBIUM_CHECK), where a
   call costs nothing and an expansion would only grow the function
   (erbium_mark_cold_call).  Collected before any expansion, since
   expansion splits blocks.  */
static void
erbium_lower_collect (function *fun, vec<erbium_prim_call> *calls)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	enum erbium_prim p = erbium_primitive_call (gsi_stmt (gsi));
	if (p == ERBIUM_PRIM_NONE)
	  continue;
	if (erbium_cold_call_p (gsi_stmt (gsi)))
	  {
	    if (dump_file)
	      fprintf (dump_file, "erbium-lower: %s at line %d: left as a "
		       "library call (cold path)\n",
		       erbium_prim_name (p),
		       LOCATION_LINE (gimple_location (gsi_stmt (gsi))));
	    continue;
	  }
	calls->safe_push (std::make_pair (as_a <gcall *> (gsi_stmt (gsi)),
					  p));
      }
}

/* Expand each call of CALLS inline, saying in the dump which were and
   which stay library calls.  Each expansion frees the dominators it
   invalidates (erbium_b_begin); a call left alone changes nothing.
   Returns the number of calls expanded.  */
static unsigned
erbium_lower_calls (const vec<erbium_prim_call> &calls)
{
  unsigned lowered = 0;
  for (const erbium_prim_call &c : calls)
    {
      expanded_location xl = expand_location (gimple_location (c.first));
      bool ok = erbium_lower_call (c.first, c.second);
      lowered += ok;
      if (dump_file)
	fprintf (dump_file, "erbium-lower: %s at line %d: %s\n",
		 erbium_prim_name (c.second), xl.line,
		 ok ? "expanded inline (sync.h fast path)"
		 : "left as a library call (view layout or slow-path "
		   "declaration missing, or the call may throw)");
    }
  return lowered;
}

/* Bring FUN's SSA form, loop-closed form, call graph edges and
   dominators up to date after expansions, and record FUN as
   transformed.  */
static void
erbium_lower_update (function *fun)
{
  erbium_note_transformed (fun);
  mark_virtual_operands_for_renaming (fun);
  update_ssa (TODO_update_ssa_only_virtuals);
  if (loops_state_satisfies_p (fun, LOOP_CLOSED_SSA))
    rewrite_into_loop_closed_ssa (NULL, TODO_update_ssa);
  cgraph_edge::rebuild_edges ();
  calculate_dominance_info (CDI_DOMINATORS);
}

/* Expand every primitive call of FUN.  Returns the TODO flags.  */
unsigned int
erbium_lower_pass::execute (function *fun)
{
  auto_vec<erbium_prim_call> calls;
  erbium_lower_collect (fun, &calls);
  if (!erbium_lower_calls (calls))
    return 0;
  erbium_lower_update (fun);
  return TODO_cleanup_cfg;
}

} // anon namespace

/* See erbium-plugin.h.  */
opt_pass *
erbium_make_lower_pass (gcc::context *ctxt)
{
  return new erbium_lower_pass (ctxt);
}
