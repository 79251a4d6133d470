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

/* c-family/c-pragma.h, c-family/c-common.h.  */
extern struct cpp_reader *parse_in __attribute__ ((weak));
extern void c_register_pragma (const char *, const char *, pragma_handler_1arg)
  __attribute__ ((weak));
extern enum cpp_ttype pragma_lex (tree *, location_t *) __attribute__ ((weak));
extern tree lookup_name (tree) __attribute__ ((weak));
extern void c_genericize (tree) __attribute__ ((weak));

/* c/c-tree.h (not included here: it needs the C front end's own
   headers).  */
extern int comptypes (tree, tree) __attribute__ ((weak));

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
  };
  for (const auto &s : syms)
    if (!s.addr)
      return s.name;
  return NULL;
}

#endif /* ERBIUM_C_FRONTEND_H */
