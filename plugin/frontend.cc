/* SPDX-License-Identifier: GPL-3.0-or-later */
/* frontend.cc -- the Erbium language's front end: rewrites the constructs
   of <erbium.h> in each function's GENERIC, before the C front end
   genericizes it (PLUGIN_PRE_GENERICIZE), and reports their misuse.

   * v[i] on a view(T) (the C front end has built `*(v + i)') becomes
     `*(T *) er_elem ((er_view *) v, i)'.
   * new_record(w, r), new_read_view(re), new_write_view(re): calls of the
     marker functions of <erbium.h>, converted to a record(T) / view(T)
     type, become er_new_record (w, r, sizeof (T)), er_new_read_view_of
     ((er_record *) re, sizeof (T)) ...; a view's T must be its record's
     T (checked here, and by the runtime for records reached otherwise).
   * run p(args) (`__erbium_run_marker (), p (args)') becomes a copy of the
     arguments into a temporary structure and er_run (entry, &tmp,
     sizeof tmp), where entry is a static function made once per process
     and unit: `static void __erbium_entry_p (void *a) { p (a->a0, ...); }'.
   * Diagnostics: a process called without run or whose address is taken,
     run of something else, a process returning a value, *v / v + n and
     other pointer uses of views and records, subscripts of records, read
     primitives on write views and the reverse (view kinds known from the
     variable's initialisation), constant horizons <= 0.  (Primitive calls
     that provably do nothing are found on SSA: noop.cc.)

   GNU C nested functions are rewritten and checked with the function
   they are defined in (the C front end genericizes them together); a
   process defined as a nested function is an error.

   Functions without Erbium constructs are left untouched.  Paper:
   Miranda et al., CASES 2010, section 3 and Figure 2.  GCC internals:
   "Plugins" (PLUGIN_PRE_GENERICIZE), "GENERIC", tree.h (walk_tree);
   outlining follows GCC-PLUGIN-NOTES (push_struct_function, c_genericize,
   cgraph_node::finalize_function).  */

#define INCLUDE_MAP
#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
#include "stringpool.h"
#include "attribs.h"
#include "c-family/c-common.h"
#include "c-tree.h"
#include "c-family/c-pragma.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "stor-layout.h"
#include "function.h"
#include "cgraph.h"
#include "tree-nested.h"
#include "input.h"
#include "tree-iterator.h"
#include "c-frontend.h"
#include "erbium-plugin.h"

/* What a pointer type stands for in the language.  */
enum erbium_kind
{
  ERBIUM_KIND_NONE = 0,
  ERBIUM_KIND_RECORD,
  ERBIUM_KIND_VIEW
};

/* The kind of TYPE: record(T), view(T) or neither.  */
static enum erbium_kind
erbium_type_kind (const_tree type)
{
  if (!type || TREE_CODE (type) != POINTER_TYPE)
    return ERBIUM_KIND_NONE;
  if (lookup_attribute ("erbium_view", TYPE_ATTRIBUTES (type)))
    return ERBIUM_KIND_VIEW;
  if (lookup_attribute ("erbium_record", TYPE_ATTRIBUTES (type)))
    return ERBIUM_KIND_RECORD;
  return ERBIUM_KIND_NONE;
}

/* True when FN is a FUNCTION_DECL declared with `process'.  */
static bool
erbium_process_p (const_tree fn)
{
  return (fn && TREE_CODE (fn) == FUNCTION_DECL
	  && lookup_attribute ("erbium_process", DECL_ATTRIBUTES (fn)));
}

/* The marker functions of <erbium.h>.  */
enum erbium_marker
{
  ERBIUM_MARK_NONE = 0,
  ERBIUM_MARK_NEW_RECORD,
  ERBIUM_MARK_NEW_READ_VIEW,
  ERBIUM_MARK_NEW_WRITE_VIEW,
  ERBIUM_MARK_RUN,
  ERBIUM_MARK_COUNT
};

/* Marker M's function is __erbium_ followed by erbium_marker_names[M];
   for the constructors, that is also how <erbium.h> spells them.  */
static const char *const erbium_marker_names[ERBIUM_MARK_COUNT] = {
  NULL, "new_record", "new_read_view", "new_write_view", "run_marker"
};

/* The FUNCTION_DECL a call CALL calls directly, or NULL_TREE.  */
static tree
erbium_callee (tree call)
{
  if (TREE_CODE (call) != CALL_EXPR)
    return NULL_TREE;
  return get_callee_fndecl (call);
}

/* Which marker CALL (any tree) calls, if any.  */
static enum erbium_marker
erbium_marker_call (tree call)
{
  tree fn = erbium_callee (call);
  if (!fn || !DECL_NAME (fn) || !DECL_EXTERNAL (fn))
    return ERBIUM_MARK_NONE;
  const char *n = IDENTIFIER_POINTER (DECL_NAME (fn));
  if (strncmp (n, "__erbium_", 9))
    return ERBIUM_MARK_NONE;
  n += 9;
  for (int m = ERBIUM_MARK_NONE + 1; m < ERBIUM_MARK_COUNT; m++)
    if (!strcmp (n, erbium_marker_names[m]))
      return (enum erbium_marker) m;
  return ERBIUM_MARK_NONE;
}

/* How <erbium.h> spells the constructor marker M, for messages.  */
static const char *
erbium_marker_spelling (enum erbium_marker m)
{
  gcc_checking_assert (m != ERBIUM_MARK_NONE && m != ERBIUM_MARK_RUN);
  return erbium_marker_names[m];
}

/* Which runtime view call CALL is (a primitive or a view call of
   <erbium.h>, from primitives.cc's table: only the runtime's own
   declarations, never a user's function of the same name; its spelling
   is erbium_prim_spelling), or ERBIUM_PRIM_NONE (also for the slow
   paths, which users do not write).  */
static enum erbium_prim
erbium_view_call (tree call)
{
  enum erbium_prim p = erbium_classify_decl (erbium_callee (call));
  if (p == ERBIUM_PRIM_NONE || !erbium_prim_spelling (p))
    return ERBIUM_PRIM_NONE;
  return p;
}

/* The file-scope declaration NAME of the runtime (declared by
   <erbium/runtime.h>, included by <erbium.h>), or NULL_TREE after an
   error at LOC saying that <erbium.h> is missing.  */
static tree
erbium_runtime_fn (const char *name, location_t loc)
{
  tree d = lookup_name (get_identifier (name));
  if (d && TREE_CODE (d) == FUNCTION_DECL)
    return d;
  error_at (loc, "Erbium construct needs %qs from %<<erbium.h>%>: "
	    "include %<<erbium.h>%>", name);
  return NULL_TREE;
}

/* True when the unit includes <erbium.h> (its run marker is declared).  */
static bool
erbium_header_p (void)
{
  tree d = lookup_name (get_identifier (ACONCAT (("__erbium_",
						  erbium_marker_names
						  [ERBIUM_MARK_RUN], NULL))));
  return d && TREE_CODE (d) == FUNCTION_DECL;
}

/* Strip conversions that keep a pointer a pointer (the casts of the
   <erbium.h> macros, NON_LVALUE_EXPR), returning the innermost operand.  */
static tree
erbium_strip_casts (tree t)
{
  while (CONVERT_EXPR_P (t) || TREE_CODE (t) == NON_LVALUE_EXPR)
    t = TREE_OPERAND (t, 0);
  return t;
}

/* The byte at the spelling location of LOC in the source, or 0 when the
   source is not available.  Used to tell `*v' (error) from `v[0]', which
   the C front end folds to the same tree.  */
