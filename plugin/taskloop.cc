/* SPDX-License-Identifier: GPL-3.0-or-later */
/* taskloop.cc -- the static conversion of stream task sites created in
   counted loops (pass erbium-taskloop).

   A site's process gets each instance's activation from the control
   program (<erbium/task.h>, er_task_create).  When the site is created
   once in every iteration of a loop whose trip count is known on entry,
   and each instance's activation is a function of the iteration that
   the process can compute (every firstprivate value invariant in the
   loop or affine in it, the accesses' streams, kinds, bursts and
   horizons invariant), the control program needs to send nothing per
   instance: one er_task_create_range before the loop creates the N
   instances at once, with the first one's activation and a step per
   varying field, and the site's process steps through them (task.c).
   This is the Erbium paper's static mapping of a counted loop of tasks
   to one process (OMP-STREAM-SPEC.md section 10; docs/omp-stream.md,
   "Static conversion").

   Positions stay those of the N creations in a row only if nothing else
   in the loop moves the same side of one of the site's streams: for an
   output, no other creation in the loop may write a stream that may be
   the same; for an input or a peek, no other creation may read it and
   no tick may move it.  Two creations whose streams are the results of
   two different er_stream_new calls touch different streams; otherwise
   streams may be the same.  A call in the loop that may create tasks,
   tick, wait for tasks or not return (tasksites.cc tells for the
   functions of the unit; of other functions, builtins, const and pure
   ones are known not to) prevents the conversion, as does a taskwait,
   a call through a pointer, an `if' clause (an instance may be
   undeferred), and a site with a process per instance.

   The pass runs when optimizing, before the loop optimizer (`loop'):
   loops are rotated (ch) and invariants found (fre, pre), and the
   creation calls are still in their loops.  It records for the dump of
   erbium-tasks (tasksites.cc) what each creation call got and why (not).
   GCC internals: "Loop Analysis and Representation" (loop structures,
   number_of_latch_executions, the scalar evolutions: SCEV).  */

#define INCLUDE_STRING
#define INCLUDE_MAP
#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
#include "gimple.h"
#include "tree-pass.h"
#include "ssa.h"
#include "cgraph.h"
#include "calls.h"
#include "fold-const.h"
#include "stor-layout.h"
#include "gimple-iterator.h"
#include "gimplify-me.h"
#include "gimplify.h"
#include "tree-cfg.h"
#include "tree-dfa.h"
#include "cfgloop.h"
#include "tree-ssa-loop.h"
#include "tree-ssa-loop-niter.h"
#include "tree-chrec.h"
#include "tree-scalar-evolution.h"
#include "tree-into-ssa.h"
#include "stringpool.h"
#include "context.h"
#include "cpplib.h"
#include "hash-set.h"
#include "erbium-plugin.h"
#include "omp-stream.h"

/* <erbium/task.h>'s access kinds and flag.  */
#define TL_INPUT 1
#define TL_OUTPUT 2
#define TL_PEEK 3
#define TL_UNDEFERRED 1

/* A store into an activation or an access array: the statement, its
   position in bytes in the variable, the stored value.  */
struct erbium_tl_store
{
  gimple *stmt;
  HOST_WIDE_INT off, size;
  tree lhs, rhs;
};

/* One access of a creation in the loop, as far as its stores tell: the
   stream handle (NULL_TREE: unknown) and the kind (0: unknown).  */
struct erbium_tl_access
{
  tree stream;
  int kind;
};

/* How a value evolves in the loop.  */
enum erbium_tl_evolution
{
  TL_UNKNOWN,
  TL_INVARIANT,
  TL_AFFINE
};

/* The name of runtime function NAME called by G, or NULL.  */
static const char *
erbium_tl_runtime_call (gimple *g)
{
  if (!is_gimple_call (g) || gimple_call_internal_p (g))
    return NULL;
  tree fn = gimple_call_fndecl (g);
  if (!fn || !DECL_NAME (fn) || !TREE_PUBLIC (fn))
    return NULL;
  const char *n = IDENTIFIER_POINTER (DECL_NAME (fn));
  return startswith (n, "er_") ? n : NULL;
}

/* Whether G creates task instances (er_task_create or
   er_task_create_range, whose first six arguments are alike).  */
