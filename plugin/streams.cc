/* SPDX-License-Identifier: GPL-3.0-or-later */
/* streams.cc -- streams of the OpenMP stream extension: the attributes
   `stream' and `stream_ref' (OMP-STREAM-SPEC.md, section 2) and what a
   stream declaration does.

   * `T x __attribute__((stream))' in a block declares one stream of
     elements of type T; `T xs[K] __attribute__((stream))' (K may be a
     run-time value) an array of K streams.  The variable becomes the
     handle: its type is void * (for an array, T is replaced by void * in
     the array type, so that xs[i] is the handle of stream i), as
     OpenStream does [c-attribs.c: set_stream_type].  At the declaration
     the stream is created (er_stream_new, er_stream_new_array), and at
     the exit of the block it is released (er_stream_release, in a
     cleanup as __attribute__((cleanup)) makes one): tasks that still
     use it hold their own references (<erbium/task.h>).
   * A parameter `T s __attribute__((stream))' or `T s[] ...' is a
     stream handle (void *) or an array of them (void **) passed by the
     caller; `T r __attribute__((stream_ref))' (also `T sel[K]') holds
     handles assigned by the program.  Neither creates nor releases
     anything.
   * T, the element type, is kept in the internal attribute "erbium
     stream" of the declaration: its size is the stream's element size,
     and the type of implicit views.

   An implicit view (`input (x)') names, inside the task body, a variable
   of type T called x.  The C parser reads the body after the pragma, so
   that variable is declared at the pragma, in the current scope: from
   there to the end of the block, x names the view variable, which the
   clauses and ticks map back to the stream (erbium_implicit_view_stream)
   and which outline.cc reports if the control program uses it.

   GCC internals: "Plugins" (PLUGIN_ATTRIBUTES, PLUGIN_FINISH_DECL),
   tree-core.h (struct attribute_spec); c-decl.cc (finish_decl, which
   calls the PLUGIN_FINISH_DECL callbacks after adding the DECL_EXPR;
   push_cleanup).  */

#define INCLUDE_STRING
#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "stringpool.h"
#include "attribs.h"
#include "stor-layout.h"
#include "fold-const.h"
#include "c-family/c-common.h"
#include "c-tree.h"
#include "diagnostic-core.h"
#include "tree-iterator.h"
#include "c-frontend.h"
#include "erbium-plugin.h"
#include "omp-stream.h"

/* The internal attributes (a space keeps them out of reach of source
   code).  "erbium stream": TREE_VALUE is a TREE_LIST whose purpose is
   the kind (an INTEGER_CST of enum erbium_stream_kind) and whose value
   the element type.  "erbium implicit view": TREE_VALUE is a TREE_LIST
   whose value is the stream's declaration.  */
#define ERBIUM_STREAM_ATTR "erbium stream"
#define ERBIUM_IMPLICIT_VIEW_ATTR "erbium implicit view"

/* Streams whose type stands for their implicit view's until the end of
   their function (erbium_implicit_view): TREE_LIST of the declaration
   (purpose) and its handle type (value); kept alive by erbium_keep.  */
static GTY (()) tree erbium_switched;

/* The largest stream element the runtime takes (er_stream_new's ESIZE,
   <erbium/task.h>).  */
#define ERBIUM_MAX_STREAM_ELEMENT (HOST_WIDE_INT_1U << 20)

/* See omp-stream.h.  */
enum erbium_stream_kind
erbium_stream_decl (const_tree decl, tree *elt)
{
  if (!decl || !DECL_P (decl))
    return ERBIUM_NOT_STREAM;
  tree a = lookup_attribute (ERBIUM_STREAM_ATTR, DECL_ATTRIBUTES (decl));
  if (!a)
    return ERBIUM_NOT_STREAM;
  tree v = TREE_VALUE (a);
  if (elt)
    *elt = TREE_VALUE (v);
  return (enum erbium_stream_kind) tree_to_shwi (TREE_PURPOSE (v));
}

/* See omp-stream.h.  The handle type tells (an array, or a pointer to
   handles), also while the declaration stands for an implicit view
   (erbium_implicit_view): its handle type is then in
   erbium_switched.  */