static char
erbium_source_char (location_t loc)
{
  loc = linemap_resolve_location (line_table, loc, LRK_SPELLING_LOCATION,
				  NULL);
  expanded_location xl = expand_location (loc);
  if (!xl.file || xl.line <= 0 || xl.column <= 0)
    return 0;
  char_span line = location_get_source_line (xl.file, xl.line);
  if (!line || (size_t) xl.column > line.length ())
    return 0;
  return line[xl.column - 1];
}

/* State of the rewrite of one function.  */
struct erbium_walk
{
  tree fndecl;
  bool is_process;
  /* VAR_DECL -> ERBIUM_READ / ERBIUM_WRITE when every assignment of the
     variable is a new_read_view / new_write_view of that kind; 0 when
     mixed or assigned otherwise (prepass).  */
  std::map<tree, int> kinds;
  /* SAVE_EXPRs already walked or rewritten (a SAVE_EXPR is shared; its
     operand is walked once).  */
  hash_set<tree> *seen;
  /* The location of the last expression walked that has one.  */
  location_t here;
};

static tree erbium_rewrite_r (tree *tp, int *walk_subtrees, void *data);

/* Walk *TP with the rewriting callback.  */
static void
erbium_walk_tree (tree *tp, erbium_walk *w)
{
  walk_tree (tp, erbium_rewrite_r, w, NULL);
}

/* Prepass: record in W->kinds which local views are statically read or
   write views.  */
static tree
erbium_kinds_r (tree *tp, int *, void *data)
{
  erbium_walk *w = (erbium_walk *) data;
  tree t = *tp;
  tree var = NULL_TREE, val = NULL_TREE;
  if (TREE_CODE (t) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (t)))
    {
      var = DECL_EXPR_DECL (t);
      val = DECL_INITIAL (var);
      if (!val)
	return NULL_TREE;
      walk_tree (&DECL_INITIAL (var), erbium_kinds_r, data, NULL);
    }
  else if ((TREE_CODE (t) == MODIFY_EXPR || TREE_CODE (t) == INIT_EXPR)
	   && VAR_P (TREE_OPERAND (t, 0)))
    {
      var = TREE_OPERAND (t, 0);
      val = TREE_OPERAND (t, 1);
    }
  else if (TREE_CODE (t) == ADDR_EXPR && VAR_P (TREE_OPERAND (t, 0)))
    {
      w->kinds[TREE_OPERAND (t, 0)] = 0;
      return NULL_TREE;
    }
  else if ((TREE_CODE (t) == PREINCREMENT_EXPR
	    || TREE_CODE (t) == POSTINCREMENT_EXPR
	    || TREE_CODE (t) == PREDECREMENT_EXPR
	    || TREE_CODE (t) == POSTDECREMENT_EXPR)
	   && VAR_P (TREE_OPERAND (t, 0)))
    {
      w->kinds[TREE_OPERAND (t, 0)] = 0;
      return NULL_TREE;
    }
  if (!var || erbium_type_kind (TREE_TYPE (var)) != ERBIUM_KIND_VIEW)
    return NULL_TREE;
  int kind = 0;
  switch (erbium_marker_call (erbium_strip_casts (val)))
    {
    case ERBIUM_MARK_NEW_READ_VIEW:
      kind = ERBIUM_READ;
      break;
    case ERBIUM_MARK_NEW_WRITE_VIEW:
      kind = ERBIUM_WRITE;
      break;
    default:
      break;
    }
  auto it = w->kinds.find (var);
  if (it == w->kinds.end ())
    w->kinds[var] = kind;
  else if (it->second != kind)
    it->second = 0;
  return NULL_TREE;
}

/* How the language spells kind K: "record" or "view".  */
static const char *
erbium_kind_name (enum erbium_kind k)
{
  return k == ERBIUM_KIND_VIEW ? "view" : "record";
}

/* True when the record(T)/view(T) types A and B are of the same kind and
   element type (qualifiers of the element type aside: a view(const int)
   of a record(int) is fine).  */
static bool
erbium_same_stream_type (tree a, tree b)
{
  return (erbium_type_kind (a) == erbium_type_kind (b)
	  && comptypes (TYPE_MAIN_VARIANT (TREE_TYPE (a)),
			TYPE_MAIN_VARIANT (TREE_TYPE (b))));
}

/* Report at LOC the conversion of a value of the record(T)/view(T) type
   FROM to another such type TO (GCC itself only warns: incompatible
   pointer types).  PROC, when not NULL_TREE, is the process whose
   parameter ARGNO (from 1) has type TO, at a run site.  */
static void
erbium_stream_type_mismatch (location_t loc, tree from, tree to,
			     tree proc, int argno)
{
  enum erbium_kind kf = erbium_type_kind (from), kt = erbium_type_kind (to);
  const char *nf = erbium_kind_name (kf), *nt = erbium_kind_name (kt);
  const char *why = (kf != kt
		     ? (kf == ERBIUM_KIND_VIEW ? "a view is not a record"
			: "a record is not a view")
		     : "the element type is part of the type, and the "
		       "views of a record have the record's element type");
  if (proc)
    error_at (loc, "%<%s(%T)%> passed to parameter %d of process %qD, "
	      "which is a %<%s(%T)%>: %s", nf, TREE_TYPE (from), argno,
	      proc, nt, TREE_TYPE (to), why);
  else
    error_at (loc, "%<%s(%T)%> converted to %<%s(%T)%>: %s",
	      nf, TREE_TYPE (from), nt, TREE_TYPE (to), why);
}

/* True when the source at the spelling location of LOC, after opening
   parentheses and white space, is the identifier NAME, or when the source
   is not available (or is preprocessed input).  The C front end folds
   `(*&p)(x)', `(*p)(x)' and `(1 ? p : p)(x)' to the tree of `p(x)'; only
   the text tells them apart.  */
static bool
erbium_source_names_p (location_t loc, tree name)
{
  /* In preprocessed input (the compile half of -save-temps) the columns
     are those of the expanded text, not of the file the lines name.  */
  if (parse_in && cpp_get_options (parse_in)->preprocessed)
    return true;
  loc = linemap_resolve_location (line_table, loc, LRK_SPELLING_LOCATION,
				  NULL);
  expanded_location xl = expand_location (loc);
  if (!xl.file || xl.line <= 0 || xl.column <= 0)
    return true;
  const char *id = IDENTIFIER_POINTER (name);
  size_t idlen = IDENTIFIER_LENGTH (name);
  for (int line = xl.line, col = xl.column; line < xl.line + 8;
       line++, col = 1)
    {
      char_span text = location_get_source_line (xl.file, line);
      if (!text)
	return true;
      size_t n = text.length (), i = col - 1;
      while (i < n && (text[i] == '(' || ISSPACE (text[i])))
	i++;
      if (i == n)
	continue;
      if (n - i < idlen || memcmp (text.get_buffer () + i, id, idlen))
	return false;
      return i + idlen == n || !ISIDNUM (text[i + idlen]);
    }
  return true;
}

/* The largest element, in bytes, that the runtime takes: er_new_record's
   ESIZE is 1..2^20 (runtime/include/erbium/record.h; record.c reports a
   larger one at run time).  */
#define ERBIUM_MAX_ELEMENT_SIZE (HOST_WIDE_INT_1U << 20)

/* The element types already reported as too large in the function being
   rewritten (erbium_pre_genericize), so that each gets one error.  */
