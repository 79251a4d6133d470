/* SPDX-License-Identifier: GPL-3.0-or-later */
/* primitives.cc -- the table of the Erbium runtime's primitives and their
   declared side effects.

   In library mode (<erbium.h>, or ER_LIBRARY_MODE before
   <erbium/runtime.h>) every primitive is an extern declaration of the
   runtime's out-of-line copy.  An unannotated call makes the view escape
   and clobbers all memory, which stops the vectoriser; "pure" would let GCC
   delete a commit.  At PLUGIN_FINISH_DECL this file attaches GCC's
   "fn spec" to each primitive's function type (GCC-PLUGIN-NOTES.md,
   "Declared side effects": the view is read and written but does not
   escape, global memory may change), marks er_elem and er_burst pure (they
   only read the view), and remembers the declarations of the primitives
   and of the slow paths for window.cc and lower.cc.  Source of the spec
   letters: gcc/attr-fnspec.h.

   Link-time optimisation: the passes that use this table run in lto1,
   which has no front end, so no PLUGIN_FINISH_DECL; the declarations of
   the slow paths are referenced by nothing yet, so they are not streamed;
   and free_lang_data replaces pointers to structures in prototypes by
   pointers to incomplete copies, so struct er_view's fields are gone from
   the primitives' parameter types.  In cc1, before free_lang_data
   (PLUGIN_ALL_IPA_PASSES_START), erbium_prepare_lto notes the complete
   types and, for an -flto unit, hangs the whole table on each declaration
   as the internal attribute ERBIUM_RUNTIME_ATTR, which LTO streams with
   the declarations of the primitives the unit calls; in lto1,
   erbium_read_lto takes it back from the first such declaration.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "stringpool.h"
#include "attribs.h"
#include "gimple.h"
#include "ggc.h"
#include "cgraph.h"
#include "diagnostic-core.h"
#include "erbium-plugin.h"

/* One primitive, view call or slow path of the runtime (sync.h,
   record.h).  */
struct erbium_prim_info
{
  const char *name;
  /* The <erbium.h> spelling, or NULL for a slow path.  */
  const char *spell;
  /* Number of parameters.  */
  int nargs;
  /* "fn spec" for the function type (first letter: return value, second:
     global side effects, then two letters per parameter), or NULL to leave
     the declaration alone (slow paths: they really may do anything).  */
  const char *fnspec;
  /* Declare the function pure: it reads memory but writes none.  */
  bool pure;
};

/* Indexed by enum erbium_prim.  ". w . ": unknown return value, global
   memory may be read and written (the primitives publish indices and wake
   threads), the view (parameter 1) is read and written but does not
   escape, the int indices are plain values.  er_elem/er_burst: the view is
   only read; with DECL_PURE_P GCC may also drop an unused call or reuse a
   result, but never move it across a primitive call on the same view,
   because that call's spec says it writes *v.  alloc, free_view and the
   two registrations have no spec (they lock, allocate and wake): they are
   here for the front end's checks only.  */
static const struct erbium_prim_info erbium_prims[ERBIUM_PRIM_MAX] = {
  { "er_commit", "commit", 2, ". w . ", false },
  { "er_update", "update", 2, ". w . ", false },
  { "er_stall", "stall", 2, ". w . ", false },
  { "er_release", "release", 2, ". w . ", false },
  { "er_receive", "receive", 2, ". w . ", false },
  { "er_receive_range", "receive_range", 3, ". w . . ", false },
  { "er_elem", "er_elem", 2, ". r . ", true },
  { "er_burst", "er_burst", 3, ". r . . ", true },
  { "er_alloc", "alloc", 2, NULL, false },
  { "er_free_view", "free_view", 2, NULL, false },
  { "er_register", "register_view", 2, NULL, false },
  { "er_register_next", "register_view", 1, NULL, false },
  { "er_update_slow", NULL, 3, NULL, false },
  { "er_stall_slow", NULL, 2, NULL, false },
  { "er_wake_view", NULL, 1, NULL, false },
  { "er_misuse", NULL, 3, NULL, false },
  { "er_check_access", NULL, 3, NULL, false },
  { "er_update_upto", NULL, 3, ". w . . ", false },
  { "er_stall_upto", NULL, 3, ". w . . ", false },
};

