/* SPDX-License-Identifier: GPL-3.0-or-later */
/* taskrt.cc -- the runtime interface of OpenMP stream tasks
   (runtime/include/erbium/task.h) as the plugin declares it itself: a
   program of stream pragmas includes no header (OMP-STREAM-SPEC.md,
   section 10; OpenStream's programs do not).  The function
   declarations and the two structure layouts built here are those of
   task.h, with void * for the er_stream and er_site pointers (the same
   representation); when the unit does include <erbium/task.h>, its own
   declarations of the functions are used instead, so that the unit has
   one declaration of each.

   Also the GC root of the OpenMP stream files (erbium_keep): sites are
   made during parsing and dumped at the end of the unit, and the C front
   end collects garbage between top-level declarations.  GCC internals:
   "Plugins" (PLUGIN_REGISTER_GGC_ROOTS), "Type information for GC".  */

#define INCLUDE_STRING
#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "stringpool.h"
#include "stor-layout.h"
#include "fold-const.h"
#include "ggc.h"
#include "c-frontend.h"
#include "erbium-plugin.h"
#include "omp-stream.h"

/* Everything the OpenMP stream files keep across functions: a
   TREE_LIST, the GC root.  */
static GTY (()) tree erbium_kept;

/* The runtime's function declarations, by enum erbium_task_fn, and the
   types (GC-reachable through erbium_kept).  */
static tree erbium_fns[ERBIUM_FN_COUNT];
static tree erbium_acc_type, erbium_site_rec, erbium_body_type;

static const struct ggc_root_tab erbium_task_roots[] = {
  { &erbium_kept, 1, sizeof (erbium_kept), &gt_ggc_mx_lang_tree_node,
    &gt_pch_nx_lang_tree_node },
  LAST_GGC_ROOT_TAB
};

/* See omp-stream.h.  */
tree
erbium_keep (tree t)
{
  if (t)
    erbium_kept = tree_cons (NULL_TREE, t, erbium_kept);
  return t;
}

/* const char * (c-family's const_string_type_node is in cc1 only).  */
static tree
erbium_const_string_type (void)
{
  return build_pointer_type (build_qualified_type (char_type_node,
						   TYPE_QUAL_CONST));
}

/* See omp-stream.h.  */
tree
erbium_int64_type (void)
{
  return long_integer_type_node;
}

/* A RECORD_TYPE called NAME with the N fields NAMES[i] of types
   TYPES[i], laid out as C lays out a structure.  */
static tree
erbium_make_record (const char *name, int n, const char *const *names,
		    const tree *types)
{
  tree rec = make_node (RECORD_TYPE);
  tree fields = NULL_TREE, *last = &fields;
  for (int i = 0; i < n; i++)
    {
      tree f = build_decl (BUILTINS_LOCATION, FIELD_DECL,
			   get_identifier (names[i]), types[i]);
      DECL_CONTEXT (f) = rec;
      *last = f;
      last = &DECL_CHAIN (f);
    }
  TYPE_FIELDS (rec) = fields;
  TYPE_NAME (rec) = get_identifier (name);
  layout_type (rec);
  return rec;
}

/* See omp-stream.h.  */
tree
erbium_body_fntype (void)
{
  if (!erbium_body_type)
    {
      tree cpp = build_pointer_type (build_qualified_type (ptr_type_node,
							   TYPE_QUAL_CONST));
      erbium_body_type = erbium_keep (build_function_type_list
				      (void_type_node, ptr_type_node, cpp,
				       NULL_TREE));
    }
  return erbium_body_type;
}

/* See omp-stream.h.  The layout of struct er_task_access.  */
tree
erbium_access_type (void)
{
  if (!erbium_acc_type)
    {
      static const char *const names[] = { "stream", "kind", "burst",
					   "horizon" };
      tree types[] = { ptr_type_node, integer_type_node,
		       erbium_int64_type (), erbium_int64_type () };
      erbium_acc_type = erbium_keep (erbium_make_record
				     ("__erbium_task_access", 4, names,
				      types));
    }
  return erbium_acc_type;
}

/* See omp-stream.h.  The layout of er_site.  */
tree
erbium_site_type (void)
{
  if (!erbium_site_rec)
    {
      static const char *const names[] = { "body", "where", "flags", "rt" };
      tree types[] = { build_pointer_type (erbium_body_fntype ()),
		       erbium_const_string_type (), integer_type_node,
		       ptr_type_node };
      erbium_site_rec = erbium_keep (erbium_make_record ("__erbium_site", 4,
							 names, types));
    }
  return erbium_site_rec;
}

/* See omp-stream.h.  */
tree
erbium_step_type (void)
{
  static tree rec;
  if (!rec)
    {
      static const char *const names[] = { "offset", "width", "step" };
      tree types[] = { unsigned_type_node, unsigned_type_node,
		       erbium_int64_type () };
      rec = erbium_keep (erbium_make_record ("__erbium_task_step", 3, names,
					     types));
    }
  return rec;
}