static hash_set<tree> *erbium_big_elements;

/* True when the element type ELT is larger than the runtime's limit;
   reports it at LOC the first time (in the function being rewritten).  */
static bool
erbium_element_too_large (tree elt, location_t loc)
{
  tree s = TYPE_SIZE_UNIT (elt);
  if (!COMPLETE_TYPE_P (elt) || !s || TREE_CODE (s) != INTEGER_CST
      || !tree_fits_uhwi_p (s) || tree_to_uhwi (s) <= ERBIUM_MAX_ELEMENT_SIZE)
    return false;
  if (!erbium_big_elements
      || !erbium_big_elements->add (TYPE_MAIN_VARIANT (elt)))
    error_at (loc, "element type %qT of a record or view has %wu bytes, "
	      "more than the limit of the runtime, 1 MiB (%wu bytes) per "
	      "element; stream smaller elements (or indices into the "
	      "data)", elt, tree_to_uhwi (s), ERBIUM_MAX_ELEMENT_SIZE);
  return true;
}

/* Check the element size of DECL (a variable or parameter) when its type
   is a record(T) or view(T); report at its declaration.  */
static void
erbium_check_decl_element (tree decl)
{
  tree type = TREE_TYPE (decl);
  if (erbium_type_kind (type) != ERBIUM_KIND_NONE)
    erbium_element_too_large (TREE_TYPE (type),
			      DECL_SOURCE_LOCATION (decl));
}

/* Element type of the record(T)/view(T) type TYPE, and its size as a
   constant in *SIZE; false after an error at LOC when T has no constant
   positive size or is larger than the runtime's limit.  */
static bool
erbium_element (tree type, location_t loc, tree *elt, tree *size)
{
  *elt = TREE_TYPE (type);
  tree s = TYPE_SIZE_UNIT (*elt);
  if (!COMPLETE_TYPE_P (*elt) || !s || TREE_CODE (s) != INTEGER_CST
      || integer_zerop (s))
    {
      error_at (loc, "element type %qT of a record or view must be a "
		"complete type of constant nonzero size", *elt);
      return false;
    }
  if (erbium_element_too_large (*elt, loc))
    return false;
  *size = s;
  return true;
}

/* Rewrite the marker call CALL (kind M) converted to TYPE at LOC into the
   runtime call; returns the new expression (of TYPE) or error_mark_node
   after an error.  */
static tree
erbium_rewrite_new (tree call, enum erbium_marker m, tree type,
		    location_t loc, erbium_walk *w)
{
  enum erbium_kind want = (m == ERBIUM_MARK_NEW_RECORD
			   ? ERBIUM_KIND_RECORD : ERBIUM_KIND_VIEW);
  const char *spell = erbium_marker_spelling (m);
  if (erbium_type_kind (type) != want)
    {
      error_at (loc, "the result of %qs must initialise or be assigned to "
		"a %qs (here it is converted to %qT)", spell,
		want == ERBIUM_KIND_RECORD ? "record(T)" : "view(T)", type);
      return error_mark_node;
    }
  tree elt, size;
  if (!erbium_element (type, loc, &elt, &size))
    return error_mark_node;
  for (int i = 0; i < call_expr_nargs (call); i++)
    {
      /* Not the conversion of the record to the marker's `const volatile
	 void *' parameter: only the record itself.  */
      tree *ap = &CALL_EXPR_ARG (call, i);
      while (CONVERT_EXPR_P (*ap) || TREE_CODE (*ap) == NON_LVALUE_EXPR)
	ap = &TREE_OPERAND (*ap, 0);
      erbium_walk_tree (ap, w);
    }
  tree res;
  if (m == ERBIUM_MARK_NEW_RECORD)
    {
      tree fn = erbium_runtime_fn ("er_new_record", loc);
      if (!fn)
	return error_mark_node;
      res = build_call_expr_loc (loc, fn, 3, CALL_EXPR_ARG (call, 0),
				 CALL_EXPR_ARG (call, 1),
				 fold_convert (size_type_node, size));
    }
  else
    {
      tree arg = CALL_EXPR_ARG (call, 0);
      tree re = erbium_strip_casts (arg);
      if (erbium_type_kind (TREE_TYPE (re)) != ERBIUM_KIND_RECORD)
	{
	  error_at (loc,
		    "the argument of %qs must be a record(T), not %qT",
		    spell, TREE_TYPE (re));
	  return error_mark_node;
	}
      tree relt = TREE_TYPE (TREE_TYPE (re));
      if (!comptypes (TYPE_MAIN_VARIANT (relt), TYPE_MAIN_VARIANT (elt)))
	{
	  error_at (loc, "%qs of a record of %qT converted to a view of "
		    "%qT: the views of a record have its element type; "
		    "declare the view %<view(%T)%>", spell, relt, elt, relt);
	  return error_mark_node;
	}
      /* The runtime checks the element size again: a record reached
	 through a pointer of another type (er_record *) is caught there.  */
      tree fn = erbium_runtime_fn (m == ERBIUM_MARK_NEW_READ_VIEW
				   ? "er_new_read_view_of"
				   : "er_new_write_view_of", loc);
      if (!fn)
	return error_mark_node;
      tree rtype = TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (fn)));
      res = build_call_expr_loc (loc, fn, 2, fold_convert (rtype, re),
				 fold_convert (size_type_node, size));
    }
  return build1_loc (loc, NOP_EXPR, type, res);
}

/* The 32-bit value that the integer expression E (of 64 bits) widens
   (E is (T) X, X of 32 bits or fewer, through conversions that keep
   every bit), or NULL_TREE.  */
static tree
erbium_narrow_operand (tree e)
{
  while (CONVERT_EXPR_P (e) && INTEGRAL_TYPE_P (TREE_TYPE (e)))
    {
      tree x = TREE_OPERAND (e, 0);
      if (!INTEGRAL_TYPE_P (TREE_TYPE (x)))
	return NULL_TREE;
      if (TYPE_PRECISION (TREE_TYPE (x)) <= 32)
	return TYPE_PRECISION (TREE_TYPE (e)) > 32 ? x : NULL_TREE;
      if (TYPE_PRECISION (TREE_TYPE (x)) < TYPE_PRECISION (TREE_TYPE (e)))
	return NULL_TREE;
      e = x;
    }
  return NULL_TREE;
}

/* The index A + B, of type ITYPE; A and B are integer expressions.  A
   32-bit index plus a constant (the C front end splits the constant term
   off an int subscript: x[j + 1] is x + ((sizetype) j + 1) * size) is
   summed in the 32-bit type, wrapping, and widened: so the index stays a
   widened 32-bit value, whose evolution erbium-window and SCEV follow as
   for x[j], and the vectoriser sees a filter's taps at constant
   distances.  Modulo 2^32 it is the sum, which is all the window address
   uses, and all the runtime reads of an index within 2^31 of the view's
   own (sync.h er_xlat), as every index in the window is; only an access
   2^31 or more outside the window may be read modulo 2^32 rather than
   reported under ERBIUM_CHECK.  Other sums are done in ITYPE's unsigned
   variant (wrapping, as sizetype does).  */
static tree
erbium_index_sum (tree a, tree b, tree itype)
{
  if (TREE_CODE (a) == INTEGER_CST)
    std::swap (a, b);
  tree na = erbium_narrow_operand (a);
  if (na && TREE_CODE (b) == INTEGER_CST)
    {
      tree nt = TREE_TYPE (na), nu = unsigned_type_for (nt);
      tree s = fold_build2 (PLUS_EXPR, nu, fold_convert (nu, na),
			    fold_convert (nu, b));
      return fold_convert (itype, fold_convert (nt, s));
    }
  tree u = unsigned_type_for (itype);
  tree s = fold_build2 (PLUS_EXPR, u, fold_convert (u, a),
			fold_convert (u, b));
  return fold_convert (itype, s);
}

