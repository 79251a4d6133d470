/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pragmas.cc -- the pragmas of the OpenMP stream extension
   (OMP-STREAM-SPEC.md, sections 3 to 5; docs/omp-stream.md):

     #pragma omp task CLAUSES      then a statement (the task body)
     #pragma omp tick (S [>> N]) { (S [>> N]) }
     #pragma omp taskwait

   and the same under `#pragma erbium', which works without -fopenmp.
   Stream clauses: input, output, peek (ACCESS, ...), inout_reuse
   (S >> V >> S, ...), task_name (IDENT); an ACCESS is `S' (implicit
   view), `S >> V' or `S << V' with the arrow that the clause reads, the
   other arrow reversing it (input and output only), S is `x' or `xs[E]',
   V is `v', `v[N]' (burst N) or `v[K][N]' (K windows on xs[0 .. K-1]).
   Other clauses: if, firstprivate, private, shared, default, untied,
   mergeable, priority; under -fopenmp, for OpenMP tasks without stream
   clause, also final and depend.

   Each task pragma becomes an erbium_site (omp-stream.h) and a marker
   statement (a call of the artificial function __erbium_task_site with
   the site's index) where the pragma stands; keep_next_level keeps a
   compound statement after it in a BIND_EXPR of its own, so that
   outline.cc, at the end of the function, finds the marker followed by
   the task body (GCC-PLUGIN-NOTES, "Pragmas").  A `#pragma omp task'
   without stream clause under -fopenmp is GCC's own OpenMP task: its
   clauses are built as OMP_CLAUSEs here, validated by
   c_finish_omp_clauses, and outline.cc makes the OMP_TASK.  tick and
   taskwait become calls at once.

   With -fopenmp, GCC registers the `omp' pragmas itself, and a plugin
   cannot register `omp task' next to them; erbium_init_pragmas clears
   flag_openmp before GCC's pragma registration, the PLUGIN_PRAGMAS
   callback registers task, taskwait and tick and then every other OpenMP
   pragma of GCC 12 with GCC's own pragma ids, which GCC's parser then
   handles as usual, and sets flag_openmp again (GCC-PLUGIN-NOTES,
   "Pragmas": verified on GCC 12.2).  Without -fopenmp (nor
   -fopenmp-simd, under which GCC registers its `omp' pragmas too), the
   plugin registers the three: a task with stream clauses, a tick and a
   taskwait are the stream extension's (the plugin was asked for), a
   task without stream clause is ignored as GCC ignores it (its body
   runs in place; -Wunknown-pragmas says so).  */

#define INCLUDE_VECTOR
#define INCLUDE_STRING
#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "stringpool.h"
#include "attribs.h"
#include "options.h"
#include "c-family/c-common.h"
#include "c-tree.h"
#include "c-family/c-pragma.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "input.h"
#include "tree-iterator.h"
#include "builtins.h"
#include "c-frontend.h"
#include "erbium-plugin.h"
#include "omp-stream.h"

vec<erbium_site *> erbium_sites;
bool erbium_openmp;
bool erbium_unit_has_streams;

/* The statements (BIND_EXPRs) of the `#pragma omp taskwait's met before
   the unit had streams: each holds GOMP_taskwait under -fopenmp (else
   nothing), and gets er_taskwait when the unit turns out to have streams
   (the functions are genericized but not yet gimplified: that happens
   when the whole unit is parsed).  */
static vec<tree> erbium_pending_waits;

/* See omp-stream.h.  */
void
erbium_set_unit_has_streams (void)
{
  if (erbium_unit_has_streams)
    return;
  erbium_unit_has_streams = true;
  for (tree bind : erbium_pending_waits)
    append_to_statement_list_force (erbium_task_call
				    (EXPR_LOCATION (bind), ERBIUM_FN_TASKWAIT,
				     0), &BIND_EXPR_BODY (bind));
  erbium_pending_waits.release ();
}

/* The statement of `#pragma omp taskwait' at LOC: a block holding
   GOMP_taskwait under -fopenmp (the OpenMP tasks) and, when the unit has
   streams, er_taskwait (OMP-STREAM-SPEC.md 6.10: the current task's
   children, of either kind).  A unit without streams gets exactly
   GCC's GOMP_taskwait, or nothing without -fopenmp, where GCC ignores
   the pragma.  */
static tree
erbium_omp_taskwait_stmt (location_t loc)
{
  tree list = alloc_stmt_list ();
  if (erbium_openmp)
    append_to_statement_list_force (build_call_expr_loc
				    (loc, builtin_decl_explicit
				     (BUILT_IN_GOMP_TASKWAIT), 0), &list);
  if (erbium_unit_has_streams)
    append_to_statement_list_force (erbium_task_call (loc,
						      ERBIUM_FN_TASKWAIT, 0),
				    &list);
  tree bind = build3 (BIND_EXPR, void_type_node, NULL_TREE, list, NULL_TREE);
  TREE_SIDE_EFFECTS (bind) = 1;
  SET_EXPR_LOCATION (bind, loc);
  if (!erbium_unit_has_streams)
    erbium_pending_waits.safe_push (erbium_keep (bind));
  return bind;
}

/* flag_tree_parallelize_loops as the user gave it (restored in the
   PLUGIN_PRAGMAS callback).  */
static int erbium_saved_parallelize;

/* The marker function: `void __erbium_task_site (int)', never entered
   into the C scope nor defined; every call is replaced by outline.cc.  */
static tree erbium_marker_fn;

/* See omp-stream.h.  */
int
erbium_marker_site (const_tree stmt)
{
  if (!erbium_marker_fn || !stmt || TREE_CODE (stmt) != CALL_EXPR
      || get_callee_fndecl (stmt) != erbium_marker_fn)
    return -1;
  return (int) tree_to_shwi (CALL_EXPR_ARG (stmt, 0));
}

/* Add the marker of site ID at LOC to the current statement list and
   keep the scope of a compound statement that follows.  */
static void
erbium_add_marker (int id, location_t loc)
{
  if (!erbium_marker_fn)
    {
      tree t = build_function_type_list (void_type_node, integer_type_node,
					 NULL_TREE);
      erbium_marker_fn = build_decl (BUILTINS_LOCATION, FUNCTION_DECL,
				     get_identifier ("__erbium_task_site"),
				     t);
      DECL_EXTERNAL (erbium_marker_fn) = 1;
      TREE_PUBLIC (erbium_marker_fn) = 1;
      DECL_ARTIFICIAL (erbium_marker_fn) = 1;
      erbium_keep (erbium_marker_fn);
    }
  add_stmt (build_call_expr_loc (loc, erbium_marker_fn, 1,
				 build_int_cst (integer_type_node, id)));
  keep_next_level ();
}

/* ---------------------------------------------------------------------
   Where a standalone pragma stands.  tick and taskwait are statements
   of their own and, as OpenMP's standalone directives, may only stand
   in a compound statement: `if (c) #pragma omp tick (x)' would make the
   next statement conditional instead (OMP-STREAM-SPEC.md, section 4).
   The handler cannot ask the C parser, so the source is read: the last
   token before the pragma line, in the function's text.  */

/* Append to TOKS the significant tokens of the source line TEXT: words
   and punctuators, a string or character constant as "0"; comments
   skipped, and a directive line too unless DIRECTIVES (its `#' is then
   a token).  *IN_COMMENT tells whether the line starts, and then
   whether it ends, inside a comment.  */
static void
erbium_line_tokens (char_span text, bool *in_comment,
		    std::vector<std::string> *toks, bool directives = false)
{
  size_t n = text.length (), i = 0;
  if (!*in_comment && !directives)
    {
      size_t j = 0;
      while (j < n && ISSPACE (text[j]))
	j++;
      if (j < n && text[j] == '#')
	return;
    }
  while (i < n)
    {
      char c = text[i];
      if (*in_comment)
	{
	  if (c == '*' && i + 1 < n && text[i + 1] == '/')
	    {
	      *in_comment = false;
	      i++;
	    }
	  i++;
	}
      else if (c == '/' && i + 1 < n && text[i + 1] == '*')
	{
	  *in_comment = true;
	  i += 2;
	}
      else if (c == '/' && i + 1 < n && text[i + 1] == '/')
	break;
      else if (c == '"' || c == '\'')
	{
	  i++;
	  while (i < n && text[i] != c)
	    i += text[i] == '\\' ? 2 : 1;
	  i++;
	  toks->push_back ("0");
	}
      else if (ISIDNUM (c))
	{
	  size_t s = i;
	  while (i < n && ISIDNUM (text[i]))
	    i++;
	  toks->push_back (std::string (text.get_buffer () + s, i - s));
	}
      else if (ISSPACE (c))
	i++;
      else
	{
	  toks->push_back (std::string (1, c));
	  i++;
	}
    }
}

/* Whether the source text at LOC can be read (not preprocessed input,
   not a macro expansion, a file known); *XL is then where LOC is.  */
static bool
erbium_source_readable_p (location_t loc, expanded_location *xl)
{
  if (parse_in && cpp_get_options (parse_in)->preprocessed)
    return false;
  if (linemap_location_from_macro_expansion_p (line_table, loc))
    return false;
  *xl = expand_location (loc);
  return xl->file != NULL;
}

/* See omp-stream.h.  */
bool
erbium_next_line_text (location_t eol, std::string *text)
{
  expanded_location xl;
  if (!erbium_source_readable_p (eol, &xl))
    return false;
  std::vector<std::string> toks;
  bool in_comment = false;
  for (int line = xl.line + 1; line < xl.line + 100 && toks.empty (); line++)
    {
      char_span src = location_get_source_line (xl.file, line);
      if (!src)
	break;
      erbium_line_tokens (src, &in_comment, &toks, true);
    }
  text->clear ();
  for (const std::string &t : toks)
    *text += t + " ";
  return true;
}

/* True when the pragma at LOC, in the function that starts at FNLOC,
   is in statement position: the token before it is `else', `do', a
   label's `:' or the `)' closing the condition of if, while, for or
   switch.  False when it follows `{', `}' or `;', and when the source
   cannot be read (macro expansion, preprocessed input).  */
static bool
erbium_statement_position_p (location_t loc, location_t fnloc)
{
  expanded_location xl;
  if (!erbium_source_readable_p (loc, &xl))
    return false;
  expanded_location xf = expand_location (fnloc);
  if (!xf.file || strcmp (xl.file, xf.file) || xf.line > xl.line)
    return false;
  /* The significant tokens of the function up to the pragma line: words
     and punctuators, comments, strings and directive lines skipped.  */
  std::vector<std::string> toks;
  bool in_comment = false;
  for (int line = xf.line; line < xl.line; line++)
    {
      char_span text = location_get_source_line (xl.file, line);
      if (!text)
	return false;
      erbium_line_tokens (text, &in_comment, &toks);
    }
  if (toks.empty ())
    return false;
  const std::string &last = toks.back ();
  if (last == "else" || last == "do" || last == ":")
    return true;
  if (last != ")")
    return false;
  /* The `(' that matches, and the word before it.  */
  int depth = 0;
  for (int i = (int) toks.size () - 1; i >= 0; i--)
    {
      if (toks[i] == ")")
	depth++;
      else if (toks[i] == "(" && --depth == 0)
	return (i > 0 && (toks[i - 1] == "if" || toks[i - 1] == "while"
			  || toks[i - 1] == "for" || toks[i - 1] == "switch"));
    }
  return false;
}

/* True when the first token after the pragma line that ends at EOL (the
   location of the pragma's end of line) is `;': an empty statement, for
   which the C parser adds nothing to the statement list, so that the
   marker would otherwise take the next statement as the task's body.
   False when the source cannot be read (macro expansion, preprocessed
   input) or the next line is a directive.  */
static bool
erbium_empty_statement_after_p (location_t eol)
{
  std::string next;
  return erbium_next_line_text (eol, &next) && next.rfind ("; ", 0) == 0;
}

/* Report at LOC that the standalone pragma SPELL ("omp tick" ...) is in
   statement position, when it is.  Returns true after an error.  */
static bool
erbium_check_compound (location_t loc, const char *spell)
{
  if (!current_function_decl
      || !erbium_statement_position_p (loc, DECL_SOURCE_LOCATION
						(current_function_decl)))
    return false;
  error_at (loc, "%<#pragma %s%> may only be used in compound statements: "
	    "it is a statement of its own, so the statement after it would "
	    "become the body of the %<if%>, %<else%> or loop; write "
	    "%<{ #pragma %s ... }%>", spell, spell);
  return true;
}

/* ---------------------------------------------------------------------
   Names in stream clauses.  */

/* Report at LOC that ID, in a stream clause, is not declared.  */
static void
erbium_undeclared (tree id, location_t loc)
{
  error_at (loc, "expected stream or view identifier: %qE is not declared",
	    id);
  inform (loc, "OpenMP stream and view identifiers must be declared before "
	  "use in streaming clauses");
}

/* A stream named in a clause or tick: its declaration (an implicit
   view's variable stands for its stream), checked.  SUBSCRIPTED when it
   is written with a subscript (xs[i]), ARRAY when the whole array of
   handles is meant (an array of windows).  Sets *ESIZE to the element
   size (NULL_TREE when implicitly typed).  Returns NULL_TREE after an
   error.  */
static tree
erbium_resolve_stream (tree id, location_t loc, bool subscripted, bool array,
		       tree *esize)
{
  tree decl = lookup_name (id);
  if (!decl)
    {
      erbium_undeclared (id, loc);
      return NULL_TREE;
    }
  if (tree s = erbium_implicit_view_stream (decl))
    decl = s;
  *esize = NULL_TREE;
  if (TREE_CODE (decl) != VAR_DECL && TREE_CODE (decl) != PARM_DECL)
    {
      error_at (loc, "%qE is not a stream: expected a variable or parameter "
		"declared with %<__attribute__((stream))%>", id);
      return NULL_TREE;
    }
  tree elt;
  bool many = subscripted || array;
  if (erbium_stream_decl (decl, &elt) != ERBIUM_NOT_STREAM)
    {
      *esize = TYPE_SIZE_UNIT (elt);
      if (many != erbium_stream_array_p (decl))
	{
	  if (many)
	    error_at (loc, "stream %qD is no array of streams: it takes no "
		      "subscript and no array of windows", decl);
	  else
	    error_at (loc, "%qD is an array of streams: name one of them "
		      "(%<%E[i]%>), or give a view with two brackets "
		      "(%<v[K][N]%>) for K windows on %<%E[0]%> to "
		      "%<%E[K-1]%>", decl, id, id, id);
	  return NULL_TREE;
	}
      return decl;
    }
  /* Implicitly typed (OMP-STREAM-SPEC.md 2.4): a pointer used as a
     handle, e.g. a void * read from a stream of streams.  */
  tree t = TREE_TYPE (decl);
  bool ok = (many ? ((TREE_CODE (t) == ARRAY_TYPE || POINTER_TYPE_P (t))
		     && POINTER_TYPE_P (TREE_TYPE (t)))
	     : POINTER_TYPE_P (t));
  if (!ok)
    {
      error_at (loc, "%qD is not a stream: declare it with "
		"%<__attribute__((stream))%> (or %<stream_ref%> for a "
		"handle); a stream handle is a pointer", decl);
      return NULL_TREE;
    }
  erbium_warning_at (loc, ERBIUM_WARN_IMPLICIT_STREAM,
		     "stream %qE is implicitly typed, which may be unsafe: "
		     "%qD is not declared with %<__attribute__((stream))%>, "
		     "its value is used as a stream handle and its element "
		     "size is read at run time", id, decl);
  return decl;
}

/* One name of an access, with its brackets (at most 3 are read; the
   expressions are parsed, not evaluated).  */
struct erbium_item
{
  tree id;
  location_t loc;
  int nbr;
  tree br[3];
  location_t brloc[3];
};

/* Parse a name and its brackets at T.  Returns false after an error
   (reported).  */
static bool
erbium_parse_item (erbium_pragma_tokens *t, erbium_item *it)
{
  const erbium_ptok &k = t->peek ();
  if (k.type != CPP_NAME)
    {
      error_at (k.loc, "expected stream or view identifier");
      return false;
    }
  it->id = k.value;
  it->loc = k.loc;
  it->nbr = 0;
  t->next ();
  while (t->at (CPP_OPEN_SQUARE))
    {
      location_t bl = t->next ().loc;
      tree e = erbium_parse_expr (t);
      if (e == error_mark_node)
	return false;
      if (!t->at (CPP_CLOSE_SQUARE))
	{
	  error_at (t->peek ().loc, "expected %<]%> in a stream clause");
	  return false;
	}
      t->next ();
      if (it->nbr == 3)
	continue;
      it->br[it->nbr] = e;
      it->brloc[it->nbr] = bl;
      it->nbr++;
    }
  return true;
}

/* True when token K may follow a stream or view name in a clause.  */
static bool
erbium_item_end_p (const erbium_ptok &k)
{
  return (k.type == CPP_LSHIFT || k.type == CPP_RSHIFT
	  || k.type == CPP_COMMA || k.type == CPP_CLOSE_PAREN);
}

/* Report the token after a stream or view name that is none of
   `<<', `>>', `,', `)'.  */
static void
erbium_wrong_syntax (const erbium_ptok &k)
{
  error_at (k.loc, "wrong syntax on streaming clause: expected %<>>%>, "
	    "%<<<%>, %<,%> or %<)%> after a stream or view");
}

/* An integer bracket expression E at LOC (a burst or a window count):
   converted to int64_t, or NULL_TREE after an error.  */
static tree
erbium_count_expr (tree e, location_t loc, const char *what)
{
  if (e == error_mark_node)
    return NULL_TREE;
  if (!INTEGRAL_TYPE_P (TREE_TYPE (e)))
    {
      error_at (loc, "the %s of a view must be an integer, not %qT", what,
		TREE_TYPE (e));
      return NULL_TREE;
    }
  return fold_convert (erbium_int64_type (), e);
}

/* The size of TYPE in elements of its innermost element type: a
   constant, or NULL_TREE when variable.  */
static tree
erbium_const_elements (tree type)
{
  tree e = type;
  while (TREE_CODE (e) == ARRAY_TYPE)
    e = TREE_TYPE (e);
  tree s = TYPE_SIZE_UNIT (type), es = TYPE_SIZE_UNIT (e);
  if (!s || !es || TREE_CODE (s) != INTEGER_CST
      || TREE_CODE (es) != INTEGER_CST || integer_zerop (es))
    return NULL_TREE;
  return size_binop (TRUNC_DIV_EXPR, s, es);
}

/* Resolve and check the view of access A, named by IT (its brackets
   already read into A).  Returns false after an error.  */
static bool
erbium_resolve_view (erbium_access *a, const erbium_item &it)
{
  tree decl = lookup_name (it.id);
  if (!decl)
    {
      erbium_undeclared (it.id, it.loc);
      return false;
    }
  if ((TREE_CODE (decl) != VAR_DECL && TREE_CODE (decl) != PARM_DECL)
      || erbium_stream_decl (decl, NULL) != ERBIUM_NOT_STREAM)
    {
      error_at (it.loc, "%qE is not a view: a view is a variable of the "
		"element type of the stream, or an array of them for a burst",
		it.id);
      return false;
    }
  tree type = TREE_TYPE (decl);
  if (!COMPLETE_TYPE_P (type) || !TYPE_SIZE_UNIT (type)
      || integer_zerop (TYPE_SIZE_UNIT (type)))
    {
      error_at (it.loc, "view %qD has incomplete or empty type %qT", decl,
		type);
      return false;
    }
  if (a->count)
    {
      if (TREE_CODE (type) != ARRAY_TYPE
	  || TREE_CODE (TREE_TYPE (type)) != ARRAY_TYPE)
	{
	  error_at (it.loc, "view %qD of an array of windows (%<%E[K][N]%>) "
		    "must be a two-dimensional array, not %qT", decl, it.id,
		    type);
	  return false;
	}
      if (variably_modified_type_p (TREE_TYPE (type), NULL_TREE))
	{
	  error_at (it.loc, "view %qD: the rows of an array of windows "
		    "must have a constant size", decl);
	  return false;
	}
    }
  else if (TREE_CODE (type) == ARRAY_TYPE
	   && variably_modified_type_p (TREE_TYPE (type), NULL_TREE))
    {
      error_at (it.loc, "view %qD: only the first dimension of a view may "
		"be variable", decl);
      return false;
    }
  a->view = decl;
  /* The view is a placeholder in the control program: what the task
     body writes into it is read by the stream's readers.  */
  TREE_USED (decl) = 1;
  DECL_READ_P (decl) = 1;
  return true;
}

/* Check the constant burst, count and view size of access A; false
   after an error.  */
static bool
erbium_check_sizes (const erbium_access *a)
{
  tree vt = TREE_TYPE (a->view);
  tree rows = a->count ? TREE_TYPE (vt) : vt;
  tree h = erbium_const_elements (rows);
  if (a->count && TREE_CODE (a->count) == INTEGER_CST)
    {
      if (tree_int_cst_sgn (a->count) <= 0)
	{
	  error_at (a->loc, "array of windows on %qD: the number of windows "
		    "%E is not positive", a->stream_decl, a->count);
	  return false;
	}
      tree d = TYPE_DOMAIN (vt);
      if (d && TYPE_MAX_VALUE (d) && TREE_CODE (TYPE_MAX_VALUE (d))
	  == INTEGER_CST
	  && wi::to_widest (a->count) > wi::to_widest (TYPE_MAX_VALUE (d))
					+ 1)
	{
	  error_at (a->loc, "array of windows on %qD: %E windows, but view "
		    "%qD has %wd rows", a->stream_decl, a->count, a->view,
		    tree_to_shwi (TYPE_MAX_VALUE (d)) + 1);
	  return false;
	}
    }
  if (a->kind == ERBIUM_ACC_PEEK || !a->burst
      || TREE_CODE (a->burst) != INTEGER_CST)
    return true;
  if (tree_int_cst_sgn (a->burst) <= 0)
    {
      error_at (a->loc, "burst %E of view %qD is not positive: an %s "
		"moves at least one element", a->burst, a->view,
		a->kind == ERBIUM_ACC_INPUT ? "input" : "output");
      return false;
    }
  if (h && wi::to_widest (a->burst) > wi::to_widest (h))
    {
      error_at (a->loc, "burst %E is larger than view %qD, which holds %wd "
		"elements", a->burst, a->view, tree_to_shwi (h));
      return false;
    }
  return true;
}

/* Whether the brackets of the stream item S and the view item V (NULL
   for an implicit view) have a form a clause allows; an error for the
   first that does not.  */
static bool
erbium_check_brackets (const erbium_item &s, const erbium_item *v)
{
  if (s.nbr > 1)
    {
      error_at (s.brloc[1], "stream %qE takes one subscript (an element of "
		"an array of streams)", s.id);
      return false;
    }
  if (v && v->nbr > 2)
    {
      error_at (v->brloc[2], "view %qE takes at most two brackets: "
		"%<%E[N]%> (burst N) or %<%E[K][N]%> (K windows of burst N)",
		v->id, v->id, v->id);
      return false;
    }
  bool array = v && v->nbr == 2;
  if (array && s.nbr)
    {
      error_at (s.loc, "an array of windows (%<%E[K][N]%>) connects "
		"streams %<%E[0]%> to %<%E[K-1]%>: name the array of streams "
		"without subscript", v->id, s.id, s.id);
      return false;
    }
  return true;
}

/* Build access A of kind KIND at LOC from the stream item S and the view
   item V (NULL for an implicit view) and push it on SITE.  Returns false
   after an error.  */
static bool
erbium_make_access (erbium_site *site, enum erbium_access_kind kind,
		    const erbium_item &s, const erbium_item *v)
{
  erbium_access a;
  memset (&a, 0, sizeof a);
  a.kind = kind;
  a.loc = s.loc;
  a.reuse = -1;
  if (!erbium_check_brackets (s, v))
    return false;
  bool array = v && v->nbr == 2;
  tree decl = erbium_resolve_stream (s.id, s.loc, s.nbr == 1, array,
				     &a.esize);
  if (!decl)
    return false;
  a.stream_decl = decl;
  TREE_USED (decl) = 1;
  mark_exp_read (decl);
  a.stream = (s.nbr || (v && v->nbr == 2)) ? decl : erbium_stream_ref (decl);
  if (s.nbr == 1)
    {
      a.stream = build_array_ref (s.loc, decl, s.br[0]);
      if (a.stream == error_mark_node)
	return false;
    }
  if (!v)
    {
      if (s.nbr)
	{
	  error_at (s.loc, "an element of an array of streams needs an "
		    "explicit view: write %<%E[...] >> v%>", s.id);
	  return false;
	}
      if (!a.esize)
	{
	  error_at (s.loc, "implicitly typed stream %qE needs an explicit "
		    "view: its element type is unknown", s.id);
	  return false;
	}
      a.implicit_view = true;
      a.view = erbium_implicit_view (decl, s.loc);
      a.view_type = TREE_TYPE (a.view);
      a.stream = erbium_stream_ref (decl);
    }
  else
    {
      if (array)
	{
	  a.count = erbium_count_expr (v->br[0], v->brloc[0], "number of "
				       "windows");
	  if (!a.count)
	    return false;
	}
      if (v->nbr)
	{
	  a.burst = erbium_count_expr (v->br[v->nbr - 1],
				       v->brloc[v->nbr - 1], "burst");
	  if (!a.burst)
	    return false;
	}
      if (!erbium_resolve_view (&a, *v) || !erbium_check_sizes (&a))
	return false;
      a.view_type = TREE_TYPE (a.view);
    }
  site->accesses.safe_push (a);
  return true;
}

/* Parse one access of an input, output or peek clause of kind KIND at T
   (OMP-STREAM-SPEC.md 3.1: `S', `S >> V', `V << S' ...).  Returns false
   after an error.  */
static bool
erbium_parse_access (erbium_pragma_tokens *t, erbium_site *site,
		     enum erbium_access_kind kind)
{
  erbium_item first, second;
  if (!erbium_parse_item (t, &first))
    return false;
  if (!erbium_item_end_p (t->peek ()))
    {
      erbium_wrong_syntax (t->peek ());
      return false;
    }
  if (t->at (CPP_COMMA) || t->at (CPP_CLOSE_PAREN))
    {
      if (first.nbr > 1)
	{
	  error_at (first.loc, "%qE with %d brackets and no arrow: write "
		    "%<x >> v[...]%>", first.id, first.nbr);
	  return false;
	}
      return erbium_make_access (site, kind, first, NULL);
    }
  const erbium_ptok arrow = t->next ();
  if (!erbium_parse_item (t, &second))
    return false;
  if (!t->at (CPP_COMMA) && !t->at (CPP_CLOSE_PAREN))
    {
      erbium_wrong_syntax (t->peek ());
      return false;
    }
  /* The canonical arrow points from the stream to the view for input and
     peek, from the view to the stream for output.  */
  bool canonical = (kind == ERBIUM_ACC_OUTPUT) == (arrow.type == CPP_LSHIFT);
  if (!canonical && kind == ERBIUM_ACC_PEEK)
    {
      error_at (arrow.loc, "a peek is written %<peek (x >> v)%>: only "
		"input and output clauses may be written the other way "
		"round");
      return false;
    }
  return canonical ? erbium_make_access (site, kind, first, &second)
		   : erbium_make_access (site, kind, second, &first);
}

/* Parse `( ACCESS {, ACCESS} )' of a clause of kind KIND.  */
static bool
erbium_parse_access_list (erbium_pragma_tokens *t, erbium_site *site,
			  enum erbium_access_kind kind, const char *clause)
{
  if (!t->at (CPP_OPEN_PAREN))
    {
      error_at (t->peek ().loc, "expected %<(%> after %qs", clause);
      return false;
    }
  t->next ();
  for (;;)
    {
      if (!erbium_parse_access (t, site, kind))
	return false;
      if (t->at (CPP_CLOSE_PAREN))
	break;
      t->next ();
    }
  t->next ();
  return true;
}

/* Consume the `>>' between the items of an inout_reuse group (a >> v[N]
   >> b) from T; false, after an error at the token, when it is not
   there (OMP-STREAM-SPEC.md 3.4).  */
static bool
erbium_reuse_arrow (erbium_pragma_tokens *t)
{
  if (!t->at (CPP_RSHIFT))
    {
      error_at (t->peek ().loc, "wrong syntax on streaming clause: "
		"%<inout_reuse%> is written %<a >> v[N] >> b%>");
      return false;
    }
  t->next ();
  return true;
}

/* Parse `inout_reuse ( A >> V >> B {, ...} )': an input of V from A and
   an output of V to B that reuses its window (section 3.4).  */
static bool
erbium_parse_reuse (erbium_pragma_tokens *t, erbium_site *site)
{
  if (!t->at (CPP_OPEN_PAREN))
    {
      error_at (t->peek ().loc, "expected %<(%> after %<inout_reuse%>");
      return false;
    }
  t->next ();
  for (;;)
    {
      erbium_item in, view, out;
      if (!erbium_parse_item (t, &in)
	  || !erbium_reuse_arrow (t)
	  || !erbium_parse_item (t, &view)
	  || !erbium_reuse_arrow (t)
	  || !erbium_parse_item (t, &out))
	return false;
      if (!t->at (CPP_COMMA) && !t->at (CPP_CLOSE_PAREN))
	{
	  erbium_wrong_syntax (t->peek ());
	  return false;
	}
      int i = site->accesses.length ();
      if (!erbium_make_access (site, ERBIUM_ACC_INPUT, in, &view)
	  || !erbium_make_access (site, ERBIUM_ACC_OUTPUT, out, &view))
	return false;
      site->accesses[i].reuse = i + 1;
      site->accesses[i + 1].reuse = i;
      if (t->at (CPP_CLOSE_PAREN))
	break;
      t->next ();
    }
  t->next ();
  return true;
}

/* Parse `( IDENT {, IDENT} )' of the data-sharing clause CLAUSE (code
   CODE) into *LIST, and OMP_CLAUSEs onto *OMP.  A name that is an
   implicit view's variable stands for its stream.  */
static bool
erbium_parse_var_list (erbium_pragma_tokens *t, const char *clause,
		       enum omp_clause_code code, vec<tree> *list, tree *omp)
{
  if (!t->at (CPP_OPEN_PAREN))
    {
      error_at (t->peek ().loc, "expected %<(%> after %qs", clause);
      return false;
    }
  t->next ();
  for (;;)
    {
      const erbium_ptok k = t->peek ();
      if (k.type != CPP_NAME)
	{
	  error_at (k.loc, "expected a variable name in %qs", clause);
	  return false;
	}
      t->next ();
      tree d = lookup_name (k.value);
      if (tree s = erbium_implicit_view_stream (d))
	d = s;
      if (!d)
	{
	  error_at (k.loc, "%qE undeclared in %qs", k.value, clause);
	  return false;
	}
      if (TREE_CODE (d) != VAR_DECL && TREE_CODE (d) != PARM_DECL)
	{
	  error_at (k.loc, "%qE is not a variable in %qs", k.value, clause);
	  return false;
	}
      list->safe_push (d);
      tree c = build_omp_clause (k.loc, code);
      OMP_CLAUSE_DECL (c) = d;
      OMP_CLAUSE_CHAIN (c) = *omp;
      *omp = c;
      if (t->at (CPP_CLOSE_PAREN))
	break;
      if (!t->at (CPP_COMMA))
	{
	  error_at (t->peek ().loc, "expected %<,%> or %<)%> in %qs", clause);
	  return false;
	}
      t->next ();
    }
  t->next ();
  return true;
}

/* Parse `( EXPR )' after clause CLAUSE; returns the expression or
   NULL_TREE after an error.  */
static tree
erbium_parse_paren_expr (erbium_pragma_tokens *t, const char *clause)
{
  if (!t->at (CPP_OPEN_PAREN))
    {
      error_at (t->peek ().loc, "expected %<(%> after %qs", clause);
      return NULL_TREE;
    }
  t->next ();
  tree e = erbium_parse_expr (t);
  if (e == error_mark_node)
    return NULL_TREE;
  if (!t->at (CPP_CLOSE_PAREN))
    {
      error_at (t->peek ().loc, "expected %<)%> after the expression of %qs",
		clause);
      return NULL_TREE;
    }
  t->next ();
  return e;
}

/* The array sections or elements (`[lb : len]', `[i]') after the
   depend item *ITEM, read into it.  Returns false after an error.  */
static bool
erbium_parse_depend_sections (erbium_pragma_tokens *t, tree *item_p)
{
  tree &item = *item_p;
  while (t->at (CPP_OPEN_SQUARE))
    {
      t->next ();
      tree lb = NULL_TREE, len = NULL_TREE;
      if (!t->at (CPP_COLON))
	{
	  lb = erbium_parse_expr (t);
	  if (lb == error_mark_node)
	    return false;
	}
      if (t->at (CPP_CLOSE_SQUARE))
	len = integer_one_node;
      else
	{
	  if (!t->at (CPP_COLON))
	    {
	      error_at (t->peek ().loc, "expected %<:%> or %<]%>");
	      return false;
	    }
	  t->next ();
	  if (!t->at (CPP_CLOSE_SQUARE))
	    {
	      len = erbium_parse_expr (t);
	      if (len == error_mark_node)
		return false;
	    }
	}
      if (!t->at (CPP_CLOSE_SQUARE))
	{
	  error_at (t->peek ().loc, "expected %<]%>");
	  return false;
	}
      t->next ();
      item = tree_cons (lb, len, item);
    }
  return true;
}

/* One item of a depend clause: a variable, with members (`.f', `->f')
   and array sections or elements, into *ITEM_P, at *LOC_P.  Returns
   false after an error.  */
static bool
erbium_parse_depend_item (erbium_pragma_tokens *t, tree *item_p,
			  location_t *loc_p)
{
  const erbium_ptok v = t->peek ();
  if (v.type != CPP_NAME)
    {
      error_at (v.loc, "expected a variable in %<depend%>");
      return false;
    }
  t->next ();
  tree d = lookup_name (v.value);
  if (!d)
    {
      error_at (v.loc, "%qE undeclared in %<depend%>", v.value);
      return false;
    }
  tree item = d;
  while (t->at (CPP_DOT) || t->at (CPP_DEREF))
    {
      bool arrow = t->at (CPP_DEREF);
      location_t ol = t->next ().loc;
      const erbium_ptok f = t->peek ();
      if (f.type != CPP_NAME)
	{
	  error_at (f.loc, "expected a member name");
	  return false;
	}
      t->next ();
      if (arrow)
	item = build_indirect_ref (ol, item, RO_ARROW);
      item = build_component_ref (ol, item, f.value, f.loc);
    }
  if (!erbium_parse_depend_sections (t, &item))
    return false;
  *item_p = item;
  *loc_p = v.loc;
  return true;
}

/* Parse a depend clause's `( KIND : ITEM {, ITEM} )' into OMP_CLAUSEs
   on *OMP (OpenMP tasks only).  ITEM is a variable, with members (`.f',
   `->f') and array sections or elements (`[lb : len]', `[i]'), as GCC
   12's parser reads it.  */
static bool
erbium_parse_depend (erbium_pragma_tokens *t, tree *omp)
{
  if (!t->at (CPP_OPEN_PAREN))
    {
      error_at (t->peek ().loc, "expected %<(%> after %<depend%>");
      return false;
    }
  t->next ();
  const erbium_ptok k = t->peek ();
  static const struct { const char *name; enum omp_clause_depend_kind kind; }
  kinds[] = {
    { "in", OMP_CLAUSE_DEPEND_IN }, { "out", OMP_CLAUSE_DEPEND_OUT },
    { "inout", OMP_CLAUSE_DEPEND_INOUT },
    { "mutexinoutset", OMP_CLAUSE_DEPEND_MUTEXINOUTSET },
    { "depobj", OMP_CLAUSE_DEPEND_DEPOBJ },
  };
  int kind = -1;
  if (k.type == CPP_NAME)
    for (const auto &d : kinds)
      if (id_equal (k.value, d.name))
	kind = d.kind;
  if (kind < 0 || !t->at (CPP_COLON, 1))
    {
      error_at (k.loc, "expected %<in%>, %<out%>, %<inout%>, "
		"%<mutexinoutset%> or %<depobj%> and %<:%> in %<depend%> "
		"(iterators, %<source%> and %<sink%> are not supported by "
		"the plugin)");
      return false;
    }
  t->next ();
  t->next ();
  for (;;)
    {
      tree item;
      location_t vloc;
      if (!erbium_parse_depend_item (t, &item, &vloc))
	return false;
      tree c = build_omp_clause (vloc, OMP_CLAUSE_DEPEND);
      OMP_CLAUSE_DEPEND_KIND (c) = (enum omp_clause_depend_kind) kind;
      OMP_CLAUSE_DECL (c) = item;
      OMP_CLAUSE_CHAIN (c) = *omp;
      *omp = c;
      if (t->at (CPP_CLOSE_PAREN))
	break;
      if (!t->at (CPP_COMMA))
	{
	  error_at (t->peek ().loc, "expected %<,%> or %<)%> in %<depend%>");
	  return false;
	}
      t->next ();
    }
  t->next ();
  return true;
}

/* Skip to the end of the current clause after an error: past the
   parenthesised group if one was opened, so that the next clause is
   read.  */
static void
erbium_skip_clause (erbium_pragma_tokens *t, unsigned start)
{
  int depth = 0;
  for (unsigned i = start; i < t->toks.length (); i++)
    {
      enum cpp_ttype ty = t->toks[i].type;
      if (ty == CPP_EOF)
	{
	  t->pos = i;
	  return;
	}
      if (ty == CPP_OPEN_PAREN)
	depth++;
      else if (ty == CPP_CLOSE_PAREN && --depth == 0)
	{
	  t->pos = i + 1;
	  return;
	}
    }
}

/* The clauses of a task pragma that OpenMP tasks have and stream tasks
   do not support, with where they were written (diagnosed when the task
   turns out to be a stream task).  */
struct erbium_omp_only
{
  const char *clause;
  location_t loc;
};

/* The parse of a task pragma's clauses: the tokens T, the site being
   filled, the pragma's spelling SPELL; the clauses for GCC's OpenMP task
   (OMP_CLAUSES), those of OpenMP tasks only (OMP_ONLY), whether a stream
   clause was met and where the task name was given.  */
struct erbium_clause_parse
{
  erbium_pragma_tokens *t;
  erbium_site *site;
  const char *spell;
  tree omp_clauses;
  auto_vec<erbium_omp_only> omp_only;
  bool stream_clause;
  location_t name_loc;
};

/* A new stream site for the task pragma SPELL at LOC in the current
   function, added to erbium_sites.  */
static erbium_site *
erbium_new_site (location_t loc, const char *spell)
{
  erbium_site *site = new erbium_site ();
  site->id = erbium_sites.length ();
  site->loc = loc;
  site->pragma = spell;
  site->kind = ERBIUM_SITE_STREAM;
  site->fn = current_function_decl;
  site->accesses = vNULL;
  site->firstprivate = vNULL;
  site->privates = vNULL;
  site->shared = vNULL;
  site->deflt = ERBIUM_DEFAULT_UNSPECIFIED;
  erbium_grain_take (site);
  erbium_sites.safe_push (site);
  return site;
}

/* The clause task_name (identifier) of P, its name at K.  Returns false
   after an error.  */
static bool
erbium_parse_task_name (erbium_clause_parse *p, const erbium_ptok &k)
{
  erbium_pragma_tokens &t = *p->t;
  erbium_site *site = p->site;
  bool cok = true;
  p->stream_clause = true;
  if (!t.at (CPP_OPEN_PAREN) || !t.at (CPP_NAME, 1)
      || !t.at (CPP_CLOSE_PAREN, 2))
    {
      error_at (k.loc, "expected %<task_name (identifier)%>");
      cok = false;
    }
  else if (site->name)
    {
      error_at (k.loc, "task name specified more than once");
      inform (p->name_loc, "first given here");
      cok = false;
    }
  else
    {
      site->name = t.peek (1).value;
      p->name_loc = k.loc;
      t.next ();
      t.next ();
      t.next ();
    }
  return cok;
}

/* The clause if ([task :] EXPR) of P, its name at K.  Returns false
   after an error.  */
static bool
erbium_parse_if_clause (erbium_clause_parse *p, const erbium_ptok &k)
{
  erbium_pragma_tokens &t = *p->t;
  erbium_site *site = p->site;
  bool cok = true;
  /* if ([task :] EXPR): the modifier is read and the parentheses
     left to erbium_parse_paren_expr.  */
  bool modifier = (t.at (CPP_OPEN_PAREN) && t.at_name ("task", 1)
		   && t.at (CPP_COLON, 2));
  if (modifier)
    {
      t.toks.ordered_remove (t.pos + 1);
      t.toks.ordered_remove (t.pos + 1);
    }
  tree e = erbium_parse_paren_expr (&t, "if");
  if (!e)
    cok = false;
  else if (site->if_expr)
    {
      error_at (k.loc, "too many %<if%> clauses");
      cok = false;
    }
  else
    {
      e = c_objc_common_truthvalue_conversion (k.loc, e);
      site->if_expr = c_fully_fold (e, false, NULL);
      tree oc = build_omp_clause (k.loc, OMP_CLAUSE_IF);
      OMP_CLAUSE_IF_MODIFIER (oc) = modifier ? OMP_TASK : ERROR_MARK;
      OMP_CLAUSE_IF_EXPR (oc) = site->if_expr;
      OMP_CLAUSE_CHAIN (oc) = p->omp_clauses;
      p->omp_clauses = oc;
    }
  return cok;
}

/* The clause final (EXPR) or priority (EXPR) of P, named C at K.
   Returns false after an error.  */
static bool
erbium_parse_final_or_priority (erbium_clause_parse *p, const char *c,
				const erbium_ptok &k)
{
  erbium_pragma_tokens &t = *p->t;
  bool cok = true;
  if (!strcmp (c, "final"))
    {
      tree e = erbium_parse_paren_expr (&t, "final");
      if (!e)
	cok = false;
      else
	{
	  e = c_objc_common_truthvalue_conversion (k.loc, e);
	  tree oc = build_omp_clause (k.loc, OMP_CLAUSE_FINAL);
	  OMP_CLAUSE_FINAL_EXPR (oc) = c_fully_fold (e, false, NULL);
	  OMP_CLAUSE_CHAIN (oc) = p->omp_clauses;
	  p->omp_clauses = oc;
	  p->omp_only.safe_push ({ "final", k.loc });
	}
    }
  else
    {
      tree e = erbium_parse_paren_expr (&t, "priority");
      if (!e)
	cok = false;
      else if (!INTEGRAL_TYPE_P (TREE_TYPE (e)))
	{
	  error_at (k.loc, "expression in %<priority%> must be an integer");
	  cok = false;
	}
      else
	{
	  tree oc = build_omp_clause (k.loc, OMP_CLAUSE_PRIORITY);
	  OMP_CLAUSE_PRIORITY_EXPR (oc) = e;
	  OMP_CLAUSE_CHAIN (oc) = p->omp_clauses;
	  p->omp_clauses = oc;
	}
    }
  return cok;
}

/* The clause default (shared|none|firstprivate|private) of P, its name
   at K.  Returns false after an error.  */
static bool
erbium_parse_default_clause (erbium_clause_parse *p, const erbium_ptok &k)
{
  erbium_pragma_tokens &t = *p->t;
  erbium_site *site = p->site;
  bool cok = true;
  static const struct
  {
    const char *name;
    enum erbium_default mine;
    enum omp_clause_default_kind gcc;
  } kinds[] = {
    { "shared", ERBIUM_DEFAULT_SHARED, OMP_CLAUSE_DEFAULT_SHARED },
    { "none", ERBIUM_DEFAULT_NONE, OMP_CLAUSE_DEFAULT_NONE },
    { "firstprivate", ERBIUM_DEFAULT_FIRSTPRIVATE,
      OMP_CLAUSE_DEFAULT_FIRSTPRIVATE },
    { "private", ERBIUM_DEFAULT_PRIVATE, OMP_CLAUSE_DEFAULT_PRIVATE },
  };
  int which = -1;
  if (t.at (CPP_OPEN_PAREN) && t.at (CPP_NAME, 1)
      && t.at (CPP_CLOSE_PAREN, 2))
    for (int i = 0; i < 4; i++)
      if (id_equal (t.peek (1).value, kinds[i].name))
	which = i;
  if (which < 0)
    {
      error_at (k.loc, "expected %<default (shared|none|firstprivate"
		"|private)%>");
      cok = false;
    }
  else if (site->deflt != ERBIUM_DEFAULT_UNSPECIFIED)
    {
      error_at (k.loc, "too many %<default%> clauses");
      cok = false;
    }
  else
    {
      site->deflt = kinds[which].mine;
      tree oc = build_omp_clause (k.loc, OMP_CLAUSE_DEFAULT);
      OMP_CLAUSE_DEFAULT_KIND (oc) = kinds[which].gcc;
      OMP_CLAUSE_CHAIN (oc) = p->omp_clauses;
      p->omp_clauses = oc;
      t.next ();
      t.next ();
      t.next ();
    }
  return cok;
}

/* The clause C at K of P (in_reduction, allocate, detach, affinity),
   which the plugin does not support; START is the position of its
   name.  Returns false after the error.  */
static bool
erbium_unsupported_clause (erbium_clause_parse *p, bool omp, const char *c,
			   const erbium_ptok &k, unsigned start)
{
  if (omp && !erbium_openmp)
    {
      /* Without -fopenmp a task with a clause of OpenMP tasks only is
	 ignored (outline.cc), as GCC ignores it.  */
      p->omp_only.safe_push ({ c, k.loc });
      erbium_skip_clause (p->t, start);
      return true;
    }
  error_at (k.loc, "clause %qs of %<#pragma %s%> is not supported by "
	    "the Erbium plugin", c, p->spell);
  return false;
}

/* The clause named C at K of the task pragma parsed by P (`#pragma omp
   task' when OMP), its name read; START is the position of its name, for
   skipping it.  Returns false after an error.  */
static bool
erbium_parse_task_clause (erbium_clause_parse *p, bool omp, const char *c,
			  const erbium_ptok &k, unsigned start)
{
  erbium_pragma_tokens &t = *p->t;
  erbium_site *site = p->site;
  const char *spell = p->spell;
  bool cok = true;
  if (!strcmp (c, "input") || !strcmp (c, "output")
      || !strcmp (c, "peek"))
    {
      p->stream_clause = true;
      enum erbium_access_kind kind
	= (c[0] == 'i' ? ERBIUM_ACC_INPUT : c[0] == 'o'
	   ? ERBIUM_ACC_OUTPUT : ERBIUM_ACC_PEEK);
      cok = erbium_parse_access_list (&t, site, kind, c);
    }
  else if (!strcmp (c, "inout_reuse"))
    {
      p->stream_clause = true;
      cok = erbium_parse_reuse (&t, site);
    }
  else if (!strcmp (c, "task_name"))
    cok = erbium_parse_task_name (p, k);
  else if (!strcmp (c, "if"))
    cok = erbium_parse_if_clause (p, k);
  else if (!strcmp (c, "final") || !strcmp (c, "priority"))
    cok = erbium_parse_final_or_priority (p, c, k);
  else if (!strcmp (c, "untied") || !strcmp (c, "mergeable"))
    {
      /* Permissions to the implementation: a stream task that is
	 neither untied nor merged obeys them.  */
      tree oc = build_omp_clause (k.loc, c[0] == 'u' ? OMP_CLAUSE_UNTIED
					 : OMP_CLAUSE_MERGEABLE);
      OMP_CLAUSE_CHAIN (oc) = p->omp_clauses;
      p->omp_clauses = oc;
    }
  else if (!strcmp (c, "default"))
    cok = erbium_parse_default_clause (p, k);
  else if (!strcmp (c, "firstprivate"))
    cok = erbium_parse_var_list (&t, c, OMP_CLAUSE_FIRSTPRIVATE,
				 &site->firstprivate, &p->omp_clauses);
  else if (!strcmp (c, "private"))
    cok = erbium_parse_var_list (&t, c, OMP_CLAUSE_PRIVATE,
				 &site->privates, &p->omp_clauses);
  else if (!strcmp (c, "shared"))
    cok = erbium_parse_var_list (&t, c, OMP_CLAUSE_SHARED, &site->shared,
				 &p->omp_clauses);
  else if (!strcmp (c, "depend"))
    {
      cok = erbium_parse_depend (&t, &p->omp_clauses);
      p->omp_only.safe_push ({ "depend", k.loc });
    }
  else if (!strcmp (c, "lastprivate"))
    {
      error_at (k.loc, "%<lastprivate%> is not a clause of %<#pragma %s%>: "
		"a task has no last iteration; give it a pointer "
		"%<firstprivate%> and write the result through it", spell);
      cok = false;
    }
  else if (!strcmp (c, "in_reduction") || !strcmp (c, "allocate")
	   || !strcmp (c, "detach") || !strcmp (c, "affinity"))
    cok = erbium_unsupported_clause (p, omp, c, k, start);
  else
    {
      error_at (k.loc, "%qs is not a clause of %<#pragma %s%>", c, spell);
      cok = false;
    }
  return cok;
}

/* Parse the clauses of the task pragma P (`#pragma omp task' when OMP)
   up to its end.  Returns false after an error (the erroneous clauses
   skipped).  */
static bool
erbium_parse_task_clauses (erbium_clause_parse *p, bool omp)
{
  erbium_pragma_tokens &t = *p->t;
  bool ok = true;
  while (!t.at (CPP_EOF))
    {
      if (t.at (CPP_COMMA))
	{
	  t.next ();
	  continue;
	}
      unsigned start = t.pos;
      const erbium_ptok k = t.peek ();
      if (k.type != CPP_NAME)
	{
	  error_at (k.loc, "expected a clause of %<#pragma %s%>", p->spell);
	  ok = false;
	  break;
	}
      const char *c = IDENTIFIER_POINTER (k.value);
      t.next ();
      bool cok = erbium_parse_task_clause (p, omp, c, k, start);
      if (!cok)
	{
	  ok = false;
	  erbium_skip_clause (&t, start);
	}
    }
  return ok;
}

/* Whether each view of SITE is in one streaming clause only (but the two
   halves of inout_reuse); an error for each that is not.  */
static bool
erbium_check_views_once (erbium_site *site)
{
  bool ok = true;
  /* The same view in two clauses (but the two halves of inout_reuse).  */
  for (unsigned i = 0; i < site->accesses.length (); i++)
    for (unsigned j = 0; j < i; j++)
      if (site->accesses[i].view == site->accesses[j].view
	  && site->accesses[i].reuse != (int) j)
	{
	  error_at (site->accesses[i].loc, "view %qE is used in multiple "
		    "streaming clauses", DECL_NAME (site->accesses[i].view));
	  inform (site->accesses[j].loc, "first used here");
	  ok = false;
	  break;
	}
  return ok;
}

/* Decide the kind of the site of P (`#pragma omp task' when OMP): an
   OpenMP task without stream clause, or a stream task, where the
   clauses of OpenMP tasks only are errors.  OK tells whether the
   clauses parsed; returns it, false after such an error.  */
static bool
erbium_decide_site_kind (erbium_clause_parse *p, bool omp, bool ok)
{
  erbium_site *site = p->site;
  if (omp && !p->stream_clause)
    {
      /* A task without stream clause: GCC's OpenMP task or a data-flow
	 task without accesses, decided at the end of the function
	 (outline.cc, erbium_lower_marker).  */
      site->kind = ERBIUM_SITE_OMP;
      site->omp_only = !p->omp_only.is_empty ();
      site->omp_clauses = erbium_keep (ok && erbium_openmp
				       ? c_finish_omp_clauses (p->omp_clauses,
							       C_ORT_OMP)
				       : NULL_TREE);
    }
  else
    {
      erbium_set_unit_has_streams ();
      for (const erbium_omp_only &o : p->omp_only)
	{
	  error_at (o.loc, "clause %qs is not supported on a stream task "
		    "(%<#pragma %s%>%s): express dependences with streams, "
		    "or use %<taskwait%>", o.clause, p->spell,
		    omp ? " with stream clauses" : "");
	  ok = false;
	}
    }
  return ok;
}

/* Keep the trees SITE holds alive across garbage collections
   (erbium_keep).  */
static void
erbium_keep_site (erbium_site *site)
{
  for (erbium_access &a : site->accesses)
    {
      erbium_keep (a.stream);
      erbium_keep (a.view);
      erbium_keep (a.burst);
      erbium_keep (a.count);
    }
  erbium_keep (site->if_expr);
  for (tree d : site->firstprivate)
    erbium_keep (d);
  for (tree d : site->shared)
    erbium_keep (d);
  for (tree d : site->privates)
    erbium_keep (d);
}

/* The handler of `#pragma omp task' (OMP, under -fopenmp) and
   `#pragma erbium task' (!OMP).  */
static void
erbium_task_pragma (bool omp)
{
  const char *spell = omp ? "omp task" : "erbium task";
  location_t loc = input_location;
  erbium_pragma_tokens t;
  erbium_read_pragma (&t);
  if (!current_function_decl)
    {
      error_at (loc, "%<#pragma %s%> outside a function", spell);
      return;
    }
  erbium_site *site = erbium_new_site (loc, spell);

  erbium_clause_parse p;
  p.t = &t;
  p.site = site;
  p.spell = spell;
  p.omp_clauses = NULL_TREE;
  p.stream_clause = false;
  p.name_loc = UNKNOWN_LOCATION;
  bool ok = erbium_parse_task_clauses (&p, omp);
  if (!erbium_check_views_once (site))
    ok = false;
  ok = erbium_decide_site_kind (&p, omp, ok);
  erbium_keep_site (site);
  site->bad = !ok;
  site->empty_body = erbium_empty_statement_after_p (t.toks.last ().loc);
  erbium_add_marker (site->id, loc);
}

/* The handler of `#pragma omp tick' (OMP) and `#pragma erbium tick':
   each `( S [>> N] )' group becomes er_stream_tick (S, N), N 1 by
   default (section 4).  */
static void
erbium_tick_pragma (bool omp)
{
  const char *spell = omp ? "omp tick" : "erbium tick";
  location_t loc = input_location;
  erbium_pragma_tokens t;
  erbium_read_pragma (&t);
  if (!current_function_decl)
    {
      error_at (loc, "%<#pragma %s%> outside a function", spell);
      return;
    }
  erbium_set_unit_has_streams ();
  if (erbium_check_compound (loc, spell))
    return;
  if (t.at (CPP_EOF))
    {
      error_at (loc, "%<#pragma %s%> expects %<(stream [>> count])%>", spell);
      return;
    }
  while (!t.at (CPP_EOF))
    {
      if (!t.at (CPP_OPEN_PAREN))
	{
	  error_at (t.peek ().loc, "expected %<(%> in %<#pragma %s%>", spell);
	  return;
	}
      t.next ();
      erbium_item s;
      if (!erbium_parse_item (&t, &s))
	return;
      if (s.nbr > 1)
	{
	  error_at (s.brloc[1], "a stream in %<#pragma %s%> takes one "
		    "subscript; tick the streams of an array one by one",
		    spell);
	  return;
	}
      tree esize;
      tree decl = erbium_resolve_stream (s.id, s.loc, s.nbr == 1, false,
					 &esize);
      if (!decl)
	return;
      TREE_USED (decl) = 1;
      mark_exp_read (decl);
      tree stream = (s.nbr ? build_array_ref (s.loc, decl, s.br[0])
		     : erbium_stream_ref (decl));
      tree n = build_int_cst (erbium_int64_type (), 1);
      if (t.at (CPP_RSHIFT))
	{
	  location_t nl = t.next ().loc;
	  tree e = erbium_parse_expr (&t);
	  if (e == error_mark_node)
	    return;
	  n = erbium_count_expr (e, nl, "count");
	  if (!n)
	    return;
	  if (TREE_CODE (n) == INTEGER_CST && tree_int_cst_sgn (n) < 0)
	    {
	      error_at (nl, "tick count %E is negative", n);
	      return;
	    }
	}
      if (!t.at (CPP_CLOSE_PAREN))
	{
	  error_at (t.peek ().loc, "expected %<>>%> or %<)%> in %<#pragma "
		    "%s%>", spell);
	  return;
	}
      t.next ();
      if (stream == error_mark_node)
	return;
      add_stmt (erbium_task_call (s.loc, ERBIUM_FN_STREAM_TICK, 2, stream,
				  n));
    }
}

/* The handler of `#pragma omp taskwait' (OMP) and `#pragma erbium
   taskwait' (section 5): a call of the unit's taskwait function under
   -fopenmp (GOMP_taskwait and, when the unit has streams, er_taskwait;
   tasksites.cc), of er_taskwait otherwise.  */
static void
erbium_taskwait_pragma (bool omp)
{
  const char *spell = omp ? "omp taskwait" : "erbium taskwait";
  location_t loc = input_location;
  erbium_pragma_tokens t;
  erbium_read_pragma (&t);
  if (!current_function_decl)
    {
      error_at (loc, "%<#pragma %s%> outside a function", spell);
      return;
    }
  if (!t.at (CPP_EOF))
    {
      error_at (t.peek ().loc, "%<#pragma %s%> takes no clause (the plugin "
		"does not support %<depend%> or %<nowait%> on it)", spell);
      return;
    }
  if (erbium_check_compound (loc, spell))
    return;
  if (omp)
    add_stmt (erbium_omp_taskwait_stmt (loc));
  else
    add_stmt (erbium_task_call (loc, ERBIUM_FN_TASKWAIT, 0));
}

/* Handlers.  */
static void
erbium_omp_task (cpp_reader *)
{
  erbium_task_pragma (true);
}

static void
erbium_erbium_task (cpp_reader *)
{
  erbium_task_pragma (false);
}

static void
erbium_omp_tick (cpp_reader *)
{
  erbium_tick_pragma (true);
}

static void
erbium_erbium_tick (cpp_reader *)
{
  erbium_tick_pragma (false);
}

static void
erbium_omp_taskwait (cpp_reader *)
{
  erbium_taskwait_pragma (true);
}

static void
erbium_erbium_taskwait (cpp_reader *)
{
  erbium_taskwait_pragma (false);
}

/* GCC 12's OpenMP pragmas other than task and taskwait (c-pragma.cc,
   omp_pragmas and omp_pragmas_simd), registered again by the plugin
   with GCC's ids so that GCC's parser handles them as usual.  */
static const struct
{
  const char *name;
  enum pragma_kind id;
} erbium_gcc_omp_pragmas[] = {
  { "allocate", PRAGMA_OMP_ALLOCATE },
  { "atomic", PRAGMA_OMP_ATOMIC },
  { "barrier", PRAGMA_OMP_BARRIER },
  { "cancel", PRAGMA_OMP_CANCEL },
  { "cancellation", PRAGMA_OMP_CANCELLATION_POINT },
  { "critical", PRAGMA_OMP_CRITICAL },
  { "depobj", PRAGMA_OMP_DEPOBJ },
  { "error", PRAGMA_OMP_ERROR },
  { "end", PRAGMA_OMP_END_DECLARE_TARGET },
  { "flush", PRAGMA_OMP_FLUSH },
  { "nothing", PRAGMA_OMP_NOTHING },
  { "requires", PRAGMA_OMP_REQUIRES },
  { "scope", PRAGMA_OMP_SCOPE },
  { "section", PRAGMA_OMP_SECTION },
  { "sections", PRAGMA_OMP_SECTIONS },
  { "single", PRAGMA_OMP_SINGLE },
  { "taskgroup", PRAGMA_OMP_TASKGROUP },
  { "taskyield", PRAGMA_OMP_TASKYIELD },
  { "threadprivate", PRAGMA_OMP_THREADPRIVATE },
  { "declare", PRAGMA_OMP_DECLARE },
  { "distribute", PRAGMA_OMP_DISTRIBUTE },
  { "for", PRAGMA_OMP_FOR },
  { "loop", PRAGMA_OMP_LOOP },
  { "masked", PRAGMA_OMP_MASKED },
  { "master", PRAGMA_OMP_MASTER },
  { "ordered", PRAGMA_OMP_ORDERED },
  { "parallel", PRAGMA_OMP_PARALLEL },
  { "scan", PRAGMA_OMP_SCAN },
  { "simd", PRAGMA_OMP_SIMD },
  { "target", PRAGMA_OMP_TARGET },
  { "taskloop", PRAGMA_OMP_TASKLOOP },
  { "teams", PRAGMA_OMP_TEAMS },
};

/* PLUGIN_PRAGMAS callback (init_pragma, after GCC registered its own
   pragmas, with flag_openmp cleared by erbium_init_pragmas under
   -fopenmp).  */
static void
erbium_register_task_pragmas (void *, void *)
{
  c_register_pragma_with_expansion ("erbium", "task", erbium_erbium_task);
  c_register_pragma_with_expansion ("erbium", "tick", erbium_erbium_tick);
  c_register_pragma ("erbium", "taskwait", erbium_erbium_taskwait);
  if (erbium_openmp)
    {
      c_register_pragma_with_expansion ("omp", "task", erbium_omp_task);
      c_register_pragma_with_expansion ("omp", "tick", erbium_omp_tick);
      c_register_pragma_with_expansion ("omp", "taskwait",
					erbium_omp_taskwait);
      for (const auto &p : erbium_gcc_omp_pragmas)
	cpp_register_deferred_pragma (parse_in, "omp", p.name, p.id, true,
				      false);
      global_options.x_flag_openmp = 1;
      global_options.x_flag_tree_parallelize_loops
	= erbium_saved_parallelize;
    }
  else if (!global_options.x_flag_openmp_simd)
    {
      c_register_pragma_with_expansion ("omp", "task", erbium_omp_task);
      c_register_pragma_with_expansion ("omp", "tick", erbium_omp_tick);
      c_register_pragma_with_expansion ("omp", "taskwait",
					erbium_omp_taskwait);
    }
}

/* See omp-stream.h.  Under -fopenmp, flag_openmp is cleared now, so that
   GCC's init_pragma does not register the `omp' pragmas, and
   flag_tree_parallelize_loops raised to 2, so that
   c_init_decl_processing (which runs before init_pragma) still declares
   the __builtin_GOMP_* functions; both are restored by
   erbium_register_task_pragmas.  */
void
erbium_init_pragmas (const char *plugin_name)
{
  if (global_options.x_flag_openmp)
    {
      erbium_openmp = true;
      global_options.x_flag_openmp = 0;
      erbium_saved_parallelize = global_options.x_flag_tree_parallelize_loops;
      if (global_options.x_flag_tree_parallelize_loops < 2)
	global_options.x_flag_tree_parallelize_loops = 2;
    }
  register_callback (plugin_name, PLUGIN_PRAGMAS,
		     erbium_register_task_pragmas, NULL);
}

/* See erbium-plugin.h: the OpenMP stream extension's parts.  */
void
erbium_init_omp_stream (const char *plugin_name)
{
  erbium_init_pragmas (plugin_name);
  erbium_init_grain (plugin_name);
  erbium_init_taskrt (plugin_name);
  erbium_init_streams (plugin_name);
  erbium_init_outline (plugin_name);
  erbium_init_tasksites (plugin_name);
  erbium_init_network (plugin_name);
}