static bool
erbium_tl_creation_p (gimple *g)
{
  const char *n = erbium_tl_runtime_call (g);
  return n && (!strcmp (n, "er_task_create")
	       || !strcmp (n, "er_task_create_range"))
	 && gimple_call_num_args (g) >= 6;
}

/* The local variable whose address ARG is, or NULL_TREE.  */
static tree
erbium_tl_local_of (tree arg)
{
  if (TREE_CODE (arg) != ADDR_EXPR)
    return NULL_TREE;
  tree v = TREE_OPERAND (arg, 0);
  return VAR_P (v) && auto_var_in_fn_p (v, current_function_decl) ? v
	 : NULL_TREE;
}

/* walk_tree callback: whether *TP is DATA.  */
static tree
erbium_tl_mentions_r (tree *tp, int *walk_subtrees, void *data)
{
  if (*tp == (tree) data)
    return *tp;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Whether G mentions VAR.  */
static bool
erbium_tl_mentions (gimple *g, tree var)
{
  for (unsigned i = 0; i < gimple_num_ops (g); i++)
    if (gimple_op (g, i)
	&& walk_tree (gimple_op_ptr (g, i), erbium_tl_mentions_r, var, NULL))
      return true;
  return false;
}

/* Collect into *STORES the stores into VAR in the loop with body BBS
   (NBBS blocks) that CALL reads: they must be in CALL's block, before
   it; any other use of VAR in the loop but a clobber is refused.
   Returns false with *WHY set when VAR is used otherwise.  */
static bool
erbium_tl_stores (basic_block *bbs, unsigned nbbs, gimple *call, tree var,
		  vec<erbium_tl_store> *stores, std::string *why,
		  const char *what)
{
  for (unsigned i = 0; i < nbbs; i++)
    {
      bool before = gimple_bb (call) == bbs[i];
      for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gimple *g = gsi_stmt (gsi);
	  if (g == call)
	    {
	      before = false;
	      continue;
	    }
	  if (is_gimple_debug (g) || !erbium_tl_mentions (g, var))
	    continue;
	  if (gimple_clobber_p (g))
	    continue;
	  tree lhs = gimple_get_lhs (g);
	  HOST_WIDE_INT off, size;
	  bool reverse;
	  if (before && gimple_assign_single_p (g) && lhs
	      && get_ref_base_and_extent_hwi (lhs, &off, &size,
					      &reverse) == var
	      && off % 8 == 0 && size % 8 == 0
	      && !walk_tree (gimple_assign_rhs1_ptr (g), erbium_tl_mentions_r,
			     var, NULL))
	    {
	      stores->safe_push ({ g, off / 8, size / 8, lhs,
				   gimple_assign_rhs1 (g) });
	      continue;
	    }
	  *why = std::string (what) + " is used elsewhere in the loop";
	  return false;
	}
    }
  return true;
}

/* The accesses of the creation call G in the loop (BBS, NBBS), as far as
   the stores into its access array tell (unknown ones included).  */
static void
erbium_tl_accesses_of (basic_block *bbs, unsigned nbbs, gimple *g,
		       vec<erbium_tl_access> *accs)
{
  tree nacc = gimple_call_arg (g, 4);
  int n = tree_fits_shwi_p (nacc) ? (int) tree_to_shwi (nacc) : -1;
  tree acc = erbium_tl_local_of (gimple_call_arg (g, 3));
  auto_vec<erbium_tl_store> st;
  std::string why;
  if (n < 0 || !acc || !erbium_tl_stores (bbs, nbbs, g, acc, &st, &why, "?"))
    {
      /* Unknown: a stream that may be any, of either side.  */
      accs->safe_push ({ NULL_TREE, 0 });
      return;
    }
  tree elt = TREE_TYPE (TREE_TYPE (acc));
  HOST_WIDE_INT esz = int_size_in_bytes (elt);
  HOST_WIDE_INT s_off = int_byte_position (erbium_task_field (elt, "stream"));
  HOST_WIDE_INT k_off = int_byte_position (erbium_task_field (elt, "kind"));
  for (int k = 0; k < n; k++)
    {
      erbium_tl_access a = { NULL_TREE, 0 };
      for (const erbium_tl_store &s : st)
	{
	  if (s.off == k * esz + s_off)
	    a.stream = s.rhs;
	  else if (s.off == k * esz + k_off && tree_fits_shwi_p (s.rhs))
	    a.kind = (int) tree_to_shwi (s.rhs);
	}
      accs->safe_push (a);
    }
}