/* The element index, of the runtime's index type ITYPE (er_index, 64
   bits), whose byte offset is OFF (sizetype) for elements of SIZE bytes:
   OFF is I * SIZE as pointer_int_sum built it, possibly with constant
   terms split off.  The index is the subscript's value, exact (as C
   computed the pointer; but for erbium_index_sum's 32-bit sums): known
   shapes give I back converted to ITYPE (a 32-bit int subscript
   sign-extended, an unsigned one zero-extended, as the primitives' index
   arguments are); otherwise an exact division gives I modulo 2^64, hence
   exactly.  The runtime then reads it as it reads any index
   (erbium/sync.h, er_xlat).  */
static tree
erbium_index_of (tree off, tree size, tree itype)
{
  tree o = off;
  STRIP_NOPS (o);
  if (TREE_CODE (o) == INTEGER_CST)
    return build_int_cst (itype, ((HOST_WIDE_INT) TREE_INT_CST_LOW (o)
				  / tree_to_shwi (size)));
  if (TREE_CODE (o) == MULT_EXPR
      && TREE_CODE (TREE_OPERAND (o, 1)) == INTEGER_CST
      && tree_int_cst_equal (TREE_OPERAND (o, 1), size)
      && INTEGRAL_TYPE_P (TREE_TYPE (TREE_OPERAND (o, 0))))
    {
      tree i = TREE_OPERAND (o, 0);
      STRIP_NOPS (i);
      if (TREE_CODE (i) == PLUS_EXPR)
	return erbium_index_sum (TREE_OPERAND (i, 0), TREE_OPERAND (i, 1),
				 itype);
      if (INTEGRAL_TYPE_P (TREE_TYPE (i)))
	return fold_convert (itype, i);
    }
  if (TREE_CODE (o) == PLUS_EXPR)
    return erbium_index_sum (erbium_index_of (TREE_OPERAND (o, 0), size,
					      itype),
			     erbium_index_of (TREE_OPERAND (o, 1), size,
					      itype), itype);
  tree q = fold_build2 (EXACT_DIV_EXPR, sizetype, fold_convert (sizetype, off),
			fold_convert (sizetype, size));
  return fold_convert (itype, q);
}

/* *PP is a pointer expression of a view type V under an INDIRECT_REF at
   LOC (the C front end's `*(v + i)' for v[i]), or inside the SAVE_EXPR
   there.  Replace it by `(T *) er_elem ((er_view *) v, i)'.  */
static void
erbium_rewrite_subscript (tree *pp, location_t loc, location_t uloc)
{
  tree p = *pp;
  tree off = NULL_TREE;
  while (TREE_CODE (p) == POINTER_PLUS_EXPR
	 && erbium_type_kind (TREE_TYPE (TREE_OPERAND (p, 0)))
	    == ERBIUM_KIND_VIEW)
    {
      tree o = TREE_OPERAND (p, 1);
      off = off ? fold_build2 (PLUS_EXPR, sizetype, off, o) : o;
      p = TREE_OPERAND (p, 0);
    }
  tree type = TREE_TYPE (*pp);
  bool star = erbium_source_char (loc) == '*';
  loc = uloc;
  if (star)
    {
      if (off)
	error_at (loc, "pointer arithmetic on a view: a view is not a "
		  "pointer; write %<v[i]%> for its element i");
      else
	error_at (loc, "dereferencing a view: a view is not a pointer; "
		  "write %<v[0]%> for its element 0");
      *pp = error_mark_node;
      return;
    }
  if (!off)
    off = size_zero_node;
  tree elt, size;
  if (!erbium_element (type, loc, &elt, &size))
    {
      *pp = error_mark_node;
      return;
    }
  tree fn = erbium_runtime_fn ("er_elem", loc);
  if (!fn)
    {
      *pp = error_mark_node;
      return;
    }
  tree vtype = TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (fn)));
  tree itype = TREE_VALUE (TREE_CHAIN (TYPE_ARG_TYPES (TREE_TYPE (fn))));
  tree idx = erbium_index_of (off, size, itype);
  erbium_warn_negative_index (loc, idx, NULL, erbium_strip_casts (p));
  tree call = build_call_expr_loc (loc, fn, 2, fold_convert (vtype, p), idx);
  *pp = build1_loc (loc, NOP_EXPR, build_pointer_type (elt), call);
}

/* The argument structure of process PROC, at LOC:
   struct __erbium_args_P { T0 a0; T1 a1; ... }, laid out.  */
static tree
erbium_entry_args_type (tree proc, location_t loc)
{
  /* struct __erbium_args_P { T0 a0; T1 a1; ... };  */
  tree rec = make_node (RECORD_TYPE);
  tree fields = NULL_TREE, *last = &fields;
  int i = 0;
  for (tree p = TYPE_ARG_TYPES (TREE_TYPE (proc));
       p && p != void_list_node; p = TREE_CHAIN (p), i++)
    {
      char name[32];
      snprintf (name, sizeof name, "a%d", i);
      tree f = build_decl (loc, FIELD_DECL, get_identifier (name),
			   build_qualified_type (TREE_VALUE (p),
						 TYPE_UNQUALIFIED));
      DECL_CONTEXT (f) = rec;
      *last = f;
      last = &DECL_CHAIN (f);
    }
  TYPE_FIELDS (rec) = fields;
  char *n = concat ("__erbium_args_", IDENTIFIER_POINTER (DECL_NAME (proc)),
		    NULL);
  TYPE_NAME (rec) = get_identifier (n);
  free (n);
  layout_type (rec);
  return rec;
}

/* Per-process entry function and argument structure, made once per
   process and unit; stored as the internal attribute "erbium entry" of
   the process (TREE_PURPOSE entry, TREE_VALUE structure type), which
   keeps them reachable for the garbage collector.  */
