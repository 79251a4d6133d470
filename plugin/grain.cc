/* SPDX-License-Identifier: GPL-3.0-or-later */
/* grain.cc -- `#pragma erbium grain', the per-site control of the grain
   adaptation of OpenMP stream task sites (docs/omp-stream.md, "Grain"):

     #pragma erbium grain [fuse (auto|never|always)] [[,] split (auto|N)]

   on the line(s) right before a `#pragma omp task' or `#pragma erbium
   task' (several grain pragmas may stand there, each clause given once
   in all).  fuse says whether the site may be fused with the sites it
   shares a stream with (auto: as -fplugin-arg-erbium-fuse decides;
   never; always when the network allows it), split how many workers
   run it (auto: as -fplugin-arg-erbium-split decides; N from 1, not
   split, to ERBIUM_GRAIN_SPLIT_MAX).  Being a pragma of its own, not a
   clause of the task pragma, it leaves the program valid for a compiler
   without the plugin: OpenMP ignores unknown pragmas.  The settings go
   into the site's grain_fuse and grain_split (omp-stream.h).

   Errors, at the grain pragma: an unknown clause, a clause given twice,
   a bad argument of fuse or split (split's N must be an integer
   constant expression from 1 to ERBIUM_GRAIN_SPLIT_MAX), a grain pragma
   outside a function, and one not followed by a task pragma: the source
   after it is read at once (erbium_next_line_text, as for standalone
   pragmas); where it cannot be read (a _Pragma in a macro, preprocessed
   input) the settings wait for the next task pragma of the function and
   are reported when the function ends without one, or when a task
   pragma of another function takes them.  Source: the Erbium paper's
   grain adaptation (Miranda et al., CASES 2010, section 3).  */

#define INCLUDE_STRING
#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "c-family/c-common.h"
#include "c-family/c-pragma.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "cpplib.h"
#include "c-frontend.h"
#include "erbium-plugin.h"
#include "omp-stream.h"

/* The settings of the grain pragmas read since the last task pragma:
   whether there are any, where the first stands, in which function, and
   which clauses were given.  */
static struct
{
  bool pending;
  location_t loc;
  tree fn;
  bool has_fuse, has_split;
  int fuse, split;
} erbium_grain;

/* Whether the source after the grain pragma whose line ends at EOL shows
   a task pragma (or another grain pragma) next; true too when it cannot
   be read.  */
static bool
erbium_grain_followed_p (location_t eol)
{
  std::string next;
  if (!erbium_next_line_text (eol, &next))
    return true;
  return (next.rfind ("# pragma omp task ", 0) == 0
	  || next.rfind ("# pragma erbium task ", 0) == 0
	  || next.rfind ("# pragma erbium grain ", 0) == 0);
}

/* Parse `( auto|never|always )' of the clause fuse at T into *OUT
   (enum erbium_grain_fuse).  Returns false after an error.  */
static bool
erbium_grain_parse_fuse (erbium_pragma_tokens *t, int *out)
{
  static const char *const words[] = { "auto", "never", "always" };
  location_t loc = t->peek ().loc;
  if (t->at (CPP_OPEN_PAREN) && t->at (CPP_NAME, 1)
      && t->at (CPP_CLOSE_PAREN, 2))
    for (int i = 0; i < 3; i++)
      if (t->at_name (words[i], 1))
	{
	  t->next ();
	  t->next ();
	  t->next ();
	  *out = i;
	  return true;
	}
  error_at (loc, "%<#pragma erbium grain%>: expected %<fuse (auto)%>, "
	    "%<fuse (never)%> or %<fuse (always)%>");
  return false;
}

/* Parse `( auto|N )' of the clause split at T into *OUT (-1 for auto,
   else N, an integer constant expression from 1 to
   ERBIUM_GRAIN_SPLIT_MAX).  Returns false after an error.  */
static bool
erbium_grain_parse_split (erbium_pragma_tokens *t, int *out)
{
  location_t loc = t->peek ().loc;
  if (!t->at (CPP_OPEN_PAREN))
    {
      error_at (loc, "%<#pragma erbium grain%>: expected %<split (auto)%> "
		"or %<split (N)%>");
      return false;
    }
  t->next ();
  if (t->at_name ("auto") && t->at (CPP_CLOSE_PAREN, 1))
    {
      t->next ();
      t->next ();
      *out = -1;
      return true;
    }
  location_t eloc = t->peek ().loc;
  tree e = erbium_parse_expr (t);
  if (e == error_mark_node)
    return false;
  if (!t->at (CPP_CLOSE_PAREN))
    {
      error_at (t->peek ().loc, "%<#pragma erbium grain%>: expected %<)%> "
		"after the argument of %<split%>");
      return false;
    }
  t->next ();
  e = fold (e);
  if (TREE_CODE (e) != INTEGER_CST || !INTEGRAL_TYPE_P (TREE_TYPE (e)))
    {
      error_at (eloc, "%<#pragma erbium grain%>: the argument of %<split%> "
		"must be %<auto%> or an integer constant expression, the "
		"number of workers");
      return false;
    }
  if (tree_int_cst_sgn (e) < 1
      || compare_tree_int (e, ERBIUM_GRAIN_SPLIT_MAX) > 0)
    {
      error_at (eloc, "%<#pragma erbium grain%>: %<split (%E)%>: the "
		"number of workers must be from 1 (not split) to %d", e,
		ERBIUM_GRAIN_SPLIT_MAX);
      return false;
    }
  *out = (int) tree_to_shwi (e);
  return true;
}

