/* SPDX-License-Identifier: GPL-3.0-or-later */
/* attributes.cc -- the attributes behind the Erbium language of
   <erbium.h>: erbium_process on functions (`process'), erbium_record and
   erbium_view on pointer types (`record(T)', `view(T)'), with the checks
   that can be made where the attribute is written.  Uses of processes,
   records and views are checked in frontend.cc.

   Paper: Miranda et al., CASES 2010, section 3 ("Data streaming",
   "Creation").  GCC internals: "Plugins" (PLUGIN_ATTRIBUTES,
   register_attribute), tree-core.h (struct attribute_spec).  */

#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "stringpool.h"
#include "attribs.h"
#include "c-family/c-common.h"
#include "c-family/c-pragma.h"
#include "diagnostic-core.h"
#include "c-frontend.h"
#include "erbium-plugin.h"

/* Handler of __attribute__((erbium_process)) (the `process' keyword of
   <erbium.h>).  *NODE is the declaration; NAME the attribute name.  A
   process is a function with no return value and a fixed parameter list
   (run copies the arguments into a structure).  Errors clear
   *NO_ADD_ATTRS.  Returns NULL_TREE (attribute_spec::handler contract).  */
static tree
erbium_handle_process (tree *node, tree name, tree, int, bool *no_add_attrs)
{
  tree decl = *node;
  if (TREE_CODE (decl) != FUNCTION_DECL)
    {
      error ("%qE attribute applies to functions only: write "
	     "%<process p(...) { ... }%>", name);
      *no_add_attrs = true;
      return NULL_TREE;
    }
  tree fntype = TREE_TYPE (decl);
  if (!VOID_TYPE_P (TREE_TYPE (fntype)))
    {
      error_at (DECL_SOURCE_LOCATION (decl),
		"process %qD has a return value: a process returns nothing; "
		"declare it %<process %E(...)%> and pass results through a "
		"record", decl, DECL_NAME (decl));
      *no_add_attrs = true;
      return NULL_TREE;
    }
  if (stdarg_p (fntype))
    {
      error_at (DECL_SOURCE_LOCATION (decl),
		"process %qD is variadic: %<run%> copies a fixed argument "
		"list; give the process a fixed parameter list", decl);
      *no_add_attrs = true;
    }
  return NULL_TREE;
}

/* Handler of erbium_record / erbium_view (`record(T)', `view(T)').  *NODE
   is the type the attribute was written on: it must be a pointer type
   `T *' (the macro spells `T *__attribute__((...))'), T a complete or
   incomplete object type, not void, and the type must not already be the
   other kind.  Errors clear *NO_ADD_ATTRS; GCC then builds the attributed
   variant itself (type_required).  */
static tree
erbium_handle_stream_type (tree *node, tree name, tree, int,
			   bool *no_add_attrs)
{
  bool is_view = id_equal (name, "erbium_view");
  const char *spell = is_view ? "view(T)" : "record(T)";
  tree type = *node;
  if (DECL_P (type))
    type = TREE_TYPE (type);
  if (!TYPE_P (type) || TREE_CODE (type) != POINTER_TYPE)
    {
      error ("%qE attribute applies to pointer types only: write %qs "
	     "for a %s of elements of type T", name, spell,
	     is_view ? "view" : "record");
      *no_add_attrs = true;
      return NULL_TREE;
    }
  tree elt = TREE_TYPE (type);
  if (VOID_TYPE_P (elt) || TREE_CODE (elt) == FUNCTION_TYPE)
    {
      error ("%qs needs an object type T, not %qT", spell, elt);
      *no_add_attrs = true;
      return NULL_TREE;
    }
  const char *other = is_view ? "erbium_record" : "erbium_view";
  if (lookup_attribute (other, TYPE_ATTRIBUTES (type)))
    {
      error ("a type cannot be both a record and a view: write either "
	     "%<record(T)%> or %<view(T)%>");
      *no_add_attrs = true;
    }
  return NULL_TREE;
}

/* GCC 12 attribute_spec field order: name, min_args, max_args,
   decl_required, type_required, function_type_required,
   affects_type_identity, handler, exclusions.  record(T) and view(T)
   affect type identity, so that a view, a record and a plain T * do not
   convert into each other silently.  */
static const struct attribute_spec erbium_process_attr =
  { "erbium_process", 0, 0, true, false, false, false,
    erbium_handle_process, NULL };
static const struct attribute_spec erbium_record_attr =
  { "erbium_record", 0, 0, false, true, false, true,
    erbium_handle_stream_type, NULL };
static const struct attribute_spec erbium_view_attr =
  { "erbium_view", 0, 0, false, true, false, true,
    erbium_handle_stream_type, NULL };

/* PLUGIN_ATTRIBUTES callback: register the three attributes.  */
static void
erbium_register_attributes (void *, void *)
{
  register_attribute (&erbium_process_attr);
  register_attribute (&erbium_record_attr);
  register_attribute (&erbium_view_attr);
}

/* PLUGIN_PRAGMAS callback: define __ERBIUM__ so that <erbium.h> can tell
   that the plugin is loaded (GCC-PLUGIN-NOTES: cpp_define works here, also
   under -E, and not from plugin_init).  C only: parse_in exists in cc1.
   Not on preprocessed input (-fpreprocessed, the compile half of
   -save-temps): the -E half already expanded <erbium.h>, and a definition
   pushed there is read as a malformed line directive.  */
static void
erbium_define_macro (void *, void *)
{
  if (parse_in && !cpp_get_options (parse_in)->preprocessed)
    cpp_define (parse_in, "__ERBIUM__=1");
}

/* Register the attribute callback and, in the C compiler, the macro
   callback; PLUGIN_NAME as given to plugin_init.  The attributes are
   registered in lto1 too, so that types read back from -flto objects
   keep their identity rules (affects_type_identity).  */
void
erbium_init_attributes (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_ATTRIBUTES,
		     erbium_register_attributes, NULL);
  if (erbium_c_frontend)
    register_callback (plugin_name, PLUGIN_PRAGMAS, erbium_define_macro,
		       NULL);
}
