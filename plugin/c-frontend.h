/* SPDX-License-Identifier: GPL-3.0-or-later */
/* c-frontend.h -- the functions and data of GCC's C front end (cc1's
   c-family/ and c/ parts) that the plugin's front-end hooks use, declared
   weak, so that the plugin also loads into lto1, which has none of them.

   GCC loads a plugin with dlopen (RTLD_NOW | RTLD_GLOBAL) (gcc/plugin.cc,
   try_init_one_plugin): every symbol the plugin refers to must resolve in
   the loading compiler at once, or the plugin fails to load ("undefined
   symbol").  With -flto, the link runs lto1 with the same -fplugin, and
   the passes that make Erbium code fast run there (plugin.cc's head
   comment).  A weak undefined reference resolves to null where the
   compiler does not define it instead of failing the load; the code that
   uses these symbols runs only from callbacks that plugin_init registers
   in cc1 (erbium_c_frontend), so it never runs in lto1.

   Every file that calls into the C front end includes this header after
   GCC's, and every C front-end function or variable the plugin uses is
   declared here: testsuite/lto/lto.exp checks that lto1 defines every
   other symbol the plugin refers to and names any it does not.  */

#ifndef ERBIUM_C_FRONTEND_H
#define ERBIUM_C_FRONTEND_H

#include "c-family/c-common.h"
#include "c-family/c-pragma.h"
#include "c-tree.h"

/* c-family/c-pragma.h, c-family/c-common.h.  */
extern struct cpp_reader *parse_in __attribute__ ((weak));
extern void c_register_pragma (const char *, const char *, pragma_handler_1arg)
  __attribute__ ((weak));
extern enum cpp_ttype pragma_lex (tree *, location_t *) __attribute__ ((weak));
extern tree lookup_name (tree) __attribute__ ((weak));
extern void c_genericize (tree) __attribute__ ((weak));

/* c/c-tree.h.  */
extern int comptypes (tree, tree) __attribute__ ((weak));

/* Used by the OpenMP stream files (streams.cc, pragma-expr.cc,
   pragmas.cc, outline.cc): building statements, declarations and the
   expressions of the pragmas' clauses as the C parser does.
   c-family/.  */
extern tree add_stmt (tree) __attribute__ ((weak));
extern void push_cleanup (tree, tree, bool) __attribute__ ((weak));
extern tree fname_decl (location_t, unsigned, tree) __attribute__ ((weak));
extern tree c_fully_fold (tree, bool, bool *, bool) __attribute__ ((weak));
extern tree build_indirect_ref (location_t, tree, ref_operator)
  __attribute__ ((weak));
extern tree build_unary_op (location_t, enum tree_code, tree, bool)
  __attribute__ ((weak));
extern tree c_sizeof_or_alignof_type (location_t, tree, bool, bool, int)
  __attribute__ ((weak));
extern tree default_conversion (tree) __attribute__ ((weak));
extern void c_register_pragma_with_expansion (const char *, const char *,
					      pragma_handler_1arg)
  __attribute__ ((weak));
/* c/.  */
extern tree pushdecl (tree) __attribute__ ((weak));
extern bool c_check_in_current_scope (tree) __attribute__ ((weak));
extern void keep_next_level (void) __attribute__ ((weak));
extern tree build_external_ref (location_t, tree, bool, tree *)
  __attribute__ ((weak));
extern tree build_array_ref (location_t, tree, tree) __attribute__ ((weak));
extern tree c_build_function_call_vec (location_t, const vec<location_t> &,
				       tree, vec<tree, va_gc> *,
				       vec<tree, va_gc> *)
  __attribute__ ((weak));
extern tree build_component_ref (location_t, tree, tree, location_t)
  __attribute__ ((weak));
extern struct c_expr parser_build_unary_op (location_t, enum tree_code,
					    struct c_expr)
  __attribute__ ((weak));
extern struct c_expr parser_build_binary_op (location_t, enum tree_code,
					     struct c_expr, struct c_expr)
  __attribute__ ((weak));
extern void mark_exp_read (tree) __attribute__ ((weak));
extern struct c_expr c_expr_sizeof_expr (location_t, struct c_expr)
  __attribute__ ((weak));
extern tree build_c_cast (location_t, tree, tree) __attribute__ ((weak));
extern struct c_expr convert_lvalue_to_rvalue (location_t, struct c_expr,
					       bool, bool)
  __attribute__ ((weak));
extern tree c_objc_common_truthvalue_conversion (location_t, tree)
  __attribute__ ((weak));
extern tree build_conditional_expr (location_t, tree, bool, tree, tree,
				    location_t, tree, tree, location_t)
  __attribute__ ((weak));
extern tree c_build_qualified_type (tree, int, tree, size_t)
  __attribute__ ((weak));
extern tree c_finish_omp_clauses (tree, enum c_omp_region_type)
  __attribute__ ((weak));

/* The name of the first symbol above that the loading compiler does not
   define, or NULL when it defines them all (as cc1 does; lto1 defines
   none).  */
static inline const char *
erbium_c_frontend_missing (void)
{
  static const struct { const char *name; const void *addr; } syms[] = {
    { "parse_in", (const void *) &parse_in },
    { "c_register_pragma", (const void *) &c_register_pragma },
    { "pragma_lex", (const void *) &pragma_lex },
    { "lookup_name", (const void *) &lookup_name },
    { "c_genericize", (const void *) &c_genericize },
    { "comptypes", (const void *) &comptypes },
    { "add_stmt", (const void *) &add_stmt },
    { "push_cleanup", (const void *) &push_cleanup },
    { "fname_decl", (const void *) &fname_decl },
    { "c_fully_fold", (const void *) &c_fully_fold },
    { "build_indirect_ref", (const void *) &build_indirect_ref },
    { "build_unary_op", (const void *) &build_unary_op },
    { "c_sizeof_or_alignof_type", (const void *) &c_sizeof_or_alignof_type },
    { "default_conversion", (const void *) &default_conversion },
    { "c_register_pragma_with_expansion",
      (const void *) &c_register_pragma_with_expansion },
    { "pushdecl", (const void *) &pushdecl },
    { "c_check_in_current_scope", (const void *) &c_check_in_current_scope },
    { "keep_next_level", (const void *) &keep_next_level },
    { "build_external_ref", (const void *) &build_external_ref },
    { "build_array_ref", (const void *) &build_array_ref },
    { "c_build_function_call_vec",
      (const void *) &c_build_function_call_vec },
    { "build_component_ref", (const void *) &build_component_ref },
    { "parser_build_unary_op", (const void *) &parser_build_unary_op },
    { "parser_build_binary_op", (const void *) &parser_build_binary_op },
    { "mark_exp_read", (const void *) &mark_exp_read },
    { "c_expr_sizeof_expr", (const void *) &c_expr_sizeof_expr },
    { "build_c_cast", (const void *) &build_c_cast },
    { "convert_lvalue_to_rvalue", (const void *) &convert_lvalue_to_rvalue },
    { "c_objc_common_truthvalue_conversion",
      (const void *) &c_objc_common_truthvalue_conversion },
    { "build_conditional_expr", (const void *) &build_conditional_expr },
    { "c_build_qualified_type", (const void *) &c_build_qualified_type },
    { "c_finish_omp_clauses", (const void *) &c_finish_omp_clauses },
  };
  for (const auto &s : syms)
    if (!s.addr)
      return s.name;
  return NULL;
}

#endif /* ERBIUM_C_FRONTEND_H */