static tree
erbium_entry (tree proc, location_t loc, tree *argtype)
{
  tree a = lookup_attribute ("erbium entry", DECL_ATTRIBUTES (proc));
  if (a)
    {
      *argtype = TREE_VALUE (TREE_VALUE (a));
      return TREE_PURPOSE (TREE_VALUE (a));
    }

  /* struct __erbium_args_P { T0 a0; T1 a1; ... };  */
  tree rec = erbium_entry_args_type (proc, loc);
  tree fields = TYPE_FIELDS (rec);
  int i = list_length (fields);
  char *n;

  /* static void __erbium_entry_P (void *args) { P (args->a0, ...); }  */
  tree fntype = build_function_type_list (void_type_node, ptr_type_node,
					  NULL_TREE);
  n = concat ("__erbium_entry_", IDENTIFIER_POINTER (DECL_NAME (proc)),
	      NULL);
  tree name = get_identifier (n);
  free (n);
  tree fn = build_decl (loc, FUNCTION_DECL, name, fntype);
  TREE_STATIC (fn) = 1;
  TREE_PUBLIC (fn) = 0;
  DECL_EXTERNAL (fn) = 0;
  DECL_ARTIFICIAL (fn) = 1;
  TREE_USED (fn) = 1;
  DECL_CONTEXT (fn) = NULL_TREE;
  tree block = make_node (BLOCK);
  BLOCK_SUPERCONTEXT (block) = fn;
  DECL_INITIAL (fn) = block;
  tree res = build_decl (loc, RESULT_DECL, NULL_TREE, void_type_node);
  DECL_ARTIFICIAL (res) = 1;
  DECL_IGNORED_P (res) = 1;
  DECL_CONTEXT (res) = fn;
  DECL_RESULT (fn) = res;
  tree parm = build_decl (loc, PARM_DECL, get_identifier ("args"),
			  ptr_type_node);
  DECL_ARTIFICIAL (parm) = 1;
  DECL_ARG_TYPE (parm) = ptr_type_node;
  DECL_CONTEXT (parm) = fn;
  TREE_USED (parm) = 1;
  DECL_ARGUMENTS (fn) = parm;

  tree s = build1 (INDIRECT_REF, rec,
		   fold_convert (build_pointer_type (rec), parm));
  vec<tree, va_gc> *args;
  vec_alloc (args, i);
  for (tree f = fields; f; f = DECL_CHAIN (f))
    args->quick_push (build3 (COMPONENT_REF, TREE_TYPE (f), s, f,
			      NULL_TREE));
  tree call = build_call_vec (void_type_node,
			      build_fold_addr_expr (proc), args);
  SET_EXPR_LOCATION (call, loc);
  tree bind = build3 (BIND_EXPR, void_type_node, NULL_TREE, call, block);
  DECL_SAVED_TREE (fn) = bind;

  push_struct_function (fn);
  pop_cfun ();
  c_genericize (fn);
  cgraph_node::finalize_function (fn, true);

  DECL_ATTRIBUTES (proc)
    = tree_cons (get_identifier ("erbium entry"),
		 build_tree_list (fn, rec), DECL_ATTRIBUTES (proc));
  *argtype = rec;
  return fn;
}

/* Check the arguments of the process call CALL of `run' at LOC against
   the parameters of process PROC: a record or view argument of another
   element type or kind than its record(T)/view(T) parameter would make
   the process read its elements as the wrong type.  Returns false after
   an error.  */
static bool
erbium_check_run_args (tree proc, tree call, location_t loc)
{
  function_args_iterator it;
  tree parm;
  int i = 0, nargs = call_expr_nargs (call);
  bool ok = true;
  FOREACH_FUNCTION_ARGS (TREE_TYPE (proc), parm, it)
    {
      if (i >= nargs || VOID_TYPE_P (parm))
	break;
      tree a = erbium_strip_casts (CALL_EXPR_ARG (call, i));
      if (erbium_type_kind (parm) != ERBIUM_KIND_NONE
	  && erbium_type_kind (TREE_TYPE (a)) != ERBIUM_KIND_NONE
	  && !erbium_same_stream_type (TREE_TYPE (a), parm))
	{
	  erbium_stream_type_mismatch (loc, TREE_TYPE (a), parm, proc, i + 1);
	  ok = false;
	}
      i++;
    }
  return ok;
}

/* The process that the run construct CALL at LOC starts, after the
   checks of the call (a process by name, with a prototype, defined at
   file scope, its arguments); NULL_TREE after an error.  */
static tree
erbium_run_process (tree call, location_t loc)
{
  tree proc = erbium_callee (call);
  if (!proc || !erbium_process_p (proc))
    {
      if (proc)
	error_at (loc, "%<run%> of %qD, which is not a process: declare it "
		  "%<process %E(...)%>, or call it without %<run%>",
		  proc, DECL_NAME (proc));
      else
	error_at (loc, "%<run%> must be followed by a call of a process "
		  "by name: write %<run p(args);%>");
      return NULL_TREE;
    }
  if (!erbium_source_names_p (EXPR_LOCATION (CALL_EXPR_FN (call)),
			      DECL_NAME (proc)))
    {
      error_at (loc, "%<run%> must be followed by a call of a process "
		"by name: write %<run %E(...);%>, not a call through its "
		"address or another expression", DECL_NAME (proc));
      return NULL_TREE;
    }
  if (decl_function_context (proc))
    {
      /* Reported at its definition (erbium_pre_genericize).  */
      return NULL_TREE;
    }
  int nargs = call_expr_nargs (call);
  if (!prototype_p (TREE_TYPE (proc)) && nargs > 0)
    {
      error_at (loc, "%<run%> of process %qD, which has no prototype: "
		"declare its parameters", proc);
      return NULL_TREE;
    }
  if (!erbium_check_run_args (proc, call, loc))
    return NULL_TREE;
  return proc;
}

/* The argument record of the run construct CALL at LOC in FNDECL: a
   temporary of the process's record type REC (erbium_entry), *TMP_P,
   and the TARGET_EXPR that sets its fields from CALL's arguments.  */
static tree
erbium_run_args (tree call, tree rec, location_t loc, tree fndecl,
		 tree *tmp_p)
{
  int nargs = call_expr_nargs (call);
  tree tmp = build_decl (loc, VAR_DECL, NULL_TREE, rec);
  DECL_ARTIFICIAL (tmp) = 1;
  DECL_IGNORED_P (tmp) = 1;
  TREE_ADDRESSABLE (tmp) = 1;
  TREE_USED (tmp) = 1;
  DECL_CONTEXT (tmp) = fndecl;

  tree init = NULL_TREE;
  int i = 0;
  for (tree f = TYPE_FIELDS (rec); f; f = DECL_CHAIN (f), i++)
    {
      if (i >= nargs)
	break;
      tree ref = build3 (COMPONENT_REF, TREE_TYPE (f), tmp, f, NULL_TREE);
      tree set = build2_loc (loc, MODIFY_EXPR, TREE_TYPE (f), ref,
			     fold_convert (TREE_TYPE (f),
					   CALL_EXPR_ARG (call, i)));
      set = build1 (CONVERT_EXPR, void_type_node, set);
      init = init ? build2 (COMPOUND_EXPR, void_type_node, init, set) : set;
    }
  if (!init)
    init = build_empty_stmt (loc);
  tree target = build4 (TARGET_EXPR, rec, tmp, init, NULL_TREE, NULL_TREE);
  *tmp_p = tmp;
  return target;
}

/* Rewrite `__erbium_run_marker (), CALL' at *TP (LOC) into the argument
   copy and the er_run call.  */
static void
erbium_rewrite_run (tree *tp, tree call, location_t loc, erbium_walk *w)
{
  tree proc = erbium_run_process (call, loc);
  if (!proc)
    {
      *tp = error_mark_node;
      return;
    }
  int nargs = call_expr_nargs (call);
  for (int i = 0; i < nargs; i++)
    erbium_walk_tree (&CALL_EXPR_ARG (call, i), w);
  tree er_run = erbium_runtime_fn ("er_run", loc);
  if (!er_run)
    {
      *tp = error_mark_node;
      return;
    }
  tree rec;
  tree entry = erbium_entry (proc, loc, &rec);

  tree tmp;
  tree target = erbium_run_args (call, rec, loc, w->fndecl, &tmp);
  tree fnparm = TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (er_run)));
  tree argp = TREE_VALUE (TREE_CHAIN (TYPE_ARG_TYPES (TREE_TYPE (er_run))));
  tree go = build_call_expr_loc (loc, er_run, 3,
				 fold_convert (fnparm,
					       build_fold_addr_expr (entry)),
				 fold_convert (argp,
					       build_fold_addr_expr (tmp)),
				 fold_convert (size_type_node,
					       TYPE_SIZE_UNIT (rec)));
  tree t = build2_loc (loc, COMPOUND_EXPR, TREE_TYPE (go),
		       build1 (CONVERT_EXPR, void_type_node, target), go);
  *tp = build1_loc (loc, CONVERT_EXPR, void_type_node, t);
}