/* The declarations seen in this unit, indexed by enum erbium_prim.  A GC
   root: an unused extern declaration is reachable from nothing else once
   the front end's scopes are gone.  */
static tree erbium_prim_decls[ERBIUM_PRIM_MAX];

/* The complete types struct er_view and struct er_record of the unit
   (erbium_runtime_type), taken before free_lang_data, which leaves only
   incomplete copies of them in the primitives' prototypes of an -flto
   unit.  A GC root.  */
enum { ERBIUM_TYPE_VIEW, ERBIUM_TYPE_RECORD, ERBIUM_TYPE_MAX };
static tree erbium_layout_types[ERBIUM_TYPE_MAX];
static const char *const erbium_layout_names[ERBIUM_TYPE_MAX] = {
  "er_view", "er_record"
};

static const struct ggc_root_tab erbium_prim_roots[] = {
  { &erbium_prim_decls[0], ERBIUM_PRIM_MAX, sizeof (erbium_prim_decls[0]),
    &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
  { &erbium_layout_types[0], ERBIUM_TYPE_MAX, sizeof (erbium_layout_types[0]),
    &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

/* The name of the internal attribute that carries, on every declaration
   of erbium_prim_decls, the whole table into -flto objects: its value is
   a TREE_LIST of the declarations the unit has and of the
   erbium_layout_types it has (a list, as LTO's fixup of merged
   declarations expects: lto-common.cc, mentions_vars_p).  The space keeps
   it out of reach of source code, as GCC's own "fn spec".  */
#define ERBIUM_RUNTIME_ATTR "erbium runtime"

/* True when TYPE is a pointer to a structure whose tag is NAME.  */
bool
erbium_pointer_to_struct_p (const_tree type, const char *name)
{
  if (!type || !POINTER_TYPE_P (type))
    return false;
  tree rec = TYPE_MAIN_VARIANT (TREE_TYPE (type));
  if (TREE_CODE (rec) != RECORD_TYPE || !TYPE_NAME (rec))
    return false;
  tree id = TYPE_NAME (rec);
  if (TREE_CODE (id) == TYPE_DECL)
    id = DECL_NAME (id);
  return id && TREE_CODE (id) == IDENTIFIER_NODE
	 && !strcmp (IDENTIFIER_POINTER (id), name);
}

/* See erbium-plugin.h.  */
enum erbium_prim
erbium_classify_decl (const_tree fndecl)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL || !DECL_NAME (fndecl)
      || !TREE_PUBLIC (fndecl) || !DECL_EXTERNAL (fndecl))
    return ERBIUM_PRIM_NONE;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  if (strncmp (name, "er_", 3))
    return ERBIUM_PRIM_NONE;
  for (int p = 0; p < ERBIUM_PRIM_MAX; p++)
    if (!strcmp (name, erbium_prims[p].name))
      {
	/* The prototype: NARGS parameters, the first a pointer to
	   er_view.  */
	tree args = TYPE_ARG_TYPES (TREE_TYPE (fndecl));
	int n = 0;
	for (tree a = args; a && TREE_VALUE (a) != void_type_node;
	     a = TREE_CHAIN (a))
	  n++;
	if (!prototype_p (TREE_TYPE (fndecl)) || n != erbium_prims[p].nargs
	    || !erbium_pointer_to_struct_p (TREE_VALUE (args), "er_view"))
	  return ERBIUM_PRIM_NONE;
	return (enum erbium_prim) p;
      }
  return ERBIUM_PRIM_NONE;
}

/* PLUGIN_FINISH_DECL: GCC_DATA is the declaration just finished.  For a
   primitive, attach the fn spec to its function type (once: a
   redeclaration merges into the same decl, whose type may have lost the
   attribute) and remember the decl.  */
static void
erbium_finish_decl (void *gcc_data, void *)
{
  tree decl = (tree) gcc_data;
  enum erbium_prim p = erbium_classify_decl (decl);
  if (p == ERBIUM_PRIM_NONE)
    return;
  erbium_prim_decls[p] = decl;
  const struct erbium_prim_info *info = &erbium_prims[p];
  if (info->pure)
    DECL_PURE_P (decl) = 1;
  if (info->fnspec
      && !lookup_attribute ("fn spec", TYPE_ATTRIBUTES (TREE_TYPE (decl))))
    {
      tree spec = build_string (strlen (info->fnspec), info->fnspec);
      tree attr = tree_cons (get_identifier ("fn spec"),
			     build_tree_list (NULL_TREE, spec),
			     TYPE_ATTRIBUTES (TREE_TYPE (decl)));
      TREE_TYPE (decl) = build_type_attribute_variant (TREE_TYPE (decl),
						       attr);
    }
}

/* See erbium-plugin.h.  */
enum erbium_prim
erbium_primitive_call (const gimple *stmt)
{
  if (!stmt || !is_gimple_call (stmt))
    return ERBIUM_PRIM_NONE;
  tree fndecl = gimple_call_fndecl (stmt);
  enum erbium_prim p = erbium_classify_decl (fndecl);
  if (p == ERBIUM_PRIM_NONE || p > ERBIUM_PRIM_BURST
      || gimple_call_num_args (stmt) != (unsigned) erbium_prims[p].nargs
      || !POINTER_TYPE_P (TREE_TYPE (gimple_call_arg (stmt, 0))))
    return ERBIUM_PRIM_NONE;
  for (unsigned i = 1; i < gimple_call_num_args (stmt); i++)
    if (!INTEGRAL_TYPE_P (TREE_TYPE (gimple_call_arg (stmt, i))))
      return ERBIUM_PRIM_NONE;
  return p;
}

/* See erbium-plugin.h.  */
tree
erbium_index_narrow (tree i)
{
  if (!i || !INTEGRAL_TYPE_P (TREE_TYPE (i)))
    return NULL_TREE;
  if (TYPE_PRECISION (TREE_TYPE (i)) <= 32)
    return i;
  if (TREE_CODE (i) == INTEGER_CST)
    return (wi::fits_shwi_p (wi::to_widest (i))
	    && tree_to_shwi (i) >= -((HOST_WIDE_INT) 1 << 31)
	    && tree_to_shwi (i) < ((HOST_WIDE_INT) 1 << 32)) ? i : NULL_TREE;
  /* Through conversions that keep every bit (64 bits to 64 bits, such as
     (long) (sizetype) x), down to a widening from 32 bits or fewer.  */
  tree x = i;
  while (TREE_CODE (x) == SSA_NAME)
    {
      gimple *def = SSA_NAME_DEF_STMT (x);
      if (!is_gimple_assign (def)
	  || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (def)))
	return NULL_TREE;
      tree y = gimple_assign_rhs1 (def);
      if (!INTEGRAL_TYPE_P (TREE_TYPE (y)))
	return NULL_TREE;
      if (TYPE_PRECISION (TREE_TYPE (y)) <= 32)
	return y;
      if (TYPE_PRECISION (TREE_TYPE (y)) < TYPE_PRECISION (TREE_TYPE (x)))
	return NULL_TREE;
      x = y;
    }
  return NULL_TREE;
}