bool
erbium_stream_array_p (const_tree decl)
{
  tree t = TREE_TYPE (decl);
  for (tree s = erbium_switched; s; s = TREE_CHAIN (s))
    if (TREE_PURPOSE (s) == decl)
      t = TREE_VALUE (s);
  return (TREE_CODE (t) == ARRAY_TYPE
	  || (POINTER_TYPE_P (t) && POINTER_TYPE_P (TREE_TYPE (t))));
}

/* TYPE with its innermost element type (TYPE itself when it is no
   array) replaced by void *: the handle type of a stream declared with
   TYPE.  Keeps the dimensions, variable ones included.  */
static tree
erbium_handle_type (tree type)
{
  if (TREE_CODE (type) != ARRAY_TYPE)
    return ptr_type_node;
  tree elt = erbium_handle_type (TREE_TYPE (type));
  tree t = build_array_type (elt, TYPE_DOMAIN (type));
  C_TYPE_VARIABLE_SIZE (t) = C_TYPE_VARIABLE_SIZE (type);
  return t;
}

/* The innermost element type of TYPE (TYPE when it is no array).  */
static tree
erbium_innermost (tree type)
{
  while (TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  return type;
}

/* Check that ELT can be a stream's element type; error at LOC naming
   DECL otherwise.  */
static bool
erbium_check_element (tree decl, tree elt, location_t loc)
{
  tree s = COMPLETE_TYPE_P (elt) ? TYPE_SIZE_UNIT (elt) : NULL_TREE;
  if (VOID_TYPE_P (elt) || !s || TREE_CODE (s) != INTEGER_CST
      || integer_zerop (s))
    {
      error_at (loc, "stream %qD has element type %qT: the elements "
		"of a stream are of a complete type of constant nonzero size",
		decl, elt);
      return false;
    }
  if (!tree_fits_uhwi_p (s) || tree_to_uhwi (s) > ERBIUM_MAX_STREAM_ELEMENT)
    {
      error_at (loc, "stream %qD has elements of %qT, larger than the "
		"limit of the runtime, 1 MiB per element", decl, elt);
      return false;
    }
  return true;
}

/* Handler of __attribute__((stream)) and __attribute__((stream_ref)).
   *NODE is the declaration, NAME the attribute.  Gives the declaration
   its handle type and the internal attribute; errors (a stream that is
   no block-scope automatic variable or parameter, a bad element type)
   clear *NO_ADD_ATTRS.  Returns NULL_TREE (attribute_spec::handler).  */
static tree
erbium_handle_stream_attr (tree *node, tree name, tree, int,
			   bool *no_add_attrs)
{
  tree decl = *node;
  bool ref = id_equal (name, "stream_ref") || id_equal (name,
							 "__stream_ref__");
  location_t loc = DECL_P (decl) ? DECL_SOURCE_LOCATION (decl)
				 : input_location;
  *no_add_attrs = true;
  if (TREE_CODE (decl) != VAR_DECL && TREE_CODE (decl) != PARM_DECL)
    {
      error_at (loc, "%qE attribute applies to variables and parameters "
		"(a stream field in a structure is not supported)", name);
      return NULL_TREE;
    }
  if (erbium_stream_decl (decl, NULL) != ERBIUM_NOT_STREAM)
    return NULL_TREE;
  enum erbium_stream_kind kind;
  tree elt, handle;
  if (TREE_CODE (decl) == PARM_DECL)
    {
      kind = ERBIUM_STREAM_PARM;
      tree t = TREE_TYPE (decl);
      if (C_ARRAY_PARAMETER (decl) && POINTER_TYPE_P (t))
	{
	  /* `T s[]': the C front end made it T *.  */
	  elt = TREE_TYPE (t);
	  handle = build_pointer_type (ptr_type_node);
	}
      else
	{
	  elt = t;
	  handle = ptr_type_node;
	}
    }
  else
    {
      if (!ref && (!current_function_decl || TREE_STATIC (decl)
		   || DECL_EXTERNAL (decl)))
	{
	  error_at (loc, "stream %qD is not an automatic variable of a "
		    "block: a stream is created where it is declared in a "
		    "function and released when its block exits; declare it "
		    "in a block, or pass it as a parameter", decl);
	  return NULL_TREE;
	}
      kind = ref ? ERBIUM_STREAM_REF : ERBIUM_STREAM_VAR;
      elt = erbium_innermost (TREE_TYPE (decl));
      handle = erbium_handle_type (TREE_TYPE (decl));
    }
  if (!erbium_check_element (decl, elt, loc))
    return NULL_TREE;
  DECL_ATTRIBUTES (decl)
    = tree_cons (get_identifier (ERBIUM_STREAM_ATTR),
		 build_tree_list (build_int_cst (integer_type_node, kind),
				  TYPE_MAIN_VARIANT (elt)),
		 DECL_ATTRIBUTES (decl));
  TREE_TYPE (decl) = handle;
  if (TREE_CODE (decl) == PARM_DECL)
    DECL_ARG_TYPE (decl) = handle;
  else
    relayout_decl (decl);
  erbium_set_unit_has_streams ();
  *no_add_attrs = false;
  return NULL_TREE;
}

/* GCC 12 attribute_spec: name, min_args, max_args, decl_required,
   type_required, function_type_required, affects_type_identity,
   handler, exclusions.  */
static const struct attribute_spec erbium_stream_attr =
  { "stream", 0, 0, true, false, false, false, erbium_handle_stream_attr,
    NULL };
static const struct attribute_spec erbium_stream_ref_attr =
  { "stream_ref", 0, 0, true, false, false, false,
    erbium_handle_stream_attr, NULL };

/* PLUGIN_ATTRIBUTES callback.  */
static void
erbium_register_stream_attributes (void *, void *)
{
  register_attribute (&erbium_stream_attr);
  register_attribute (&erbium_stream_ref_attr);
}

/* The number of handles of the array of streams DECL (a size
   expression, sizetype; variable for a VLA).  */
static tree
erbium_handle_count (tree decl)
{
  return size_binop (EXACT_DIV_EXPR, TYPE_SIZE_UNIT (TREE_TYPE (decl)),
		     TYPE_SIZE_UNIT (ptr_type_node));
}

/* The statement that releases every stream of the array of streams
   DECL at LOC: a loop over its handles.  */
static tree
erbium_release_array (tree decl, location_t loc)
{
  tree idx = build_decl (loc, VAR_DECL, NULL_TREE, sizetype);
  DECL_ARTIFICIAL (idx) = 1;
  DECL_IGNORED_P (idx) = 1;
  DECL_CONTEXT (idx) = current_function_decl;
  tree n = erbium_handle_count (decl);
  tree base = build_fold_addr_expr (decl);
  tree handles = fold_convert (build_pointer_type (ptr_type_node), base);
  tree stmts = NULL_TREE;
  append_to_statement_list (build2 (MODIFY_EXPR, sizetype, idx,
				    size_zero_node), &stmts);
  tree body = NULL_TREE;
  append_to_statement_list (build1 (EXIT_EXPR, void_type_node,
				    build2 (GE_EXPR, boolean_type_node, idx,
					    n)), &body);
  tree h = build2 (MEM_REF, ptr_type_node,
		   fold_build_pointer_plus (handles,
					    size_binop (MULT_EXPR, idx,
							TYPE_SIZE_UNIT
							(ptr_type_node))),
		   build_int_cst (build_pointer_type (ptr_type_node), 0));
  append_to_statement_list (erbium_task_call (loc, ERBIUM_FN_STREAM_RELEASE,
					      1, h), &body);
  append_to_statement_list (build2 (MODIFY_EXPR, sizetype, idx,
				    size_binop (PLUS_EXPR, idx,
						size_one_node)), &body);
  append_to_statement_list (build1 (LOOP_EXPR, void_type_node, body),
			    &stmts);
  return build3 (BIND_EXPR, void_type_node, idx, stmts, NULL_TREE);
}

/* PLUGIN_FINISH_DECL: GCC_DATA is the declaration just finished.  For a
   stream declared in a block (the C front end has added its DECL_EXPR),
   add the statement that creates it and push the cleanup that releases
   it at block exit.  */
static void
erbium_stream_finish_decl (void *gcc_data, void *)
{
  tree decl = (tree) gcc_data;
  tree elt;
  if (!decl || TREE_CODE (decl) != VAR_DECL
      || erbium_stream_decl (decl, &elt) != ERBIUM_STREAM_VAR
      || !current_function_decl)
    return;
  location_t loc = DECL_SOURCE_LOCATION (decl);
  if (DECL_INITIAL (decl))
    {
      error_at (loc, "stream %qD has an initialiser: a stream is created "
		"empty where it is declared", decl);
      DECL_INITIAL (decl) = NULL_TREE;
    }
  const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
  tree esize = fold_convert (size_type_node, TYPE_SIZE_UNIT (elt));
  tree make, release;
  if (erbium_stream_array_p (decl))
    {
      tree handles = fold_convert (build_pointer_type (ptr_type_node),
				   build_fold_addr_expr (decl));
      make = erbium_task_call (loc, ERBIUM_FN_STREAM_NEW_ARRAY, 4, handles,
			       erbium_handle_count (decl), esize,
			       erbium_string_literal (name));
      release = erbium_release_array (decl, loc);
    }
  else
    {
      make = build2_loc (loc, MODIFY_EXPR, ptr_type_node, decl,
			 erbium_task_call (loc, ERBIUM_FN_STREAM_NEW, 2,
					   esize,
					   erbium_string_literal (name)));
      release = erbium_task_call (loc, ERBIUM_FN_STREAM_RELEASE, 1, decl);
    }
  add_stmt (make);
  push_cleanup (decl, release, false);
}

/* See omp-stream.h.  */
tree
erbium_implicit_view_stream (const_tree decl)
{
  if (!decl || !DECL_P (decl))
    return NULL_TREE;
  tree a = lookup_attribute (ERBIUM_IMPLICIT_VIEW_ATTR,
			     DECL_ATTRIBUTES (decl));
  return a ? TREE_VALUE (TREE_VALUE (a)) : NULL_TREE;
}


/* See omp-stream.h.  Two ways, as the stream is declared:
   * in an enclosing scope (the pragma is in a loop body, say): a new
     variable of type T with the stream's name, declared in the current
     scope (artificial, at BUILTINS_LOCATION so that -Wshadow and
     -Wunused-variable leave it alone; the internal attribute "erbium
     implicit view" names the stream);
   * in the current scope, where C allows no second declaration of the
     name: the stream's own declaration gets type T until the end of its
     function, where erbium_restore_streams gives it back its handle
     type (the stream's name is not visible after its scope anyway;
     within its scope, after the pragma, it is the view for C code).  */
tree
erbium_implicit_view (tree stream, location_t)
{
  tree elt;
  erbium_stream_decl (stream, &elt);
  tree cur = lookup_name (DECL_NAME (stream));
  if (cur && erbium_implicit_view_stream (cur) == stream)
    return cur;
  if (cur == stream && c_check_in_current_scope (stream))
    {
      if (TREE_TYPE (stream) != elt)
	{
	  erbium_switched = tree_cons (stream, TREE_TYPE (stream),
				       erbium_switched);
	  erbium_keep (erbium_switched);
	  TREE_TYPE (stream) = elt;
	}
      return stream;
    }
  tree v = build_decl (BUILTINS_LOCATION, VAR_DECL, DECL_NAME (stream),
		       elt);
  DECL_ARTIFICIAL (v) = 1;
  TREE_USED (v) = 1;
  DECL_READ_P (v) = 1;
  DECL_ATTRIBUTES (v) = tree_cons (get_identifier
				   (ERBIUM_IMPLICIT_VIEW_ATTR),
				   build_tree_list (NULL_TREE, stream),
				   NULL_TREE);
  return pushdecl (v);
}

/* See omp-stream.h.  */
tree
erbium_stream_ref (tree decl)
{
  for (tree s = erbium_switched; s; s = TREE_CHAIN (s))
    if (TREE_PURPOSE (s) == decl)
      {
	/* *(void **) &DECL: the handle, whatever type the declaration has
	   until it gets its handle type back.  */
	TREE_ADDRESSABLE (decl) = 1;
	tree pp = build_pointer_type (TREE_VALUE (s));
	return build1 (INDIRECT_REF, TREE_VALUE (s),
		       fold_convert (pp, build_fold_addr_expr (decl)));
      }
  return decl;
}

/* See omp-stream.h.  */
void
erbium_restore_streams (void)
{
  for (tree t = erbium_switched; t; t = TREE_CHAIN (t))
    TREE_TYPE (TREE_PURPOSE (t)) = TREE_VALUE (t);
  erbium_switched = NULL_TREE;
}

/* See omp-stream.h.  */
void
erbium_init_streams (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_ATTRIBUTES,
		     erbium_register_stream_attributes, NULL);
  if (erbium_c_frontend)
    register_callback (plugin_name, PLUGIN_FINISH_DECL,
		       erbium_stream_finish_decl, NULL);
}
