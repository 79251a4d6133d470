/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pragma-expr.cc -- C expressions inside the clauses of the task
   pragmas: the brackets of streams and views (`xs[perm[i]]',
   `v[idx + 2]'), and the expressions of if, final, priority, tick
   counts and depend items.  They are ordinary C expressions, evaluated
   by the creating control program (OMP-STREAM-SPEC.md, section 3.1).

   A pragma handler of a plugin sees the tokens of its line
   (pragma_lex), not the C parser, whose functions are internal to
   c-parser.cc.  This file parses the tokens by recursive descent and
   builds each expression with the same functions the C parser calls
   (c-tree.h: parser_build_binary_op, build_array_ref,
   c_build_function_call_vec, build_c_cast ...), so that the types,
   conversions, warnings and errors are those of C, at the tokens'
   locations.  It covers the operators of C but assignment and comma,
   casts to type names made of type keywords, qualifiers, typedef names
   and `*', sizeof, calls, subscripts, `.' and `->'; anything else
   (compound literals, _Generic, statement expressions, struct types in
   casts) is an error saying to compute the value into a variable before
   the pragma.  */

#define INCLUDE_STRING
#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "stringpool.h"
#include "c-family/c-common.h"
#include "c-tree.h"
#include "c-family/c-pragma.h"
#include "diagnostic-core.h"
#include "c-frontend.h"
#include "erbium-plugin.h"
#include "omp-stream.h"

/* erbium_pragma_tokens: see omp-stream.h.  Past the end, the last token
   (CPP_EOF) is returned again.  */
const erbium_ptok &
erbium_pragma_tokens::peek (unsigned n) const
{
  unsigned i = pos + n;
  if (i >= toks.length ())
    i = toks.length () - 1;
  return toks[i];
}

const erbium_ptok &
erbium_pragma_tokens::next ()
{
  const erbium_ptok &t = peek ();
  if (pos < toks.length () - 1)
    pos++;
  return t;
}

bool
erbium_pragma_tokens::at (enum cpp_ttype t, unsigned n) const
{
  return peek (n).type == t;
}

bool
erbium_pragma_tokens::at_name (const char *name, unsigned n) const
{
  const erbium_ptok &t = peek (n);
  return t.type == CPP_NAME && id_equal (t.value, name);
}

/* See omp-stream.h.  */
void
erbium_read_pragma (erbium_pragma_tokens *t)
{
  t->toks.create (16);
  t->pos = 0;
  for (;;)
    {
      erbium_ptok k;
      k.type = pragma_lex (&k.value, &k.loc);
      t->toks.safe_push (k);
      if (k.type == CPP_EOF)
	break;
    }
}

/* An expression as the C parser keeps it: value and original code and
   type (c-tree.h, struct c_expr).  */
static c_expr
erbium_cexpr (tree value, location_t start, location_t finish)
{
  c_expr e;
  e.value = value;
  e.original_code = ERROR_MARK;
  e.original_type = NULL;
  e.src_range.m_start = start;
  e.src_range.m_finish = finish;
  return e;
}

static c_expr erbium_parse_cond (erbium_pragma_tokens *t);
static c_expr erbium_parse_cast (erbium_pragma_tokens *t);

/* Report a syntax error at the current token, saying what was EXPECTED,
   skip it, and return an error expression.  */
static c_expr
erbium_expr_error (erbium_pragma_tokens *t, const char *expected)
{
  const erbium_ptok &k = t->peek ();
  if (k.type == CPP_EOF)
    error_at (k.loc, "expected %s before end of line in a clause of the "
	      "pragma", expected);
  else
    error_at (k.loc, "expected %s in a clause of the pragma; write more "
	      "complex expressions into a variable before the pragma",
	      expected);
  t->next ();
  return erbium_cexpr (error_mark_node, k.loc, k.loc);
}

/* Expect token TYPE (spelled SPELL in the message) and skip it; false
   after an error.  */
static bool
erbium_expect (erbium_pragma_tokens *t, enum cpp_ttype type,
	       const char *spell)
{
  if (t->at (type))
    {
      t->next ();
      return true;
    }
  erbium_expr_error (t, spell);
  return false;
}

/* The keyword code of identifier ID, or RID_MAX.  */
static enum rid
erbium_rid (tree id)
{
  if (!id || TREE_CODE (id) != IDENTIFIER_NODE || !C_IS_RESERVED_WORD (id))
    return RID_MAX;
  return C_RID_CODE (id);
}

/* True when the token at T's position + N starts a type name: a type
   keyword, a qualifier or a typedef name.  */
static bool
erbium_type_start_p (erbium_pragma_tokens *t, unsigned n)
{
  const erbium_ptok &k = t->peek (n);
  if (k.type != CPP_NAME)
    return false;
  switch (erbium_rid (k.value))
    {
    case RID_VOID: case RID_CHAR: case RID_SHORT: case RID_INT:
    case RID_LONG: case RID_FLOAT: case RID_DOUBLE: case RID_SIGNED:
    case RID_UNSIGNED: case RID_BOOL: case RID_CONST: case RID_VOLATILE:
    case RID_RESTRICT: case RID_STRUCT: case RID_UNION: case RID_ENUM:
      return true;
    case RID_MAX:
      {
	tree d = lookup_name (k.value);
	return d && TREE_CODE (d) == TYPE_DECL;
      }
    default:
      return false;
    }
}

/* The type the specifiers of a type name give: a typedef's type NAMED,
   or the basic type BASE (RID_MAX for none) with LONGS long, SHORTS short
   and SIGN (1 signed, -1 unsigned, 0 neither); NULL_TREE when they name
   none.  */
static tree
erbium_specified_type (tree named, enum rid base, int longs, int shorts,
		       int sign)
{
  tree type;
  if (named)
    type = named;
  else if (base == RID_VOID)
    type = void_type_node;
  else if (base == RID_BOOL)
    type = boolean_type_node;
  else if (base == RID_FLOAT)
    type = float_type_node;
  else if (base == RID_DOUBLE)
    type = longs ? long_double_type_node : double_type_node;
  else if (base == RID_CHAR)
    type = (sign > 0 ? signed_char_type_node
	    : sign < 0 ? unsigned_char_type_node : char_type_node);
  else if (shorts)
    type = sign < 0 ? short_unsigned_type_node : short_integer_type_node;
  else if (longs >= 2)
    type = (sign < 0 ? long_long_unsigned_type_node
	    : long_long_integer_type_node);
  else if (longs == 1)
    type = sign < 0 ? long_unsigned_type_node : long_integer_type_node;
  else if (base == RID_INT || sign)
    type = sign < 0 ? unsigned_type_node : integer_type_node;
  else
    type = NULL_TREE;
  return type;
}

/* The `*'s after the type TYPE in a type name, each with its
   qualifiers: the pointer type they make.  */
static tree
erbium_parse_pointers (erbium_pragma_tokens *t, tree type)
{
  while (t->at (CPP_MULT))
    {
      t->next ();
      type = build_pointer_type (type);
      int q = 0;
      for (;;)
	{
	  enum rid r = t->at (CPP_NAME) ? erbium_rid (t->peek ().value)
					 : RID_MAX;
	  if (r == RID_CONST)
	    q |= TYPE_QUAL_CONST;
	  else if (r == RID_VOLATILE)
	    q |= TYPE_QUAL_VOLATILE;
	  else if (r == RID_RESTRICT)
	    q |= TYPE_QUAL_RESTRICT;
	  else
	    break;
	  t->next ();
	}
      type = c_build_qualified_type (type, q);
    }
  return type;
}

/* Parse a type name: specifiers and qualifiers, then `*'s with their
   qualifiers.  Returns the type, or error_mark_node after an error.  */
static tree
erbium_parse_type_name (erbium_pragma_tokens *t)
{
  int longs = 0, shorts = 0, sign = 0, quals = 0;
  enum rid base = RID_MAX;
  tree named = NULL_TREE;
  location_t loc = t->peek ().loc;
  while (t->at (CPP_NAME))
    {
      const erbium_ptok &k = t->peek ();
      enum rid r = erbium_rid (k.value);
      if (r == RID_LONG)
	longs++;
      else if (r == RID_SHORT)
	shorts++;
      else if (r == RID_SIGNED)
	sign = 1;
      else if (r == RID_UNSIGNED)
	sign = -1;
      else if (r == RID_CONST)
	quals |= TYPE_QUAL_CONST;
      else if (r == RID_VOLATILE)
	quals |= TYPE_QUAL_VOLATILE;
      else if (r == RID_RESTRICT)
	quals |= TYPE_QUAL_RESTRICT;
      else if (r == RID_VOID || r == RID_CHAR || r == RID_INT
	       || r == RID_FLOAT || r == RID_DOUBLE || r == RID_BOOL)
	{
	  if (base != RID_MAX || named)
	    break;
	  base = r;
	}
      else if (r == RID_STRUCT || r == RID_UNION || r == RID_ENUM)
	{
	  error_at (k.loc, "a structure, union or enumeration type in a "
		    "cast in a clause of the pragma is not supported; use a "
		    "typedef name");
	  t->next ();
	  return error_mark_node;
	}
      else if (r == RID_MAX && !named && base == RID_MAX && !longs
	       && !shorts && !sign)
	{
	  tree d = lookup_name (k.value);
	  if (!d || TREE_CODE (d) != TYPE_DECL)
	    break;
	  named = TREE_TYPE (d);
	}
      else
	break;
      t->next ();
    }
  tree type = erbium_specified_type (named, base, longs, shorts, sign);
  if (!type)
    {
      error_at (loc, "expected a type name");
      return error_mark_node;
    }
  type = c_build_qualified_type (type, quals);
  return erbium_parse_pointers (t, type);
}

/* The rvalue of E (lvalue conversion, array and function decay), as the
   C parser converts operands.  */
static c_expr
erbium_rvalue (c_expr e, location_t loc)
{
  if (e.value == error_mark_node)
    return e;
  return convert_lvalue_to_rvalue (loc, e, true, true);
}

/* primary-expression: a name, a constant, a string or a parenthesised
   expression.  */
static c_expr
erbium_parse_primary (erbium_pragma_tokens *t)
{
  const erbium_ptok k = t->peek ();
  c_expr e;
  switch (k.type)
    {
    case CPP_NAME:
      {
	enum rid r = erbium_rid (k.value);
	if (r != RID_MAX && r != RID_FUNCTION_NAME
	    && r != RID_PRETTY_FUNCTION_NAME && r != RID_C99_FUNCTION_NAME)
	  return erbium_expr_error (t, "an expression");
	t->next ();
	if (r != RID_MAX)
	  {
	    /* __func__ and its GNU spellings.  */
	    e = erbium_cexpr (fname_decl (k.loc, r, k.value), k.loc, k.loc);
	    break;
	  }
	tree type = NULL_TREE;
	e = erbium_cexpr (build_external_ref (k.loc, k.value,
					     t->at (CPP_OPEN_PAREN), &type),
			  k.loc, k.loc);
	e.original_type = type;
	break;
      }
    case CPP_NUMBER:
    case CPP_CHAR:
    case CPP_WCHAR:
    case CPP_CHAR16:
    case CPP_CHAR32:
    case CPP_UTF8CHAR:
    case CPP_STRING:
    case CPP_WSTRING:
    case CPP_STRING16:
    case CPP_STRING32:
    case CPP_UTF8STRING:
      t->next ();
      e = erbium_cexpr (k.value, k.loc, k.loc);
      if (TREE_CODE (k.value) == STRING_CST)
	e.original_code = STRING_CST;
      break;
    case CPP_OPEN_PAREN:
      {
	t->next ();
	e = erbium_parse_cond (t);
	if (!erbium_expect (t, CPP_CLOSE_PAREN, "%<)%>"))
	  return erbium_cexpr (error_mark_node, k.loc, k.loc);
	if (e.original_code != C_MAYBE_CONST_EXPR
	    && e.original_code != SIZEOF_EXPR)
	  e.original_code = ERROR_MARK;
	break;
      }
    default:
      return erbium_expr_error (t, "an expression");
    }
  return e;
}

/* The call of E at the opening parenthesis OP, the next token: its
   arguments, up to the closing parenthesis.  */
static c_expr
erbium_parse_call (erbium_pragma_tokens *t, const erbium_ptok &op, c_expr e)
{
  t->next ();
  vec<tree, va_gc> *args;
  vec_alloc (args, 4);
  auto_vec<location_t> arg_locs;
  if (!t->at (CPP_CLOSE_PAREN))
    for (;;)
      {
	location_t aloc = t->peek ().loc;
	c_expr a = erbium_rvalue (erbium_parse_cond (t), aloc);
	if (a.value == error_mark_node)
	  return a;
	vec_safe_push (args, a.value);
	arg_locs.safe_push (aloc);
	if (!t->at (CPP_COMMA))
	  break;
	t->next ();
      }
  if (!erbium_expect (t, CPP_CLOSE_PAREN, "%<)%>"))
    return erbium_cexpr (error_mark_node, op.loc, op.loc);
  return erbium_cexpr (c_build_function_call_vec (op.loc, arg_locs,
						  e.value, args, NULL),
		       e.src_range.m_start, op.loc);
}

/* primary-expression and the postfix operators after it.  */
static c_expr
erbium_parse_postfix (erbium_pragma_tokens *t)
{
  c_expr e = erbium_parse_primary (t);
  for (;;)
    {
      const erbium_ptok op = t->peek ();
      if (e.value == error_mark_node)
	return e;
      switch (op.type)
	{
	case CPP_OPEN_SQUARE:
	  {
	    t->next ();
	    c_expr idx = erbium_rvalue (erbium_parse_cond (t), op.loc);
	    if (!erbium_expect (t, CPP_CLOSE_SQUARE, "%<]%>"))
	      return erbium_cexpr (error_mark_node, op.loc, op.loc);
	    e = erbium_cexpr (build_array_ref (op.loc, e.value,
					       c_fully_fold (idx.value, false,
							     NULL)),
			      e.src_range.m_start, op.loc);
	    break;
	  }
	case CPP_OPEN_PAREN:
	  e = erbium_parse_call (t, op, e);
	  break;
	case CPP_DOT:
	case CPP_DEREF:
	  {
	    t->next ();
	    const erbium_ptok f = t->peek ();
	    if (f.type != CPP_NAME)
	      return erbium_expr_error (t, "a member name");
	    t->next ();
	    tree datum = e.value;
	    if (op.type == CPP_DEREF)
	      datum = build_indirect_ref (op.loc,
					  erbium_rvalue (e, op.loc).value,
					  RO_ARROW);
	    e = erbium_cexpr (build_component_ref (op.loc, datum, f.value,
						   f.loc),
			      e.src_range.m_start, f.loc);
	    break;
	  }
	case CPP_PLUS_PLUS:
	case CPP_MINUS_MINUS:
	  t->next ();
	  e = erbium_cexpr (build_unary_op (op.loc, op.type == CPP_PLUS_PLUS
					    ? POSTINCREMENT_EXPR
					    : POSTDECREMENT_EXPR,
					    e.value, false),
			    e.src_range.m_start, op.loc);
	  break;
	default:
	  return e;
	}
    }
}

/* unary-expression.  */
static c_expr
erbium_parse_unary (erbium_pragma_tokens *t)
{
  const erbium_ptok k = t->peek ();
  enum tree_code code = ERROR_MARK;
  switch (k.type)
    {
    case CPP_PLUS_PLUS:
    case CPP_MINUS_MINUS:
      {
	t->next ();
	c_expr op = erbium_parse_unary (t);
	return erbium_cexpr (build_unary_op (k.loc, k.type == CPP_PLUS_PLUS
					     ? PREINCREMENT_EXPR
					     : PREDECREMENT_EXPR,
					     op.value, false),
			     k.loc, op.src_range.m_finish);
      }
    case CPP_AND:
      {
	t->next ();
	c_expr op = erbium_parse_cast (t);
	mark_exp_read (op.value);
	return parser_build_unary_op (k.loc, ADDR_EXPR, op);
      }
    case CPP_MULT:
      {
	t->next ();
	c_expr op = erbium_rvalue (erbium_parse_cast (t), k.loc);
	return erbium_cexpr (build_indirect_ref (k.loc, op.value,
						 RO_UNARY_STAR),
			     k.loc, op.src_range.m_finish);
      }
    case CPP_PLUS:
      code = CONVERT_EXPR;
      break;
    case CPP_MINUS:
      code = NEGATE_EXPR;
      break;
    case CPP_COMPL:
      code = BIT_NOT_EXPR;
      break;
    case CPP_NOT:
      code = TRUTH_NOT_EXPR;
      break;
    case CPP_NAME:
      if (erbium_rid (k.value) == RID_SIZEOF)
	{
	  t->next ();
	  if (t->at (CPP_OPEN_PAREN) && erbium_type_start_p (t, 1))
	    {
	      t->next ();
	      tree type = erbium_parse_type_name (t);
	      if (type == error_mark_node
		  || !erbium_expect (t, CPP_CLOSE_PAREN, "%<)%>"))
		return erbium_cexpr (error_mark_node, k.loc, k.loc);
	      c_expr e = erbium_cexpr (c_sizeof (k.loc, type), k.loc, k.loc);
	      e.original_code = SIZEOF_EXPR;
	      return e;
	    }
	  c_expr op = erbium_parse_unary (t);
	  if (op.value == error_mark_node)
	    return op;
	  return c_expr_sizeof_expr (k.loc, op);
	}
      return erbium_parse_postfix (t);
    default:
      return erbium_parse_postfix (t);
    }
  t->next ();
  c_expr op = erbium_rvalue (erbium_parse_cast (t), k.loc);
  return parser_build_unary_op (k.loc, code, op);
}

/* cast-expression.  */
static c_expr
erbium_parse_cast (erbium_pragma_tokens *t)
{
  const erbium_ptok k = t->peek ();
  if (k.type == CPP_OPEN_PAREN && erbium_type_start_p (t, 1))
    {
      t->next ();
      tree type = erbium_parse_type_name (t);
      if (type == error_mark_node
	  || !erbium_expect (t, CPP_CLOSE_PAREN, "%<)%>"))
	return erbium_cexpr (error_mark_node, k.loc, k.loc);
      if (t->at (CPP_OPEN_BRACE))
	return erbium_expr_error (t, "an expression (compound literals are "
				  "not supported)");
      c_expr op = erbium_rvalue (erbium_parse_cast (t), k.loc);
      if (op.value == error_mark_node)
	return op;
      return erbium_cexpr (build_c_cast (k.loc, type, op.value), k.loc,
			   op.src_range.m_finish);
    }
  return erbium_parse_unary (t);
}

/* The binary operator of token type TYPE and its precedence (higher
   binds tighter), or ERROR_MARK.  */
static enum tree_code
erbium_binary_op (enum cpp_ttype type, int *prec)
{
  static const struct { enum cpp_ttype tok; enum tree_code code; int prec; }
  ops[] = {
    { CPP_OR_OR, TRUTH_ORIF_EXPR, 1 },
    { CPP_AND_AND, TRUTH_ANDIF_EXPR, 2 },
    { CPP_OR, BIT_IOR_EXPR, 3 },
    { CPP_XOR, BIT_XOR_EXPR, 4 },
    { CPP_AND, BIT_AND_EXPR, 5 },
    { CPP_EQ_EQ, EQ_EXPR, 6 },
    { CPP_NOT_EQ, NE_EXPR, 6 },
    { CPP_LESS, LT_EXPR, 7 },
    { CPP_GREATER, GT_EXPR, 7 },
    { CPP_LESS_EQ, LE_EXPR, 7 },
    { CPP_GREATER_EQ, GE_EXPR, 7 },
    { CPP_LSHIFT, LSHIFT_EXPR, 8 },
    { CPP_RSHIFT, RSHIFT_EXPR, 8 },
    { CPP_PLUS, PLUS_EXPR, 9 },
    { CPP_MINUS, MINUS_EXPR, 9 },
    { CPP_MULT, MULT_EXPR, 10 },
    { CPP_DIV, TRUNC_DIV_EXPR, 10 },
    { CPP_MOD, TRUNC_MOD_EXPR, 10 },
  };
  for (const auto &o : ops)
    if (o.tok == type)
      {
	*prec = o.prec;
	return o.code;
      }
  return ERROR_MARK;
}

/* Operands of && and || are truth values (c_parser_binary_expression).  */
static c_expr
erbium_truth_operand (c_expr e, location_t loc)
{
  e = erbium_rvalue (e, loc);
  if (e.value != error_mark_node)
    e.value = c_objc_common_truthvalue_conversion (loc,
						   default_conversion
						   (e.value));
  return e;
}

/* Binary expressions of precedence MIN_PREC and above (precedence
   climbing; all binary operators of C are left-associative).  */
static c_expr
erbium_parse_binary (erbium_pragma_tokens *t, int min_prec)
{
  location_t lloc = t->peek ().loc;
  c_expr lhs = erbium_parse_cast (t);
  for (;;)
    {
      int prec;
      const erbium_ptok op = t->peek ();
      enum tree_code code = erbium_binary_op (op.type, &prec);
      if (code == ERROR_MARK || prec < min_prec
	  || lhs.value == error_mark_node)
	return lhs;
      t->next ();
      bool truth = code == TRUTH_ANDIF_EXPR || code == TRUTH_ORIF_EXPR;
      lhs = truth ? erbium_truth_operand (lhs, lloc)
		  : erbium_rvalue (lhs, lloc);
      location_t rloc = t->peek ().loc;
      c_expr rhs = erbium_parse_binary (t, prec + 1);
      if (rhs.value == error_mark_node)
	return rhs;
      rhs = truth ? erbium_truth_operand (rhs, rloc)
		  : erbium_rvalue (rhs, rloc);
      location_t start = lhs.src_range.m_start;
      lhs = parser_build_binary_op (op.loc, code, lhs, rhs);
      lhs.src_range.m_start = start;
      lhs.src_range.m_finish = rhs.src_range.m_finish;
    }
}

/* conditional-expression.  */
static c_expr
erbium_parse_cond (erbium_pragma_tokens *t)
{
  location_t cloc = t->peek ().loc;
  c_expr cond = erbium_parse_binary (t, 1);
  if (!t->at (CPP_QUERY) || cond.value == error_mark_node)
    return cond;
  t->next ();
  cond = erbium_truth_operand (cond, cloc);
  location_t loc1 = t->peek ().loc;
  c_expr e1 = erbium_rvalue (erbium_parse_cond (t), loc1);
  location_t colon = t->peek ().loc;
  if (!erbium_expect (t, CPP_COLON, "%<:%>"))
    return erbium_cexpr (error_mark_node, colon, colon);
  location_t loc2 = t->peek ().loc;
  c_expr e2 = erbium_rvalue (erbium_parse_cond (t), loc2);
  if (e1.value == error_mark_node || e2.value == error_mark_node)
    return erbium_cexpr (error_mark_node, colon, colon);
  return erbium_cexpr (build_conditional_expr (colon, cond.value, false,
					       e1.value, e1.original_type,
					       loc1, e2.value,
					       e2.original_type, loc2),
		       cond.src_range.m_start, e2.src_range.m_finish);
}

/* See omp-stream.h.  */
tree
erbium_parse_expr (erbium_pragma_tokens *t)
{
  location_t loc = t->peek ().loc;
  c_expr e = erbium_rvalue (erbium_parse_cond (t), loc);
  if (e.value == error_mark_node)
    return error_mark_node;
  return c_fully_fold (e.value, false, NULL);
}

/* See omp-stream.h.  */
tree
erbium_parse_lvalue (erbium_pragma_tokens *t)
{
  c_expr e = erbium_parse_cond (t);
  return e.value;
}