/* Check the runtime call CALL (kind C) at LOC: its view argument, the
   view's kind and a constant horizon.  */
static void
erbium_check_call (tree call, enum erbium_prim c, location_t loc,
		   erbium_walk *w)
{
  const char *spell = erbium_prim_spelling (c);
  if (call_expr_nargs (call) < 1)
    return;
  tree arg = CALL_EXPR_ARG (call, 0);
  tree v = erbium_strip_casts (arg);
  enum erbium_kind k = erbium_type_kind (TREE_TYPE (v));
  if (v != arg && k != ERBIUM_KIND_VIEW)
    {
      /* Through a macro of <erbium.h>: the argument was cast to er_view *
	 from something else.  A plain er_view * is the runtime API.  */
      tree vt = TREE_TYPE (v);
      bool raw = (POINTER_TYPE_P (vt)
		  && (VOID_TYPE_P (TREE_TYPE (vt))
		      || TYPE_MAIN_VARIANT (TREE_TYPE (vt))
			 == TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (arg)))));
      /* Only units written in the language (<erbium.h> included) are
	 checked: plain runtime API programs may cast as they like.  */
      if (!raw && erbium_header_p ())
	{
	  if (k == ERBIUM_KIND_RECORD)
	    error_at (loc, "%qs applies to a view, not to a record: create "
		      "a view with %<new_read_view%> or %<new_write_view%>",
		      spell);
	  else
	    error_at (loc, "the first argument of %qs must be a view(T), "
		      "not %qT", spell, vt);
	  return;
	}
    }
  int kind = 0;
  if (VAR_P (v))
    {
      auto it = w->kinds.find (v);
      if (it != w->kinds.end ())
	kind = it->second;
    }
  bool needs_write = (c == ERBIUM_PRIM_COMMIT || c == ERBIUM_PRIM_STALL);
  bool needs_read = (c == ERBIUM_PRIM_UPDATE || c == ERBIUM_PRIM_RELEASE
		     || c == ERBIUM_PRIM_RECEIVE
		     || c == ERBIUM_PRIM_RECEIVE_RANGE);
  if (needs_write && kind == ERBIUM_READ)
    error_at (loc, "%qs on read view %qD: %qs applies to write views "
	      "(made by %<new_write_view%>); a read view uses %<update%> "
	      "and %<release%>", spell, v, spell);
  else if (needs_read && kind == ERBIUM_WRITE)
    error_at (loc, "%qs on write view %qD: %qs applies to read views "
	      "(made by %<new_read_view%>); a write view uses %<stall%> "
	      "and %<commit%>", spell, v, spell);

  if (call_expr_nargs (call) < 2)
    return;
  tree idx = CALL_EXPR_ARG (call, 1);
  if (c == ERBIUM_VIEW_ALLOC)
    {
      tree h = erbium_strip_casts (idx);
      if (TREE_CODE (h) == INTEGER_CST && tree_int_cst_sgn (h) <= 0)
	error_at (loc,
		  "horizon %E of %<alloc%> is not positive: the window of a "
		  "view holds at least one element", h);
      return;
    }
  if (!needs_write && !needs_read)
    return;
  for (int k = 1; k < call_expr_nargs (call); k++)
    erbium_warn_negative_index (loc, CALL_EXPR_ARG (call, k), spell,
				NULL_TREE);
}

/* The location to report the tree *TP at, for the walk W: its own, or
   for a tree without one, the nearest before it in the walk (kept in
   W->here).  *ULOC_OUT is set to the user's text it comes from, out of the
   macros of <erbium.h>.  */
static location_t
erbium_walk_location (tree *tp, erbium_walk *w, location_t *uloc_out)
{
  tree t = *tp;
  /* Conversions often have no location: they get the one of the nearest
     expression before them in the walk (their parent, or a sibling), or
     of the declaration they initialise.  */
  location_t loc = EXPR_LOCATION (t);
  if (loc == UNKNOWN_LOCATION && TREE_CODE (t) == DECL_EXPR)
    loc = DECL_SOURCE_LOCATION (DECL_EXPR_DECL (t));
  if (loc != UNKNOWN_LOCATION)
    w->here = loc;
  else if (w->here != UNKNOWN_LOCATION)
    loc = w->here;
  else
    loc = DECL_SOURCE_LOCATION (w->fndecl);
  /* Report at the user's text, not inside the macros of <erbium.h>.  */
  location_t uloc = linemap_resolve_location (line_table, loc,
					      LRK_MACRO_EXPANSION_POINT, NULL);
  if (TREE_CODE (t) != INDIRECT_REF)
    loc = uloc;
  *uloc_out = uloc;
  return loc;
}

/* The BIND_EXPR *TP of the walk W: its body, then what its variables
   need walked.  */
static void
erbium_rewrite_bind (tree *tp, int *walk_subtrees, erbium_walk *w)
{
  tree t = *tp;
  /* walk_tree would walk the initialisers and sizes of the block's
     variables before its body, and an automatic variable's initialiser
     a second time at its DECL_EXPR (diagnostics twice).  The body comes
     first, in statement order; an automatic variable's
     initialiser is walked at its DECL_EXPR only, and a variable
     length's SAVE_EXPR where the body evaluates it.  */
  erbium_walk_tree (&BIND_EXPR_BODY (t), w);
  for (tree d = BIND_EXPR_VARS (t); d; d = DECL_CHAIN (d))
    {
      if (!VAR_P (d) || TREE_STATIC (d))
	erbium_walk_tree (&DECL_INITIAL (d), w);
      erbium_walk_tree (&DECL_SIZE (d), w);
      erbium_walk_tree (&DECL_SIZE_UNIT (d), w);
    }
  *walk_subtrees = 0;
}

/* The conversion *TP (NOP_EXPR, CONVERT_EXPR) at LOC of the walk W: the
   markers of new_record, new_read_view and new_write_view become their
   creation; a record or view converted to what loses its element type
   is an error.  */