/* Whether stream handles A and B may be the same stream (NULL_TREE:
   unknown).  Two results of different er_stream_new calls are not.  */
static bool
erbium_tl_may_equal (tree a, tree b)
{
  if (!a || !b || operand_equal_p (a, b, 0))
    return true;
  if (TREE_CODE (a) != SSA_NAME || TREE_CODE (b) != SSA_NAME)
    return true;
  gimple *da = SSA_NAME_DEF_STMT (a), *db = SSA_NAME_DEF_STMT (b);
  const char *na = erbium_tl_runtime_call (da);
  const char *nb = erbium_tl_runtime_call (db);
  return !(na && nb && !strcmp (na, "er_stream_new")
	   && !strcmp (nb, "er_stream_new") && da != db);
}

/* Which side of a stream an access of KIND moves: 1 writers, 0 readers,
   -1 unknown (both).  */
static int
erbium_tl_side (int kind)
{
  return kind == TL_OUTPUT ? 1 : kind == TL_INPUT || kind == TL_PEEK ? 0
	 : -1;
}

/* The evolution of VAL in LOOP: invariant (*START its value on entry),
   affine (*START the first value, *STEP the step), or unknown.  */
static enum erbium_tl_evolution
erbium_tl_evolve (class loop *loop, tree val, tree *start, tree *step)
{
  if (is_gimple_min_invariant (val))
    {
      *start = val;
      return TL_INVARIANT;
    }
  if (TREE_CODE (val) != SSA_NAME)
    return TL_UNKNOWN;
  gimple *def = SSA_NAME_DEF_STMT (val);
  if (!gimple_bb (def) || !flow_bb_inside_loop_p (loop, gimple_bb (def)))
    {
      *start = val;
      return TL_INVARIANT;
    }
  tree ev = analyze_scalar_evolution (loop, val);
  ev = instantiate_scev (loop_preheader_edge (loop), loop, ev);
  if (chrec_contains_undetermined (ev))
    return TL_UNKNOWN;
  if (TREE_CODE (ev) == POLYNOMIAL_CHREC)
    {
      if (CHREC_VARIABLE (ev) != (unsigned) loop->num)
	return TL_UNKNOWN;
      tree l = CHREC_LEFT (ev), r = CHREC_RIGHT (ev);
      if (tree_contains_chrecs (l, NULL) || tree_contains_chrecs (r, NULL)
	  || chrec_contains_symbols_defined_in_loop (l, loop->num)
	  || chrec_contains_symbols_defined_in_loop (r, loop->num))
	return TL_UNKNOWN;
      *start = l;
      *step = r;
      return TL_AFFINE;
    }
  if (tree_contains_chrecs (ev, NULL)
      || chrec_contains_symbols_defined_in_loop (ev, loop->num))
    return TL_UNKNOWN;
  *start = ev;
  return TL_INVARIANT;
}

/* The name of the activation field LHS stores into, for the dump.  */
static std::string
erbium_tl_field_name (tree lhs, HOST_WIDE_INT off)
{
  if (TREE_CODE (lhs) == COMPONENT_REF && DECL_NAME (TREE_OPERAND (lhs, 1)))
    return IDENTIFIER_POINTER (DECL_NAME (TREE_OPERAND (lhs, 1)));
  return "at byte " + std::to_string ((long) off);
}

/* The name of function FN, for the dump.  */
static const char *
erbium_fn_name_of (tree fn)
{
  return DECL_NAME (fn) ? IDENTIFIER_POINTER (DECL_NAME (fn)) : "?";
}

/* The declaration of er_task_create_range: the unit's when it has one
   (it includes <erbium/task.h>), else the plugin's.  */
static tree
erbium_tl_range_fn (void)
{
  symtab_node *n
    = symtab_node::get_for_asmname (get_identifier ("er_task_create_range"));
  if (n && TREE_CODE (n->decl) == FUNCTION_DECL)
    return n->decl;
  return erbium_task_fn (ERBIUM_FN_TASK_CREATE_RANGE);
}

/* One creation call and what converting it needs.  */
struct erbium_tl_creation
{
  gcall *call;
  erbium_site *site;
  class loop *loop;
  tree count;			/* instances, on entry */
  auto_vec<erbium_tl_store> act_stores, acc_stores;
  /* Per activation store: its start value, and its step (NULL_TREE:
     invariant); per access array store, its value on entry.  */
  auto_vec<tree> starts, steps, acc_values;
  auto_vec<erbium_tl_access> accs;
  std::string stepped;		/* the stepped fields, for the dump */
};