/* See omp-stream.h.  */
tree
erbium_task_field (tree type, const char *name)
{
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (DECL_NAME (f) && id_equal (DECL_NAME (f), name))
      return f;
  gcc_unreachable ();
}

/* The name, return type and parameter types of each runtime function
   (task.h; void * for er_stream *, er_site * and the accesses).  */
static const struct
{
  const char *name;
  int nparms;
} erbium_fn_info[ERBIUM_FN_COUNT] = {
  { "er_stream_new", 2 },
  { "er_stream_new_array", 4 },
  { "er_stream_retain", 1 },
  { "er_stream_release", 1 },
  { "er_stream_esize", 1 },
  { "er_task_create", 6 },
  { "er_stream_tick", 2 },
  { "er_taskwait", 0 },
  { "er_task_create_range", 9 },
};

/* The plugin's own declaration of runtime function F.  */
static tree
erbium_build_fn (enum erbium_task_fn f)
{
  tree i64 = erbium_int64_type ();
  tree cvp = build_pointer_type (build_qualified_type (void_type_node,
						       TYPE_QUAL_CONST));
  tree ret = void_type_node, parms[9];
  switch (f)
    {
    case ERBIUM_FN_STREAM_NEW:
      ret = ptr_type_node;
      parms[0] = size_type_node;
      parms[1] = erbium_const_string_type ();
      break;
    case ERBIUM_FN_STREAM_NEW_ARRAY:
      parms[0] = build_pointer_type (ptr_type_node);
      parms[1] = i64;
      parms[2] = size_type_node;
      parms[3] = erbium_const_string_type ();
      break;
    case ERBIUM_FN_STREAM_RETAIN:
    case ERBIUM_FN_STREAM_RELEASE:
      parms[0] = ptr_type_node;
      break;
    case ERBIUM_FN_STREAM_ESIZE:
      ret = size_type_node;
      parms[0] = cvp;
      break;
    case ERBIUM_FN_TASK_CREATE:
      parms[0] = ptr_type_node;
      parms[1] = cvp;
      parms[2] = size_type_node;
      parms[3] = cvp;
      parms[4] = integer_type_node;
      parms[5] = integer_type_node;
      break;
    case ERBIUM_FN_STREAM_TICK:
      parms[0] = ptr_type_node;
      parms[1] = i64;
      break;
    case ERBIUM_FN_TASK_CREATE_RANGE:
      parms[0] = ptr_type_node;
      parms[1] = cvp;
      parms[2] = size_type_node;
      parms[3] = cvp;
      parms[4] = integer_type_node;
      parms[5] = integer_type_node;
      parms[6] = i64;
      parms[7] = cvp;
      parms[8] = integer_type_node;
      break;
    case ERBIUM_FN_TASKWAIT:
    case ERBIUM_FN_COUNT:
      break;
    }
  tree list = void_list_node;
  for (int i = erbium_fn_info[f].nparms - 1; i >= 0; i--)
    list = tree_cons (NULL_TREE, parms[i], list);
  tree fntype = build_function_type (ret, list);
  tree d = build_decl (BUILTINS_LOCATION, FUNCTION_DECL,
		       get_identifier (erbium_fn_info[f].name), fntype);
  DECL_EXTERNAL (d) = 1;
  TREE_PUBLIC (d) = 1;
  DECL_ARTIFICIAL (d) = 1;
  TREE_NOTHROW (d) = 1;
  DECL_VISIBILITY (d) = VISIBILITY_DEFAULT;
  return d;
}

/* See omp-stream.h.  */
tree
erbium_task_fn (enum erbium_task_fn f)
{
  tree own = lookup_name (get_identifier (erbium_fn_info[f].name));
  if (own && TREE_CODE (own) == FUNCTION_DECL && TREE_PUBLIC (own)
      && prototype_p (TREE_TYPE (own))
      && (int) list_length (TYPE_ARG_TYPES (TREE_TYPE (own))) - 1
	 == erbium_fn_info[f].nparms)
    return own;
  if (!erbium_fns[f])
    erbium_fns[f] = erbium_keep (erbium_build_fn (f));
  return erbium_fns[f];
}

/* See omp-stream.h.  */
tree
erbium_task_call (location_t loc, enum erbium_task_fn f, int n, ...)
{
  tree fn = erbium_task_fn (f);
  gcc_checking_assert (n == erbium_fn_info[f].nparms);
  tree *args = XALLOCAVEC (tree, n > 0 ? n : 1);
  va_list ap;
  va_start (ap, n);
  tree p = TYPE_ARG_TYPES (TREE_TYPE (fn));
  for (int i = 0; i < n; i++, p = TREE_CHAIN (p))
    args[i] = fold_convert_loc (loc, TREE_VALUE (p), va_arg (ap, tree));
  va_end (ap);
  return build_call_expr_loc_array (loc, fn, n, args);
}

/* See omp-stream.h.  */
tree
erbium_string_literal (const char *s)
{
  return fold_convert (erbium_const_string_type (),
		       build_string_literal (strlen (s) + 1, s));
}

/* See omp-stream.h.  */
void
erbium_init_taskrt (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) erbium_task_roots);
}