static void
erbium_rewrite_conversion (tree *tp, int *walk_subtrees, location_t loc,
			   erbium_walk *w)
{
  tree t = *tp;
  tree op = erbium_strip_casts (TREE_OPERAND (t, 0));
  enum erbium_marker m = erbium_marker_call (op);
  if (m == ERBIUM_MARK_NEW_RECORD || m == ERBIUM_MARK_NEW_READ_VIEW
      || m == ERBIUM_MARK_NEW_WRITE_VIEW)
    {
      *tp = erbium_rewrite_new (op, m, TREE_TYPE (t), loc, w);
      *walk_subtrees = 0;
      return;
    }
  /* A view or record converted to another record or view type, to an
     integer, void * or another pointer type than er_view * /
     er_record *: the value is no T *, and its element type is lost.  */
  enum erbium_kind k = erbium_type_kind (TREE_TYPE (op));
  tree to = TREE_TYPE (t);
  if (k != ERBIUM_KIND_NONE && TREE_CODE (op) == POINTER_PLUS_EXPR)
    /* &v[i] or v + n converted: report the arithmetic.  */
    return;
  if (k != ERBIUM_KIND_NONE && erbium_type_kind (to) != ERBIUM_KIND_NONE
      && !erbium_same_stream_type (TREE_TYPE (op), to))
    {
      erbium_stream_type_mismatch (loc, TREE_TYPE (op), to, NULL_TREE,
				   0);
      *tp = error_mark_node;
      *walk_subtrees = 0;
      return;
    }
  /* The kind of the operand itself: a view already converted to
     er_view * is the runtime API's business.  */
  tree direct = TREE_OPERAND (t, 0);
  while (TREE_CODE (direct) == NON_LVALUE_EXPR
	 || (CONVERT_EXPR_P (direct)
	     && erbium_type_kind (TREE_TYPE (direct))
		!= ERBIUM_KIND_NONE))
    direct = TREE_OPERAND (direct, 0);
  enum erbium_kind kd = erbium_type_kind (TREE_TYPE (direct));
  if (kd != ERBIUM_KIND_NONE
      && ((INTEGRAL_TYPE_P (to) && TREE_CODE (to) != BOOLEAN_TYPE)
	  || (POINTER_TYPE_P (to) && VOID_TYPE_P (TREE_TYPE (to)))))
    {
      /* void * and integers lose the element type: nothing checks
	 the value when it comes back as a record or view.  */
      const char *kn = erbium_kind_name (kd);
      error_at (loc, "%s converted to %qT, which loses its element "
		"type (nothing checks it when it comes back); pass "
		"the %s itself, or convert it to %<%s *%> for the C "
		"API of the runtime", kn, to, kn,
		kd == ERBIUM_KIND_VIEW ? "er_view" : "er_record");
      *tp = error_mark_node;
      *walk_subtrees = 0;
      return;
    }
  if (k != ERBIUM_KIND_NONE && POINTER_TYPE_P (to)
      && erbium_type_kind (to) == ERBIUM_KIND_NONE
      && !erbium_pointer_to_struct_p (to, "er_view")
      && !erbium_pointer_to_struct_p (to, "er_record"))
    {
      error_at (loc, "%s converted to %qT: a %s is not a pointer to "
		"its elements; %s", k == ERBIUM_KIND_VIEW ? "view"
		: "record", to, k == ERBIUM_KIND_VIEW ? "view"
		: "record", k == ERBIUM_KIND_VIEW
		? "subscript it (v[i]) to reach an element"
		: "create a view of it to reach its elements");
      *tp = error_mark_node;
      *walk_subtrees = 0;
    }
}

/* The dereference *TP at LOC (ULOC: the user's text) of the walk W: a
   view subscript becomes its element access; a record's is an
   error.  */
static void
erbium_rewrite_indirect (tree *tp, int *walk_subtrees, location_t loc,
			 location_t uloc)
{
  tree t = *tp;
  tree p = TREE_OPERAND (t, 0);
  enum erbium_kind k = erbium_type_kind (TREE_TYPE (p));
  if (k == ERBIUM_KIND_VIEW && TREE_CODE (p) == SAVE_EXPR)
    {
      /* The address of a subscript the C front end evaluates once
	 for two uses (v[q ()] += x, v[q ()]++): rewrite inside the
	 SAVE_EXPR, which then has the element pointer's type, so
	 that its other use leaves it alone; the walk enters the
	 SAVE_EXPR, and walks the new operand, once (SAVE_EXPR
	 above).  */
      erbium_rewrite_subscript (&TREE_OPERAND (p, 0), loc, uloc);
      TREE_TYPE (p) = TREE_TYPE (TREE_OPERAND (p, 0));
    }
  else if (k == ERBIUM_KIND_VIEW)
    erbium_rewrite_subscript (&TREE_OPERAND (t, 0), loc, uloc);
  else if (k == ERBIUM_KIND_RECORD)
    {
      error_at (uloc, "subscript or dereference of a record: a record "
		"has no elements to address; create a view with "
		"%<new_read_view%> or %<new_write_view%> and "
		"subscript the view");
      *tp = error_mark_node;
      *walk_subtrees = 0;
    }
}

/* The pointer arithmetic *TP at LOC: an error on a record or view.  */
static void
erbium_check_pointer_arith (tree *tp, int *walk_subtrees, location_t loc)
{
  tree t = *tp;
  enum erbium_kind k = erbium_type_kind (TREE_TYPE (TREE_OPERAND (t,
								  0)));
  if (k != ERBIUM_KIND_NONE)
    {
      error_at (loc, "pointer arithmetic on a %s: a %s is not a "
		"pointer; %s", k == ERBIUM_KIND_VIEW ? "view" : "record",
		k == ERBIUM_KIND_VIEW ? "view" : "record",
		k == ERBIUM_KIND_VIEW
		? "write v[i] for element i (er_burst gives the "
		  "address of a burst of elements)"
		: "create a view with new_read_view or new_write_view");
      *tp = error_mark_node;
      *walk_subtrees = 0;
    }
}

/* The call *TP at LOC of the walk W: markers out of place and processes
   called without run are errors, calls of the view API are checked,
   then the arguments are walked.  */
static void
erbium_rewrite_call (tree *tp, int *walk_subtrees, location_t loc,
		     erbium_walk *w)
{
  tree t = *tp;
  enum erbium_marker m = erbium_marker_call (t);
  tree fn = erbium_callee (t);
  if (m == ERBIUM_MARK_RUN)
    {
      error_at (loc, "%<run%> must be followed by a call of a process: "
		"write %<run p(args);%>");
      *tp = error_mark_node;
      *walk_subtrees = 0;
      return;
    }
  if (m != ERBIUM_MARK_NONE)
    {
      error_at (loc, "the result of %qs must initialise or be assigned "
		"to a %qs", erbium_marker_spelling (m),
		m == ERBIUM_MARK_NEW_RECORD
		? "record(T)" : "view(T)");
      *tp = error_mark_node;
      *walk_subtrees = 0;
      return;
    }
  if (erbium_process_p (fn))
    error_at (loc, "process %qD called without %<run%>: a process "
	      "runs on a thread of its own; write %<run %E(...)%>",
	      fn, DECL_NAME (fn));
  enum erbium_prim c = erbium_view_call (t);
  if (c != ERBIUM_PRIM_NONE)
    erbium_check_call (t, c, loc, w);
  /* Walk the arguments, and the callee only when it is not a direct
     reference (a direct reference is no address taken).  */
  if (!fn)
    erbium_walk_tree (&CALL_EXPR_FN (t), w);
  for (int i = 0; i < call_expr_nargs (t); i++)
    erbium_walk_tree (&CALL_EXPR_ARG (t, i), w);
  *walk_subtrees = 0;
}

/* The ADDR_EXPR or RETURN_EXPR *TP at LOC of the walk W: taking the
   address of a process, or returning a value from one, is an error.  */
static void
erbium_check_process_use (tree *tp, int *walk_subtrees, location_t loc,
			  erbium_walk *w)
{
  tree t = *tp;
  if (TREE_CODE (t) == ADDR_EXPR)
    {
      if (erbium_process_p (TREE_OPERAND (t, 0)))
	{
	  error_at (loc, "address of process %qD taken: a process is "
		    "started with %<run %E(...)%>, never called through a "
		    "pointer", TREE_OPERAND (t, 0),
		    DECL_NAME (TREE_OPERAND (t, 0)));
	  *tp = error_mark_node;
	  *walk_subtrees = 0;
	}
      return;
    }
  if (w->is_process && TREE_OPERAND (t, 0)
      && !VOID_TYPE_P (TREE_TYPE (TREE_OPERAND (t, 0))))
    error_at (loc, "process %qD returns a value: a process has no "
	      "return value; pass results through a record",
	      w->fndecl);
}