/* Whether creation C's loop has one exit and a trip count known when
   it is entered, and C is created once in each of its iterations: sets
   C->count; else *WHY says why not.  */
static bool
erbium_tl_check_loop (erbium_tl_creation *c, std::string *why)
{
  gcall *call = c->call;
  class loop *loop = c->loop;
  edge exit = single_exit (loop);
  if (!exit)
    {
      *why = "the loop has more than one exit";
      return false;
    }
  tree niter = number_of_latch_executions (loop);
  if (chrec_contains_undetermined (niter)
      || chrec_contains_symbols_defined_in_loop (niter, loop->num))
    {
      *why = "the loop's trip count is not known when it is entered";
      return false;
    }
  basic_block cb = gimple_bb (call);
  bool plus_one;
  if (!dominated_by_p (CDI_DOMINATORS, loop->latch, cb))
    plus_one = false, cb = NULL;
  else if (dominated_by_p (CDI_DOMINATORS, exit->src, cb))
    plus_one = true;
  else if (dominated_by_p (CDI_DOMINATORS, cb, exit->src))
    plus_one = false;
  else
    cb = NULL;
  if (!cb)
    {
      *why = "it is not created once in every iteration of the loop (it is "
	     "under a condition)";
      return false;
    }
  tree ul = long_unsigned_type_node;
  tree cnt = fold_convert (ul, unshare_expr (niter));
  if (plus_one)
    cnt = fold_build2 (PLUS_EXPR, ul, cnt, build_int_cst (ul, 1));
  c->count = fold_convert (erbium_int64_type (), cnt);
  return true;
}

/* The activation (*ACT) and access array (*ACC) of creation C, local
   variables (NULL_TREE when there is none), of a constant size and
   count; returns false, *WHY saying why, when they are not.  */
static bool
erbium_tl_creation_locals (erbium_tl_creation *c, tree *act, tree *acc,
			   std::string *why)
{
  gcall *call = c->call;
  tree size = gimple_call_arg (call, 2);
  if (!tree_fits_uhwi_p (size))
    {
      *why = "the activation's size is not constant (a variable-length "
	     "firstprivate)";
      return false;
    }
  tree nacc_t = gimple_call_arg (call, 4);
  if (!tree_fits_shwi_p (nacc_t))
    {
      *why = "the number of accesses is not constant";
      return false;
    }
  int nacc = (int) tree_to_shwi (nacc_t);
  *act = erbium_tl_local_of (gimple_call_arg (call, 1));
  *acc = erbium_tl_local_of (gimple_call_arg (call, 3));
  if ((!*act && tree_to_uhwi (size)) || (!*acc && nacc))
    {
      *why = "its activation or accesses are not local variables";
      return false;
    }
  return true;
}

/* The activation of creation C: each field invariant or affine (C->starts,
   C->steps, C->stepped); else *WHY says why not.  */
static bool
erbium_tl_check_activation (erbium_tl_creation *c, std::string *why)
{
  class loop *loop = c->loop;
  bool ok = true;
  for (unsigned i = 0; ok && i < c->act_stores.length (); i++)
    {
      const erbium_tl_store &s = c->act_stores[i];
      tree start = NULL_TREE, step = NULL_TREE;
      std::string f = erbium_tl_field_name (s.lhs, s.off);
      enum erbium_tl_evolution e = erbium_tl_evolve (loop, s.rhs, &start,
						     &step);
      tree type = TREE_TYPE (s.lhs);
      if (e == TL_UNKNOWN)
	{
	  *why = "firstprivate " + f
		 + (TREE_CODE (s.rhs) == SSA_NAME
		    || is_gimple_min_invariant (s.rhs)
		    ? " varies in the loop in a way the process cannot compute "
		      "(not affine in the iteration)"
		    : " is copied from memory in the loop");
	  ok = false;
	}
      else if (e == TL_AFFINE
	       && (!(INTEGRAL_TYPE_P (type) || POINTER_TYPE_P (type))
		   || !(s.size == 1 || s.size == 2 || s.size == 4
			|| s.size == 8)))
	{
	  *why = "firstprivate " + f + " steps in the loop but is not an "
		 "integer or a pointer of 1, 2, 4 or 8 bytes";
	  ok = false;
	}
      else
	{
	  c->starts.safe_push (start);
	  c->steps.safe_push (e == TL_AFFINE ? step : NULL_TREE);
	  if (e == TL_AFFINE)
	    c->stepped += (c->stepped.empty () ? "" : ", ") + f;
	}
    }
  return ok;
}

