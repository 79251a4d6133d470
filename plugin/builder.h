/* SPDX-License-Identifier: GPL-3.0-or-later */
/* builder.h -- the GIMPLE builder that erbium-lower and erbium-window
   use to emit new code with new blocks (builder.cc): a region split
   before a statement, tests that branch to cold blocks, calls of the
   runtime's slow paths and the join where the paths meet again.  The
   shared emitters built on it (erbium_emit_masked_elem, erbium_view_ref)
   are declared in erbium-plugin.h.  Included after the GCC headers of
   gimple, basic blocks and profile counts.  GCC internals: "Control Flow
   Graph", "GIMPLE API".  */

#ifndef ERBIUM_BUILDER_H
#define ERBIUM_BUILDER_H

/* A region of new code between a block CUR (code is appended at its end)
   and JOIN, the rest of the original block.  Paths that leave the region
   early with a value are collected in JOIN_EDGES/JOIN_VALS for the result
   PHI.  */
struct erbium_builder
{
  basic_block cur;
  basic_block join;
  class loop *loop;
  location_t loc;
  tree v;
  tree view_type;
  auto_vec<edge> join_edges;
  auto_vec<tree> join_vals;
};

/* Start a region before the statement at *GSI (which stays in JOIN).
   The block is split before it and the fall-through edge removed: every
   path of the region must end in erbium_b_to_join or a noreturn call.  */
void erbium_b_begin (erbium_builder *b, gimple_stmt_iterator *gsi);

/* Append STMT to the current block.  */
void erbium_b_add (erbium_builder *b, gimple *stmt);

/* Append TMP = RHS (a single operand: a load, a constant, an address) and
   return TMP, of RHS's type.  */
tree erbium_b_val (erbium_builder *b, tree rhs);

/* Append TMP = A CODE B in TYPE and return TMP.  */
tree erbium_b_op (erbium_builder *b, enum tree_code code, tree type, tree a,
		  tree c);

/* Append TMP = (TYPE) A and return TMP (A itself when no conversion is
   needed, a folded constant for a constant).  */
tree erbium_b_cvt (erbium_builder *b, tree type, tree a);

/* The COMPONENT_REF OBJ->FIELD for a pointer value OBJ to struct
   RECORD.  */
tree erbium_ref (tree obj, tree record, tree field);

/* Load field NAME of the view (its FIELD_DECL must exist: checked by
   erbium_layout_ok).  */
tree erbium_b_field (erbium_builder *b, const char *name);

/* Append a call of FNDECL with the NARGS arguments in ARGS, each converted
   to its parameter type; return the result (converted to RESULT_TYPE), or
   NULL_TREE when RESULT_TYPE is NULL_TREE.  An argument that is a 32-bit
   index widened to 64 bits (erbium_index_narrow) is widened again here,
   in the call's block: the slow paths' blocks are cold, and the fast
   path of an int program then keeps no widened copy of its index.  */
tree erbium_b_call (erbium_builder *b, tree fndecl, tree result_type,
		    int nargs, tree *args);

/* End the current block with "if (A CODE C)"; the true branch, of
   probability PROB, becomes the current block.  Returns the false branch,
   where erbium_b_close continues.  */
basic_block erbium_b_if (erbium_builder *b, enum tree_code code, tree a,
			 tree c, profile_probability prob);

/* End the current block with a fall-through into NEXT (from erbium_b_if),
   which becomes the current block.  Where the current block ends in a
   noreturn call, no edge is made.  */
void erbium_b_close (erbium_builder *b, basic_block next);

/* End the current block with a jump to JOIN, the primitive's result being
   VAL there (NULL_TREE when the primitive returns nothing).  */
void erbium_b_to_join (erbium_builder *b, tree val);

#endif /* ERBIUM_BUILDER_H */