/* The rewriting callback (walk_tree): see the file comment.  */
static tree
erbium_rewrite_r (tree *tp, int *walk_subtrees, void *data)
{
  erbium_walk *w = (erbium_walk *) data;
  tree t = *tp;
  location_t uloc;
  location_t loc = erbium_walk_location (tp, w, &uloc);

  switch (TREE_CODE (t))
    {
    case BIND_EXPR:
      erbium_rewrite_bind (tp, walk_subtrees, w);
      return NULL_TREE;
    case SAVE_EXPR:
      /* Shared: its operand is walked once (a view subscript's is
	 rewritten first, INDIRECT_REF below).  */
      if (w->seen->add (t))
	*walk_subtrees = 0;
      return NULL_TREE;

    case DECL_EXPR:
      if (VAR_P (DECL_EXPR_DECL (t)))
	erbium_check_decl_element (DECL_EXPR_DECL (t));
      if (VAR_P (DECL_EXPR_DECL (t)) && DECL_INITIAL (DECL_EXPR_DECL (t))
	  && !TREE_STATIC (DECL_EXPR_DECL (t)))
	erbium_walk_tree (&DECL_INITIAL (DECL_EXPR_DECL (t)), w);
      return NULL_TREE;

    case COMPOUND_EXPR:
      if (erbium_marker_call (TREE_OPERAND (t, 0)) == ERBIUM_MARK_RUN)
	{
	  erbium_rewrite_run (tp, erbium_strip_casts (TREE_OPERAND (t, 1)),
			      loc, w);
	  *walk_subtrees = 0;
	}
      return NULL_TREE;

    case NOP_EXPR:
    case CONVERT_EXPR:
      erbium_rewrite_conversion (tp, walk_subtrees, loc, w);
      return NULL_TREE;

    case INDIRECT_REF:
      erbium_rewrite_indirect (tp, walk_subtrees, loc, uloc);
      return NULL_TREE;

    case POINTER_PLUS_EXPR:
    case POINTER_DIFF_EXPR:
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      erbium_check_pointer_arith (tp, walk_subtrees, loc);
      return NULL_TREE;

    case ADDR_EXPR:
    case RETURN_EXPR:
      erbium_check_process_use (tp, walk_subtrees, loc, w);
      return NULL_TREE;

    case CALL_EXPR:
      erbium_rewrite_call (tp, walk_subtrees, loc, w);
      return NULL_TREE;

    default:
      if (TYPE_P (t) || DECL_P (t))
	*walk_subtrees = 0;
      return NULL_TREE;
    }
}

/* Quick test: does T contain anything of the language (a view or record
   type, a process, a marker)?  walk_tree callback; returns T when so.  */
static tree
erbium_uses_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (t)))
    {
      tree d = DECL_EXPR_DECL (t);
      if (erbium_type_kind (TREE_TYPE (d)) != ERBIUM_KIND_NONE)
	return t;
      if (DECL_INITIAL (d) && !TREE_STATIC (d))
	return walk_tree (&DECL_INITIAL (d), erbium_uses_r, NULL, NULL);
      return NULL_TREE;
    }
  if (DECL_P (t))
    {
      *walk_subtrees = 0;
      /* A variable of the language may be used bare (*v): a global, or
	 a nested function's use of its parent's view.  */
      if (erbium_process_p (t)
	  || ((VAR_P (t) || TREE_CODE (t) == PARM_DECL)
	      && erbium_type_kind (TREE_TYPE (t)) != ERBIUM_KIND_NONE))
	return t;
      return NULL_TREE;
    }
  if (EXPR_P (t) && erbium_type_kind (TREE_TYPE (t)) != ERBIUM_KIND_NONE)
    return t;
  if (erbium_marker_call (t) != ERBIUM_MARK_NONE)
    return t;
  if (erbium_view_call (t) != ERBIUM_PRIM_NONE && erbium_header_p ())
    return t;
  return NULL_TREE;
}

/* True when the body of FNDECL, or its parameters, use the language.  */
static bool
erbium_uses_p (tree fndecl)
{
  if (erbium_process_p (fndecl))
    return true;
  for (tree p = DECL_ARGUMENTS (fndecl); p; p = DECL_CHAIN (p))
    if (erbium_type_kind (TREE_TYPE (p)) != ERBIUM_KIND_NONE)
      return true;
  return walk_tree_without_duplicates (&DECL_SAVED_TREE (fndecl),
				       erbium_uses_r, NULL) != NULL_TREE;
}

/* Append FNDECL and, depth first, the GNU C nested functions defined in
   it to *FAMILY.  The C front end records nested functions with cgraph
   (finish_function) and genericizes them with their outermost function
   (c_genericize walks the same list).  */
static void
erbium_collect_family (tree fndecl, vec<tree> *family)
{
  family->safe_push (fndecl);
  cgraph_node *node = cgraph_node::get (fndecl);
  if (!node)
    return;
  for (cgraph_node *n = first_nested_function (node); n;
       n = next_nested_function (n))
    if (DECL_SAVED_TREE (n->decl))
      erbium_collect_family (n->decl, family);
}

/* See erbium-plugin.h.  */
bool erbium_language_unit;

/* PLUGIN_PRE_GENERICIZE callback: GCC_DATA is the FUNCTION_DECL whose
   body the C front end is about to genericize.  The C front end invokes
   it for file-scope functions only (finish_function skips functions with
   a decl_function_context), so the GNU C nested functions defined in
   GCC_DATA, which c_genericize genericizes with it, are rewritten and
   checked here too; they share one table of view kinds, since a nested
   function may use its parent's views.  A process defined as a nested
   function is an error: run starts it asynchronously on a copy of its
   arguments, and it may outlive the function that ran it, whose frame
   its static chain points into.  */
static void
erbium_pre_genericize (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || !DECL_SAVED_TREE (fndecl))
    return;
  /* The entry functions made by erbium_entry never come here: the C
     front end invokes this callback from finish_function, not from
     c_genericize.  */
  if (!erbium_language_unit)
    erbium_language_unit = erbium_header_p ();
  auto_vec<tree> family, users;
  erbium_collect_family (fndecl, &family);
  for (tree fn : family)
    {
      if (fn != fndecl && erbium_process_p (fn))
	{
	  error_at (DECL_SOURCE_LOCATION (fn),
		    "process %qD is defined inside function %qD: a process "
		    "runs asynchronously on a copy of its arguments and may "
		    "outlive the function that ran it, so it cannot use the "
		    "frame of that function; define the process at file scope and "
		    "pass what it needs as arguments", fn,
		    decl_function_context (fn));
	  continue;
	}
      if (erbium_uses_p (fn))
	users.safe_push (fn);
    }
  if (users.is_empty ())
    return;

  erbium_walk w;
  hash_set<tree> seen, big;
  w.seen = &seen;
  erbium_big_elements = &big;
  for (tree fn : users)
    walk_tree (&DECL_SAVED_TREE (fn), erbium_kinds_r, &w, NULL);
  for (tree fn : users)
    {
      for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p))
	erbium_check_decl_element (p);
      w.fndecl = fn;
      w.is_process = erbium_process_p (fn);
      w.here = UNKNOWN_LOCATION;
      erbium_walk_tree (&DECL_SAVED_TREE (fn), &w);
    }
  erbium_big_elements = NULL;
}

/* Register the front-end callback; PLUGIN_NAME as given to plugin_init.  */
void
erbium_init_frontend (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_PRE_GENERICIZE,
		     erbium_pre_genericize, NULL);
}