/* The accesses of creation C (its access array ACC, in the NBBS blocks
   BBS of its loop): everything invariant (C->accs, C->acc_values); else
   *WHY says why not.  */
static bool
erbium_tl_check_accesses (erbium_tl_creation *c, basic_block *bbs,
			  unsigned nbbs, tree acc, std::string *why)
{
  bool ok = true;
  erbium_tl_accesses_of (bbs, nbbs, c->call, &c->accs);
  for (const erbium_tl_store &s : c->acc_stores)
    {
      tree start, step;
      if (erbium_tl_evolve (c->loop, s.rhs, &start, &step) == TL_INVARIANT)
	c->acc_values.safe_push (start);
      else
	{
	  HOST_WIDE_INT esz = int_size_in_bytes (TREE_TYPE (TREE_TYPE
							    (acc)));
	  *why = "the stream, burst or horizon of access "
		 + std::to_string ((long) (s.off / esz))
		 + " varies in the loop";
	  ok = false;
	  break;
	}
    }
  for (unsigned k = 0; ok && k < c->accs.length (); k++)
    if (!c->accs[k].stream || erbium_tl_side (c->accs[k].kind) < 0)
      {
	*why = "access " + std::to_string (k) + " is not known";
	ok = false;
      }
  return ok;
}

/* Whether the statement G of creation C's loop, not a call, writes no
   memory but the locals of the loop's creations (CREATION_LOCALS); else
   *WHY says where.  */
static bool
erbium_tl_check_store (gimple *g, hash_set<tree> &creation_locals,
		       std::string *why)
{
  tree lhs = gimple_get_lhs (g);
  tree base = lhs ? get_base_address (lhs) : NULL_TREE;
  if ((gimple_vdef (g) || gimple_has_volatile_ops (g)
       || gimple_code (g) == GIMPLE_ASM)
      && !(gimple_assign_single_p (g) && base
	   && creation_locals.contains (base)))
    {
      *why = "the loop writes memory at "
	     + erbium_net_where (gimple_location (g))
	     + ", which would come after instances created before "
	       "the loop";
      return false;
    }
  return true;
}

/* Whether the call G of FN in creation C's loop, neither a creation nor
   a tick nor a taskwait, moves no stream and writes no memory; else *WHY
   says why not.  */
static bool
erbium_tl_check_other_call (gimple *g, tree fn, std::string *why)
{
  std::string w;
  int flags = gimple_call_flags (g);
  if (erbium_call_may_move_streams (fn, &w))
    {
      *why = w + " is in the loop";
      return false;
    }
  else if (!(flags & (ECF_CONST | ECF_PURE))
	   || (flags & ECF_LOOPING_CONST_OR_PURE))
    {
      *why = std::string ("a call of ") + erbium_fn_name_of (fn)
	     + " in the loop may write memory, which would come "
	       "after instances created before the loop";
      return false;
    }
  return true;
}

/* Whether the accesses OTHER of a creation or tick in creation C's loop
   (WHOSE: what it is, for *WHY) move no side of C's streams.  */
static bool
erbium_tl_check_other_accesses (erbium_tl_creation *c,
				vec<erbium_tl_access> &other,
				const std::string &whose, std::string *why)
{
  for (unsigned k = 0; k < c->accs.length (); k++)
    for (const erbium_tl_access &o : other)
      {
	int mine = erbium_tl_side (c->accs[k].kind);
	int theirs = erbium_tl_side (o.kind);
	if ((theirs < 0 || theirs == mine)
	    && erbium_tl_may_equal (c->accs[k].stream, o.stream))
	  {
	    *why = whose + (mine ? "writes" : "reads")
		   + " a stream that may be access "
		   + std::to_string (k)
		   + "'s: the positions of both interleave";
	    return false;
	  }
      }
  return true;
}