/* The internal type attribute (a name with spaces: no source can spell
   it) of the function type of a primitive call on a cold path
   (erbium_mark_cold_call).  */
#define ERBIUM_COLD_CALL_ATTR "erbium cold call"

/* See erbium-plugin.h.  */
void
erbium_mark_cold_call (gcall *call)
{
  tree fntype = gimple_call_fntype (call);
  if (!fntype || lookup_attribute (ERBIUM_COLD_CALL_ATTR,
				   TYPE_ATTRIBUTES (fntype)))
    return;
  tree attrs = tree_cons (get_identifier (ERBIUM_COLD_CALL_ATTR),
			  NULL_TREE, TYPE_ATTRIBUTES (fntype));
  gimple_call_set_fntype (call, build_type_attribute_variant (fntype,
							      attrs));
}

/* See erbium-plugin.h.  */
bool
erbium_cold_call_p (const gimple *stmt)
{
  tree fntype = gimple_call_fntype (stmt);
  return fntype && lookup_attribute (ERBIUM_COLD_CALL_ATTR,
				     TYPE_ATTRIBUTES (fntype));
}

/* See erbium-plugin.h.  */
void
erbium_warn_negative_index (location_t loc, tree idx, const char *spell,
			    tree view)
{
  while (CONVERT_EXPR_P (idx) || TREE_CODE (idx) == NON_LVALUE_EXPR)
    idx = TREE_OPERAND (idx, 0);
  if (TREE_CODE (idx) != INTEGER_CST || tree_int_cst_sgn (idx) >= 0)
    return;
  if (view)
    erbium_warning_at (loc, ERBIUM_WARN_NEGATIVE_INDEX, "negative index %E "
		       "of view %qE: stream indices count from 0", idx, view);
  else
    erbium_warning_at (loc, ERBIUM_WARN_NEGATIVE_INDEX, "%qs with the "
		       "negative index %E: stream indices count from 0",
		       spell, idx);
}