/* Parse the clauses of the grain pragma at T into erbium_grain.
   Returns false after an error.  */
static bool
erbium_grain_parse_clauses (erbium_pragma_tokens *t)
{
  bool ok = true;
  if (t->at (CPP_EOF))
    {
      error_at (t->peek ().loc, "%<#pragma erbium grain%> expects "
		"%<fuse (auto|never|always)%>, %<split (auto|N)%> or both");
      return false;
    }
  while (ok && !t->at (CPP_EOF))
    {
      if (t->at (CPP_COMMA))
	t->next ();
      const erbium_ptok &k = t->next ();
      bool fuse = k.type == CPP_NAME && !strcmp (IDENTIFIER_POINTER
						 (k.value), "fuse");
      bool split = k.type == CPP_NAME && !strcmp (IDENTIFIER_POINTER
						  (k.value), "split");
      if (!fuse && !split)
	{
	  error_at (k.loc, "%<#pragma erbium grain%>: unknown clause; the "
		    "clauses are %<fuse (auto|never|always)%> and "
		    "%<split (auto|N)%>");
	  return false;
	}
      bool &given = fuse ? erbium_grain.has_fuse : erbium_grain.has_split;
      if (given)
	{
	  error_at (k.loc, "%<#pragma erbium grain%>: clause %qs given twice "
		    "for one task", fuse ? "fuse" : "split");
	  ok = false;
	}
      given = true;
      ok = (fuse ? erbium_grain_parse_fuse (t, &erbium_grain.fuse)
	    : erbium_grain_parse_split (t, &erbium_grain.split)) && ok;
    }
  return ok;
}

/* Report the pending grain settings as not followed by a task pragma,
   and drop them.  */
static void
erbium_grain_orphan (void)
{
  error_at (erbium_grain.loc, "%<#pragma erbium grain%> is not followed by "
	    "a task pragma (%<#pragma omp task%> or %<#pragma erbium task%>) "
	    "in its function");
  erbium_grain.pending = false;
}

/* The handler of `#pragma erbium grain'.  */
static void
erbium_grain_pragma (cpp_reader *)
{
  location_t loc = input_location;
  erbium_pragma_tokens t;
  erbium_read_pragma (&t);
  if (!current_function_decl)
    {
      error_at (loc, "%<#pragma erbium grain%> outside a function: it "
		"stands right before a task pragma");
      return;
    }
  if (erbium_grain.pending && erbium_grain.fn != current_function_decl)
    erbium_grain_orphan ();
  if (!erbium_grain.pending)
    {
      erbium_grain.pending = true;
      erbium_grain.loc = loc;
      erbium_grain.fn = current_function_decl;
      erbium_grain.has_fuse = erbium_grain.has_split = false;
      erbium_grain.fuse = ERBIUM_GRAIN_FUSE_AUTO;
      erbium_grain.split = -1;
    }
  erbium_grain_parse_clauses (&t);
  if (!erbium_grain_followed_p (t.toks.last ().loc))
    {
      erbium_grain.loc = loc;
      erbium_grain_orphan ();
    }
}

/* See omp-stream.h.  */
void
erbium_grain_take (erbium_site *site)
{
  site->grain_fuse = ERBIUM_GRAIN_FUSE_AUTO;
  site->grain_split = -1;
  site->grain_loc = UNKNOWN_LOCATION;
  if (!erbium_grain.pending)
    return;
  if (erbium_grain.fn != current_function_decl)
    {
      erbium_grain_orphan ();
      return;
    }
  site->grain_fuse = erbium_grain.fuse;
  site->grain_split = erbium_grain.split;
  site->grain_loc = erbium_grain.loc;
  erbium_grain.pending = false;
}

/* See omp-stream.h.  */
std::string
erbium_grain_text (const erbium_site *site)
{
  static const char *const fuse[] = { "auto", "never", "always" };
  std::string s = std::string ("fuse ") + fuse[site->grain_fuse]
    + ", split " + (site->grain_split < 0 ? std::string ("auto")
		    : std::to_string (site->grain_split));
  if (site->grain_loc == UNKNOWN_LOCATION)
    return s + " (default)";
  return s + " (#pragma erbium grain at "
    + erbium_net_where (site->grain_loc) + ")";
}

/* PLUGIN_PRE_GENERICIZE: a function that ends with grain settings no
   task pragma took.  */
static void
erbium_grain_end_function (void *gcc_data, void *)
{
  if (erbium_grain.pending && erbium_grain.fn == (tree) gcc_data)
    erbium_grain_orphan ();
}

/* PLUGIN_PRAGMAS callback.  */
static void
erbium_grain_register (void *, void *)
{
  c_register_pragma_with_expansion ("erbium", "grain", erbium_grain_pragma);
}

/* See omp-stream.h.  */
void
erbium_init_grain (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_PRAGMAS, erbium_grain_register,
		     NULL);
  register_callback (plugin_name, PLUGIN_PRE_GENERICIZE,
		     erbium_grain_end_function, NULL);
}