/* Whether the statement G of creation C's loop (its NBBS blocks BBS)
   neither moves the same side of C's streams nor writes memory but the
   locals of the loop's creations (CREATION_LOCALS); else *WHY says why
   not.  */
static bool
erbium_tl_check_stmt (erbium_tl_creation *c, gimple *g, basic_block *bbs,
		      unsigned nbbs, hash_set<tree> &creation_locals,
		      std::string *why)
{
  if (g == c->call || is_gimple_debug (g) || gimple_clobber_p (g))
    return true;
  if (!is_gimple_call (g))
    return erbium_tl_check_store (g, creation_locals, why);
  if (gimple_call_internal_p (g))
    {
      if (gimple_vdef (g))
	{
	  *why = "the loop writes memory at "
		 + erbium_net_where (gimple_location (g));
	  return false;
	}
      return true;
    }
  tree fn = gimple_call_fndecl (g);
  if (!fn)
    {
      *why = "a call through a pointer in the loop may create tasks or "
	     "tick";
      return false;
    }
  const char *rn = erbium_tl_runtime_call (g);
  auto_vec<erbium_tl_access> other;
  std::string whose;
  if (erbium_tl_creation_p (g))
    {
      erbium_tl_accesses_of (bbs, nbbs, g, &other);
      erbium_site *os = erbium_site_of (gimple_call_arg (g, 0));
      /* A site created at two places (a process fused in creation
	 order, fuse.cc): its instances keep their order.  */
      if (os == c->site)
	{
	  *why = "the site is also created at another place of the loop "
		 "(a process fused in creation order): its instances keep "
		 "their order";
	  return false;
	}
      whose = "the task site at "
	      + (os ? erbium_net_where (os->loc) : std::string ("?"))
	      + " is also created in the loop and ";
    }
  else if (rn && !strcmp (rn, "er_stream_tick"))
    {
      other.safe_push ({ gimple_call_arg (g, 0), TL_INPUT });
      whose = "a tick in the loop ";
    }
  else if ((rn && !strcmp (rn, "er_taskwait"))
	   || fndecl_built_in_p (fn, BUILT_IN_GOMP_TASKWAIT))
    {
      *why = "a taskwait in the loop";
      return false;
    }
  else
    return erbium_tl_check_other_call (g, fn, why);
  return erbium_tl_check_other_accesses (c, other, whose, why);
}

/* Whether creation C in its loop can be converted; else *WHY says why
   not.  */
static bool
erbium_tl_analyse (erbium_tl_creation *c, std::string *why)
{
  gcall *call = c->call;
  class loop *loop = c->loop;
  if (c->site->per_instance)
    {
      *why = "one process per instance (its instances may wait for later "
	     "ones): each instance needs its own process";
      return false;
    }
  tree flags = gimple_call_arg (call, 5);
  if (!tree_fits_shwi_p (flags) || (tree_to_shwi (flags) & TL_UNDEFERRED))
    {
      *why = "its `if' clause may make an instance undeferred (run by the "
	     "control program)";
      return false;
    }
  tree act, acc;
  if (!erbium_tl_check_loop (c, why)
      || !erbium_tl_creation_locals (c, &act, &acc, why))
    return false;

  basic_block *bbs = get_loop_body (loop);
  unsigned nbbs = loop->num_nodes;
  bool ok = (!act || erbium_tl_stores (bbs, nbbs, call, act, &c->act_stores,
				       why, "the activation"))
	    && (!acc || erbium_tl_stores (bbs, nbbs, call, acc, &c->acc_stores,
					  why, "the access array"));

  /* The activation: each field invariant or affine.  */
  ok = ok && erbium_tl_check_activation (c, why);
  /* The accesses: everything invariant.  */
  if (ok && acc)
    ok = erbium_tl_check_accesses (c, bbs, nbbs, acc, why);

  /* The activations, access arrays and steps of the creations in the
     loop.  */
  hash_set<tree> creation_locals;
  for (unsigned i = 0; ok && i < nbbs; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (erbium_tl_creation_p (gsi_stmt (gsi)))
	for (unsigned a : { 1, 3, 7 })
	  if (a < gimple_call_num_args (gsi_stmt (gsi)))
	    if (tree v
		= erbium_tl_local_of (gimple_call_arg (gsi_stmt (gsi), a)))
	      creation_locals.add (v);

  /* Nothing else in the loop may move the same side of its streams, nor
     write memory: whatever the loop does before creating an instance
     happens before that instance runs, and the instances now exist
     before the loop.  */
  for (unsigned i = 0; ok && i < nbbs; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]);
	 ok && !gsi_end_p (gsi); gsi_next (&gsi))
      ok = erbium_tl_check_stmt (c, gsi_stmt (gsi), bbs, nbbs, creation_locals,
				 why);
  free (bbs);
  return ok;
}