/* See erbium-plugin.h.  */
const char *
erbium_prim_name (enum erbium_prim p)
{
  return erbium_prims[p].name;
}

/* See erbium-plugin.h.  */
const char *
erbium_prim_spelling (enum erbium_prim p)
{
  return erbium_prims[p].spell;
}

/* Whether the structure type TYPE is called NAME (its tag).  */
static bool
erbium_struct_named_p (const_tree type, const char *name)
{
  tree id = TYPE_NAME (type);
  if (id && TREE_CODE (id) == TYPE_DECL)
    id = DECL_NAME (id);
  return id && TREE_CODE (id) == IDENTIFIER_NODE
	 && !strcmp (IDENTIFIER_POINTER (id), name);
}

/* In lto1, fill erbium_prim_decls and erbium_layout_types, once, from
   the ERBIUM_RUNTIME_ATTR attribute of the first function of the symbol
   table that has it (erbium_prepare_lto put it there in cc1); a
   declaration of the table is replaced by the symbol table's own
   declaration of that name when there is one, so that the lowered code
   calls the symbol the program already refers to.  Nothing is found when
   the units were compiled without the plugin: the passes then leave the
   primitives as library calls.  */
static void
erbium_read_lto (void)
{
  static bool done;
  if (erbium_c_frontend || done)
    return;
  done = true;
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    {
      tree a = lookup_attribute (ERBIUM_RUNTIME_ATTR,
				 DECL_ATTRIBUTES (node->decl));
      if (!a || !TREE_VALUE (a))
	continue;
      for (tree l = TREE_VALUE (TREE_VALUE (a)); l; l = TREE_CHAIN (l))
	{
	  tree x = TREE_VALUE (l);
	  enum erbium_prim p = erbium_classify_decl (x);
	  if (p != ERBIUM_PRIM_NONE)
	    {
	      symtab_node *n = symtab_node::get_for_asmname
				 (DECL_ASSEMBLER_NAME (x));
	      erbium_prim_decls[p] = (n && erbium_classify_decl (n->decl) == p
				      ? n->decl : x);
	    }
	  else if (x && TREE_CODE (x) == RECORD_TYPE && COMPLETE_TYPE_P (x))
	    for (int t = 0; t < ERBIUM_TYPE_MAX; t++)
	      if (erbium_struct_named_p (x, erbium_layout_names[t]))
		erbium_layout_types[t] = x;
	}
      return;
    }
}

/* See erbium-plugin.h.  */
tree
erbium_runtime_decl (enum erbium_prim p)
{
  erbium_read_lto ();
  return erbium_prim_decls[p];
}

