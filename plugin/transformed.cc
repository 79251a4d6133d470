/* SPDX-License-Identifier: GPL-3.0-or-later */
/* transformed.cc -- the registry of the functions that the plugin's
   passes changed.  erbium-window, erbium-stripmine and erbium-lower note
   each function they transform (erbium_note_transformed); the late
   passes that only help transformed code, erbium-ivmerge and
   erbium-loopalign with loopalign=1, ask for it (erbium_transformed_p),
   so that plain C compiled with the plugin keeps GCC's own code.  GCC
   internals: "Functions" (struct function, DECL_UID).  */

#include "gcc-plugin.h"
#include "tree.h"
#include "function.h"
#include "hash-set.h"
#include "erbium-plugin.h"

/* Functions the plugin's passes changed, by their decls' DECL_UIDs:
   a uid is never reused within a compilation, where the address of a
   decl the garbage collector freed could be, and the set is outside the
   collector's roots.  */
typedef int_hash<int, -1, -2> erbium_uid_hash;
static hash_set<erbium_uid_hash> *erbium_transformed;

/* See erbium-plugin.h.  */
void
erbium_note_transformed (function *fun)
{
  if (!erbium_transformed)
    erbium_transformed = new hash_set<erbium_uid_hash>;
  erbium_transformed->add (DECL_UID (fun->decl));
}

/* See erbium-plugin.h.  */
bool
erbium_transformed_p (function *fun)
{
  return (erbium_transformed
	  && erbium_transformed->contains (DECL_UID (fun->decl)));
}