/* EXPR as a GIMPLE value, the statements computing it appended to
   *SEQ (force_gimple_operand starts a sequence of its own).  */
static tree
erbium_tl_gimple_val (tree expr, gimple_seq *seq)
{
  gimple_seq s = NULL;
  tree v = force_gimple_operand (expr, &s, true, NULL_TREE);
  gimple_seq_add_seq (seq, s);
  return v;
}

/* In *SEQ_P, the array of the steps of creation C's stepped activation
   fields (offset, width, step, as <erbium/task.h> er_task_step).
   Returns its address (a null pointer when none steps), *NSTEPS_P its
   length.  */
static tree
erbium_tl_emit_steps (erbium_tl_creation *c, gimple_seq *seq_p, int *nsteps_p)
{
  gimple_seq &seq = *seq_p;
  int nsteps = 0;
  for (tree st : c->steps)
    nsteps += st != NULL_TREE;
  tree steps_addr = null_pointer_node;
  if (nsteps)
    {
      tree st = erbium_step_type ();
      tree arr = create_tmp_var (build_array_type_nelts (st, nsteps),
				 "__erbium_steps");
      TREE_ADDRESSABLE (arr) = 1;
      int j = 0;
      for (unsigned i = 0; i < c->act_stores.length (); i++)
	{
	  if (!c->steps[i])
	    continue;
	  const erbium_tl_store &s = c->act_stores[i];
	  tree e = build4 (ARRAY_REF, st, arr, size_int (j++), NULL_TREE,
			   NULL_TREE);
	  auto put = [&] (const char *name, tree val) {
	    tree f = erbium_task_field (st, name);
	    tree v = erbium_tl_gimple_val (fold_convert (TREE_TYPE (f), val),
					   &seq);
	    gimple_seq_add_stmt (&seq, gimple_build_assign
				 (build3 (COMPONENT_REF, TREE_TYPE (f),
					  unshare_expr (e), f, NULL_TREE), v));
	  };
	  put ("offset", build_int_cst (unsigned_type_node, s.off));
	  put ("width", build_int_cst (unsigned_type_node, s.size));
	  put ("step", unshare_expr (c->steps[i]));
	}
      steps_addr = build_fold_addr_expr (arr);
    }
  *nsteps_p = nsteps;
  return steps_addr;
}

/* Replace creation C, analysed, by one er_task_create_range before its
   loop.  */
static void
erbium_tl_convert (erbium_tl_creation *c)
{
  gcall *call = c->call;
  gimple_seq seq = NULL;
  tree n = erbium_tl_gimple_val (c->count, &seq);
  for (unsigned i = 0; i < c->act_stores.length (); i++)
    {
      const erbium_tl_store &s = c->act_stores[i];
      tree v = fold_convert (TREE_TYPE (s.lhs), unshare_expr (c->starts[i]));
      v = erbium_tl_gimple_val (v, &seq);
      gimple_seq_add_stmt (&seq, gimple_build_assign (unshare_expr (s.lhs),
						      v));
    }
  for (unsigned i = 0; i < c->acc_stores.length (); i++)
    {
      const erbium_tl_store &s = c->acc_stores[i];
      tree v = fold_convert (TREE_TYPE (s.lhs),
			     unshare_expr (c->acc_values[i]));
      v = erbium_tl_gimple_val (v, &seq);
      gimple_seq_add_stmt (&seq, gimple_build_assign (unshare_expr (s.lhs),
						      v));
    }
  int nsteps;
  tree steps_addr = erbium_tl_emit_steps (c, &seq, &nsteps);
  tree fn = erbium_tl_range_fn ();
  gcall *g = gimple_build_call (fn, 9, gimple_call_arg (call, 0),
				gimple_call_arg (call, 1),
				gimple_call_arg (call, 2),
				gimple_call_arg (call, 3),
				gimple_call_arg (call, 4),
				gimple_call_arg (call, 5), n, steps_addr,
				build_int_cst (integer_type_node, nsteps));
  gimple_set_location (g, gimple_location (call));
  gimple_seq_add_stmt (&seq, g);
  gsi_insert_seq_on_edge_immediate (loop_preheader_edge (c->loop), seq);

  cgraph_node *node = cgraph_node::get (current_function_decl);
  if (node)
    {
      if (cgraph_edge *e = node->get_edge (call))
	cgraph_edge::remove (e);
      node->create_edge (cgraph_node::get_create (fn), g,
			 gimple_bb (g)->count);
    }
  auto remove = [] (gimple *s) {
    gimple_stmt_iterator gsi = gsi_for_stmt (s);
    unlink_stmt_vdef (s);
    gsi_remove (&gsi, true);
    release_defs (s);
  };
  for (const erbium_tl_store &s : c->act_stores)
    remove (s.stmt);
  for (const erbium_tl_store &s : c->acc_stores)
    remove (s.stmt);
  remove (call);
}