/* See erbium-plugin.h.  */
tree
erbium_runtime_type (tree type)
{
  if (!type || TREE_CODE (type) != RECORD_TYPE)
    return NULL_TREE;
  type = TYPE_MAIN_VARIANT (type);
  erbium_read_lto ();
  for (int t = 0; t < ERBIUM_TYPE_MAX; t++)
    if (erbium_struct_named_p (type, erbium_layout_names[t]))
      {
	if (COMPLETE_TYPE_P (type))
	  return type;
	return erbium_layout_types[t];
      }
  return COMPLETE_TYPE_P (type) ? type : NULL_TREE;
}

/* PLUGIN_ALL_IPA_PASSES_START, in cc1 (before free_lang_data): note
   the complete struct er_view and struct er_record of the unit in
   erbium_layout_types (from the first parameter of a primitive, then
   its field rec) and, when the unit is written for link-time
   optimisation, attach the table to every declaration of it as
   ERBIUM_RUNTIME_ATTR (see the head comment).  */
static void
erbium_prepare_lto (void *, void *)
{
  for (int p = 0; p < ERBIUM_PRIM_MAX && !erbium_layout_types[0]; p++)
    if (erbium_prim_decls[p])
      {
	tree view = TYPE_MAIN_VARIANT (TREE_TYPE (TREE_VALUE
			(TYPE_ARG_TYPES (TREE_TYPE (erbium_prim_decls[p])))));
	if (!COMPLETE_TYPE_P (view))
	  continue;
	erbium_layout_types[ERBIUM_TYPE_VIEW] = view;
	tree rec = erbium_field (view, "rec");
	if (rec && POINTER_TYPE_P (TREE_TYPE (rec)))
	  {
	    tree rt = TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (rec)));
	    if (TREE_CODE (rt) == RECORD_TYPE && COMPLETE_TYPE_P (rt))
	      erbium_layout_types[ERBIUM_TYPE_RECORD] = rt;
	  }
      }
  if (!flag_generate_lto)
    return;
  tree list = NULL_TREE;
  for (tree x : erbium_prim_decls)
    if (x)
      list = tree_cons (NULL_TREE, x, list);
  for (tree x : erbium_layout_types)
    if (x)
      list = tree_cons (NULL_TREE, x, list);
  for (tree d : erbium_prim_decls)
    if (d && !lookup_attribute (ERBIUM_RUNTIME_ATTR, DECL_ATTRIBUTES (d)))
      DECL_ATTRIBUTES (d) = tree_cons (get_identifier (ERBIUM_RUNTIME_ATTR),
				       build_tree_list (NULL_TREE, list),
				       DECL_ATTRIBUTES (d));
}

/* See erbium-plugin.h.  */
tree
erbium_field (tree record, const char *name)
{
  if (!record || TREE_CODE (record) != RECORD_TYPE)
    return NULL_TREE;
  record = TYPE_MAIN_VARIANT (record);
  for (tree f = TYPE_FIELDS (record); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL && DECL_NAME (f)
	&& !strcmp (IDENTIFIER_POINTER (DECL_NAME (f)), name))
      return f;
  return NULL_TREE;
}

/* See erbium-plugin.h.  */
tree
erbium_view_type (const gimple *stmt)
{
  tree fndecl = gimple_call_fndecl (stmt);
  if (!fndecl)
    return NULL_TREE;
  tree args = TYPE_ARG_TYPES (TREE_TYPE (fndecl));
  if (!args || !erbium_pointer_to_struct_p (TREE_VALUE (args), "er_view"))
    return NULL_TREE;
  return erbium_runtime_type (TREE_TYPE (TREE_VALUE (args)));
}

/* Register the PLUGIN_FINISH_DECL callback, the GC root and, in cc1,
   erbium_prepare_lto.  PLUGIN_NAME: the name GCC gave the plugin.  */
void
erbium_init_primitives (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_FINISH_DECL, erbium_finish_decl,
		     NULL);
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) erbium_prim_roots);
  if (erbium_c_frontend)
    register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
		       erbium_prepare_lto, NULL);
}