/* The er_task_create calls of FUN for a site of the unit, in CALLS.  */
static void
erbium_tl_creation_calls (function *fun, vec<gcall *> *calls)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (erbium_tl_creation_p (gsi_stmt (gsi))
	  && !strcmp (erbium_tl_runtime_call (gsi_stmt (gsi)),
		      "er_task_create")
	  && erbium_site_of (gimple_call_arg (gsi_stmt (gsi), 0)))
	calls->safe_push (as_a<gcall *> (gsi_stmt (gsi)));
}

/* Convert the creation CALL of FUN statically when its loop allows it
   (erbium_tl_analyse); the site's dump says which, or why not.  Returns
   whether it was converted.  */
static bool
erbium_tl_convert_creation (function *fun, gcall *call)
{
  erbium_tl_creation c;
  c.call = call;
  c.site = erbium_site_of (gimple_call_arg (call, 0));
  c.loop = gimple_bb (call)->loop_father;
  std::string why;
  bool ok;
  if (!c.loop || !loop_outer (c.loop))
    {
      why = "it is not created in a loop";
      ok = false;
    }
  else
    ok = erbium_tl_analyse (&c, &why);
  std::string in = std::string (" in ")
		   + IDENTIFIER_POINTER (DECL_NAME (fun->decl));
  if (ok)
    {
      erbium_tl_convert (&c);
      scev_reset ();
      c.site->conversion
	+= "  conversion: static" + in + ": no activation stream: one "
	   "er_task_create_range before the loop creates the instances "
	   "of its iterations; stepped: "
	   + (c.stepped.empty () ? std::string ("nothing") : c.stepped)
	   + "\n";
    }
  else
    c.site->conversion += "  conversion: none" + in + ": " + why + "\n";
  return ok;
}

const pass_data erbium_taskloop_pass_data = {
  GIMPLE_PASS,
  "erbium-taskloop",
  OPTGROUP_LOOP,
  TV_NONE,
  PROP_cfg | PROP_ssa,
  0,
  0,
  0,
  0,
};

class erbium_taskloop_pass : public gimple_opt_pass
{
public:
  erbium_taskloop_pass (gcc::context *ctxt)
    : gimple_opt_pass (erbium_taskloop_pass_data, ctxt)
  {}

  bool gate (function *) final override
  {
    return optimize && !erbium_sites.is_empty ();
  }

  unsigned int execute (function *fun) final override;
};

/* Convert statically the task creations of FUN whose loops allow it
   (see the file comment).  Returns the TODO flags.  */
unsigned int
erbium_taskloop_pass::execute (function *fun)
{
  auto_vec<gcall *> calls;
  erbium_tl_creation_calls (fun, &calls);
  if (calls.is_empty ())
    return 0;

  loop_optimizer_init (LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
  calculate_dominance_info (CDI_DOMINATORS);
  scev_initialize ();
  bool changed = false;
  for (gcall *call : calls)
    if (erbium_tl_convert_creation (fun, call))
      changed = true;
  scev_finalize ();
  loop_optimizer_finalize ();
  if (!changed)
    return 0;
  mark_virtual_operands_for_renaming (fun);
  return TODO_update_ssa_only_virtuals | TODO_cleanup_cfg;
}

/* See erbium-plugin.h.  */
opt_pass *
erbium_make_taskloop_pass (gcc::context *ctxt)
{
  return new erbium_taskloop_pass (ctxt);
}
