/* SPDX-License-Identifier: GPL-3.0-or-later */
/* netbuild.cc -- the network of OpenMP stream task sites of a unit
   (network.h), built once at the end of the unit from the facts
   network.cc recorded and the process kinds tasksites.cc decided.

   * Nodes: every stream task site the unit outlined (a process per site
     or per instance), and the control program of each scope that ticks
     a stream (it reads the stream itself).
   * Instance counts: a site's is its creation's (the product of the trip
     counts of the loops around it; unknown under a condition or in a
     loop of unknown trip count) times its scope's: 1 for main, the sum
     over the calls of a static function, the count of the site whose
     body it is; unknown for a function other units may call or whose
     address is taken, and for recursion (a scope reached again from its
     own calls and creations).  An expression of the program is kept
     only where it has one value: a count that is an expression in a
     scope that runs once.
   * Streams: each name of a stream resolves to the declarations that
     create streams (roots): a stream variable; a parameter, through the
     arguments of the calls of its function in the unit; a stream_ref,
     through its assignments.  What the unit does not show (a parameter
     of a function other units may call, a stream_ref never assigned, an
     implicitly typed stream) is a root of its own, marked as such.
   * Edges: for each root, from each writer to each reader whose
     subscripts may meet (an element of an array of streams: constants,
     a counted loop's index range, or any).
   * Cycles: Tarjan's strongly connected components; a component of one
     node is a cycle when the node has an edge to itself.  */

#define INCLUDE_STRING
#define INCLUDE_VECTOR
#define INCLUDE_SET
#define INCLUDE_MAP
#define INCLUDE_ALGORITHM
#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "fold-const.h"
#include "tree-pretty-print.h"
#include "cpplib.h"
#include "erbium-plugin.h"
#include "omp-stream.h"
#include "network.h"

/* ---------------------------------------------------------------------
   Values.  */

/* See network.h.  */
std::string
erbium_net_value_text (const erbium_net_value &v)
{
  switch (v.kind)
    {
    case ERBIUM_NET_CONST:
      return std::to_string ((long) v.n)
	     + (v.why.empty () ? "" : " (" + v.why + ")");
    case ERBIUM_NET_EXPR:
      {
	tree e = v.expr;
	while (CONVERT_EXPR_P (e) || TREE_CODE (e) == NON_LVALUE_EXPR)
	  e = TREE_OPERAND (e, 0);
	char *s = print_generic_expr_to_str (e);
	std::string r = "loop-counted " + std::string (s) + " (" + v.why + ")";
	free (s);
	return r;
      }
    default:
      return "unknown (" + v.why + ")";
    }
}

/* V as an int64_t expression.  */
static tree
nb_tree (const erbium_net_value &v)
{
  return v.kind == ERBIUM_NET_CONST ? build_int_cst (erbium_int64_type (), v.n)
	 : v.expr;
}

/* A value from the folded expression E (a constant when it folds to
   one), coming from WHY.  */
static erbium_net_value
nb_expr (tree e, const std::string &why)
{
  if (tree_fits_shwi_p (e))
    return erbium_net_const (tree_to_shwi (e));
  return { ERBIUM_NET_EXPR, 0, erbium_keep (e), why };
}

/* WHY of A and B joined, without repeats.  */
static std::string
nb_join (const std::string &a, const std::string &b)
{
  if (a.empty () || a == b)
    return b;
  if (b.empty ())
    return a;
  return a + ", " + b;
}

/* A * B.  */
static erbium_net_value
nb_mult (const erbium_net_value &a, const erbium_net_value &b)
{
  if (a.kind == ERBIUM_NET_UNKNOWN)
    return a;
  if (b.kind == ERBIUM_NET_UNKNOWN)
    return b;
  if (a.kind == ERBIUM_NET_CONST && b.kind == ERBIUM_NET_CONST)
    {
      if (a.n > 0 && b.n > (HOST_WIDE_INT_1 << 60) / a.n)
	return erbium_net_unknown ("more than 2^60");
      return erbium_net_const (a.n * b.n);
    }
  if (a.kind == ERBIUM_NET_CONST && a.n == 1)
    return b;
  if (b.kind == ERBIUM_NET_CONST && b.n == 1)
    return a;
  return nb_expr (fold_build2 (MULT_EXPR, erbium_int64_type (), nb_tree (a),
			       nb_tree (b)), nb_join (a.why, b.why));
}

/* A + B.  */
static erbium_net_value
nb_add (const erbium_net_value &a, const erbium_net_value &b)
{
  if (a.kind == ERBIUM_NET_UNKNOWN)
    return a;
  if (b.kind == ERBIUM_NET_UNKNOWN)
    return b;
  if (a.kind == ERBIUM_NET_CONST && b.kind == ERBIUM_NET_CONST)
    return erbium_net_const (a.n + b.n);
  if (a.kind == ERBIUM_NET_CONST && a.n == 0)
    return b;
  if (b.kind == ERBIUM_NET_CONST && b.n == 0)
    return a;
  return nb_expr (fold_build2 (PLUS_EXPR, erbium_int64_type (), nb_tree (a),
			       nb_tree (b)), nb_join (a.why, b.why));
}

/* ---------------------------------------------------------------------
   Instance counts.  */

/* See network.h.  */
erbium_net_value
erbium_net_chain_count (const std::vector<int> &chain)
{
  erbium_net_value n = erbium_net_const (1);
  for (unsigned d = 0; d < chain.size (); d++)
    {
      const erbium_net_ctl &c = erbium_net.ctls[chain[d]];
      if (!c.loop)
	return erbium_net_unknown ("created under a condition: " + c.where);
      if (c.trip.kind == ERBIUM_NET_EXPR)
	for (unsigned e = 0; e < d; e++)
	  {
	    const erbium_net_ctl &o = erbium_net.ctls[chain[e]];
	    for (unsigned u : c.reads)
	      if (o.written.count (u))
		return erbium_net_unknown ("the trip count of " + c.where
				   + " varies with " + o.where);
	  }
      n = nb_mult (n, c.trip);
      if (n.kind == ERBIUM_NET_UNKNOWN)
	return n;
    }
  return n;
}

/* The number of times an event at CHAIN of scope S happens in a run:
   the chain's count times the scope's.  An expression of the scope is
   one value only when the scope runs once.  */
static erbium_net_value
nb_event_count (int s, const std::vector<int> &chain)
{
  const erbium_net_scope *sc = erbium_net.scopes[s];
  if (sc->labels)
    return erbium_net_unknown (sc->name + " has labels (a goto may repeat its "
		       "code)");
  erbium_net_value c = erbium_net_chain_count (chain);
  if (c.kind == ERBIUM_NET_UNKNOWN)
    return c;
  erbium_net_value k = erbium_net_scope_count (s);
  if (c.kind == ERBIUM_NET_EXPR && k.kind != ERBIUM_NET_UNKNOWN
      && !(k.kind == ERBIUM_NET_CONST && k.n == 1))
    return erbium_net_unknown (erbium_net_value_text (c) + " per run of "
		       + sc->name + ", which runs "
		       + erbium_net_value_text (k) + " times");
  return nb_mult (c, k);
}

/* The creation of site ID: its scope and index, or false.  */
static bool
nb_creation_of (int id, int *scope, int *index)
{
  for (const erbium_net_scope *s : erbium_net.scopes)
    for (unsigned i = 0; i < s->creations.size (); i++)
      if (s->creations[i].site == id)
	{
	  *scope = s->id;
	  *index = i;
	  return true;
	}
  return false;
}

/* Memo of the scope counts; a scope being computed is in
   nb_computing.  */
static std::map<int, erbium_net_value> nb_counts;
static std::set<int> nb_computing;

/* The count of function scope S (not main): the sum over its calls in
   the unit.  */
static erbium_net_value
nb_function_count (const erbium_net_scope *s)
{
  tree fn = s->fn;
  if (TREE_PUBLIC (fn))
    return erbium_net_unknown (s->name + " may be called from other units");
  if (erbium_net.address_taken.count (DECL_UID (fn)))
    return erbium_net_unknown (s->name + "'s address is taken (calls through "
		       "pointers are not seen)");
  erbium_net_value n = erbium_net_const (0);
  for (const erbium_net_scope *x : erbium_net.scopes)
    for (const erbium_net_call &c : x->calls)
      if (c.callee == fn)
	{
	  n = nb_add (n, nb_event_count (x->id, c.at.chain));
	  if (n.kind == ERBIUM_NET_UNKNOWN)
	    return n;
	}
  if (n.kind == ERBIUM_NET_CONST && n.n == 0)
    n.why = s->name + " is not called in the unit";
  return n;
}

/* See network.h.  */
erbium_net_value
erbium_net_scope_count (int s)
{
  auto it = nb_counts.find (s);
  if (it != nb_counts.end ())
    return it->second;
  const erbium_net_scope *sc = erbium_net.scopes[s];
  if (nb_computing.count (s))
    return erbium_net_unknown ("recursion: " + sc->name
			       + " is reached again from its own calls and "
				 "tasks");
  nb_computing.insert (s);
  erbium_net_value n;
  int cs, ci;
  if (sc->site >= 0)
    {
      if (nb_creation_of (sc->site, &cs, &ci))
	n = nb_event_count (cs, erbium_net.scopes[cs]->creations[ci].at.chain);
      else
	n = erbium_net_unknown ("the site's creation was not seen");
    }
  else if (MAIN_NAME_P (DECL_NAME (sc->fn)) && TREE_PUBLIC (sc->fn))
    n = erbium_net_const (1);
  else
    n = nb_function_count (sc);
  nb_computing.erase (s);
  nb_counts[s] = n;
  return n;
}

/* ---------------------------------------------------------------------
   Streams: what each name resolves to.  */

/* See network.h.  */
bool
erbium_net_subs_meet (const erbium_net_subs &a, const erbium_net_subs &b,
		      erbium_net_subs *both)
{
  *both = a;
  if (!a.array || !b.array)
    {
      both->array = false;
      return true;
    }
  if (!a.known)
    {
      *both = b;
      return true;
    }
  if (!b.known)
    return true;
  both->lo = MAX (a.lo, b.lo);
  both->hi = MIN (a.hi, b.hi);
  return both->lo < both->hi;
}

/* The root of declaration DECL in *NET, made when new (OUTSIDE with WHY
   when the unit does not show the stream).  */
static int
nb_root (erbium_network *net, tree decl, bool outside, const std::string &why)
{
  for (unsigned i = 0; i < net->roots.size (); i++)
    if (net->roots[i].decl == decl && net->roots[i].outside == outside)
      return i;
  erbium_net_root r;
  r.decl = decl;
  r.name = DECL_NAME (decl) ? IDENTIFIER_POINTER (DECL_NAME (decl)) : "?";
  r.outside = outside;
  r.why = why;
  net->roots.push_back (r);
  return net->roots.size () - 1;
}

/* A resolved name: a root and the subscripts of it.  */
typedef std::vector<std::pair<int, erbium_net_subs> > nb_resolved;

static void nb_resolve (erbium_network *net, const erbium_net_sref &s,
			std::set<tree> *seen, nb_resolved *out);

/* Resolve S, a parameter of its function FN, through the calls of FN in
   the unit (the argument passed at its position), into *OUT.  */
static void
nb_resolve_parm (erbium_network *net, const erbium_net_sref &s, tree fn,
		 std::set<tree> *seen, nb_resolved *out)
{
  auto pi = erbium_net.parm_index.find (DECL_UID (s.decl));
  int k = pi == erbium_net.parm_index.end () ? -1 : pi->second;
  for (const erbium_net_scope *x : erbium_net.scopes)
    for (const erbium_net_call &c : x->calls)
      if (c.callee == fn)
	for (const auto &a : c.streams)
	  if (a.first == k)
	    {
	      erbium_net_sref arg = a.second;
	      if (arg.whole)
		arg.subs = s.subs;
	      nb_resolve (net, arg, seen, out);
	    }
  std::string name = IDENTIFIER_POINTER (DECL_NAME (fn));
  if (TREE_PUBLIC (fn) && !MAIN_NAME_P (DECL_NAME (fn)))
    out->push_back ({ nb_root (net, s.decl, true, "a parameter of " + name
			       + ", which other units may call"), s.subs });
  else if (erbium_net.address_taken.count (DECL_UID (fn)))
    out->push_back ({ nb_root (net, s.decl, true, "a parameter of " + name
			       + ", whose address is taken"), s.subs });
}

/* Resolve S, a stream_ref, through its assignments in the unit (and as
   a parameter, through the calls), into *OUT.  */
static void
nb_resolve_ref (erbium_network *net, const erbium_net_sref &s,
		std::set<tree> *seen, nb_resolved *out)
{
  size_t before = out->size ();
  for (const erbium_net_scope *x : erbium_net.scopes)
    for (const auto &a : x->refsets)
      if (a.first == s.decl)
	{
	  erbium_net_sref v = a.second;
	  if (v.whole)
	    v.subs = s.subs;
	  nb_resolve (net, v, seen, out);
	}
  if (TREE_CODE (s.decl) == PARM_DECL)
    nb_resolve_parm (net, s, DECL_CONTEXT (s.decl), seen, out);
  if (out->size () == before)
    out->push_back ({ nb_root (net, s.decl, true, "a stream_ref the unit "
			       "does not assign"), s.subs });
}

/* Resolve the stream name S into the roots it may be, into *OUT (SEEN:
   the declarations being resolved, against recursion).  */
static void
nb_resolve (erbium_network *net, const erbium_net_sref &s,
	    std::set<tree> *seen, nb_resolved *out)
{
  if (!s.decl || seen->count (s.decl))
    return;
  seen->insert (s.decl);
  switch (erbium_stream_decl (s.decl, NULL))
    {
    case ERBIUM_STREAM_VAR:
      out->push_back ({ nb_root (net, s.decl, false, ""), s.subs });
      break;
    case ERBIUM_STREAM_PARM:
      nb_resolve_parm (net, s, DECL_CONTEXT (s.decl), seen, out);
      break;
    case ERBIUM_STREAM_REF:
      nb_resolve_ref (net, s, seen, out);
      break;
    default:
      out->push_back ({ nb_root (net, s.decl, true, "implicitly typed: the "
				 "stream is a handle known at run time"),
			s.subs });
      break;
    }
  seen->erase (s.decl);
}

/* ---------------------------------------------------------------------
   Nodes and edges.  */

/* The label of SITE: its place, name and body.  */
static std::string
nb_site_label (const erbium_site *site)
{
  std::string l = "site " + erbium_net_where (site->loc);
  if (site->name)
    l += " (" + std::string (IDENTIFIER_POINTER (site->name)) + ")";
  return l;
}

/* The nodes of the sites of the unit into *NET, with their ends (each
   access's burst and horizon) into *ENDS with the name each resolves.  */
static void
nb_site_nodes (erbium_network *net,
	       std::vector<std::pair<erbium_net_end,
				     const erbium_net_access *> > *ends)
{
  for (erbium_site *site : erbium_sites)
    {
      int cs, ci;
      if (!site->site_var || !site->body_fn
	  || !nb_creation_of (site->id, &cs, &ci))
	continue;
      const erbium_net_creation &c = erbium_net.scopes[cs]->creations[ci];
      erbium_net_node n;
      n.id = net->nodes.size ();
      n.site = site->id;
      n.scope = cs;
      n.label = nb_site_label (site);
      n.count = nb_event_count (cs, c.at.chain);
      n.cycle = -1;
      n.split_ok = false;
      net->nodes.push_back (n);
      for (unsigned a = 0; a < c.accesses.size (); a++)
	{
	  const erbium_net_access &acc = c.accesses[a];
	  erbium_net_end e = { n.id, (int) a, acc.kind, acc.burst,
			       acc.horizon, cs, &c.at, acc.sref.spread };
	  ends->push_back ({ e, &acc });
	}
    }
}

/* The nodes of the control programs that tick streams into *NET, with
   their ends into *ENDS.  */
static void
nb_control_nodes (erbium_network *net,
		  std::vector<std::pair<erbium_net_end,
					const erbium_net_access *> > *ends)
{
  for (const erbium_net_scope *s : erbium_net.scopes)
    {
      if (s->ticks.empty ())
	continue;
      erbium_net_node n;
      n.id = net->nodes.size ();
      n.site = -1;
      n.scope = s->id;
      n.label = "control program of " + s->name;
      n.count = erbium_net_scope_count (s->id);
      n.cycle = -1;
      n.split_ok = false;
      net->nodes.push_back (n);
      for (unsigned t = 0; t < s->ticks.size (); t++)
	{
	  const erbium_net_tick &k = s->ticks[t];
	  erbium_net_end e = { n.id, (int) t, k.access.kind, k.access.burst,
			       k.access.horizon, s->id, &k.at,
			       k.access.sref.spread };
	  ends->push_back ({ e, &k.access });
	}
    }
}

/* The name of the stream of ROOT with subscripts SUBS ("x", "eq[1]",
   "eq[0..2]", "eq[?]").  */
static std::string
nb_stream_name (const erbium_network *net, int root,
		const erbium_net_subs &subs)
{
  std::string n = net->roots[root].name;
  if (!subs.array)
    return n;
  if (!subs.known)
    return n + "[?]";
  if (subs.hi == subs.lo + 1)
    return n + "[" + std::to_string ((long) subs.lo) + "]";
  return n + "[" + std::to_string ((long) subs.lo) + ".."
	 + std::to_string ((long) subs.hi - 1) + "]";
}

/* Qualify the names of roots that share one with their function.  */
static void
nb_qualify_roots (erbium_network *net)
{
  std::map<std::string, int> uses;
  for (const erbium_net_root &r : net->roots)
    uses[r.name]++;
  for (erbium_net_root &r : net->roots)
    if (uses[r.name] > 1 && DECL_CONTEXT (r.decl)
	&& TREE_CODE (DECL_CONTEXT (r.decl)) == FUNCTION_DECL)
      r.name += std::string (" in ")
		+ IDENTIFIER_POINTER (DECL_NAME (DECL_CONTEXT (r.decl)));
}

/* Whether resolved names A and B are the same.  */
static bool
nb_same (const std::pair<int, erbium_net_subs> &a,
	 const std::pair<int, erbium_net_subs> &b)
{
  const erbium_net_subs &x = a.second, &y = b.second;
  return a.first == b.first && x.array == y.array && x.known == y.known
	 && (!x.known || (x.lo == y.lo && x.hi == y.hi));
}

/* The edges of *NET: per root, from each writer end to each reader end
   whose subscripts may meet.  */
static void
nb_edges (erbium_network *net,
	  const std::vector<std::pair<erbium_net_end,
				      const erbium_net_access *> > &ends)
{
  std::vector<nb_resolved> res (ends.size ());
  for (unsigned i = 0; i < ends.size (); i++)
    {
      std::set<tree> seen;
      nb_resolved all;
      nb_resolve (net, ends[i].second->sref, &seen, &all);
      /* The same root reached through several calls: once.  */
      for (const auto &a : all)
	if (std::none_of (res[i].begin (), res[i].end (),
			  [&] (const std::pair<int, erbium_net_subs> &b) {
			    return nb_same (a, b);
			  }))
	  res[i].push_back (a);
    }
  nb_qualify_roots (net);
  for (unsigned w = 0; w < ends.size (); w++)
    if (ends[w].first.kind == ERBIUM_ACC_OUTPUT)
      for (unsigned r = 0; r < ends.size (); r++)
	if (ends[r].first.kind != ERBIUM_ACC_OUTPUT)
	  for (const auto &a : res[w])
	    for (const auto &b : res[r])
	      {
		erbium_net_subs both;
		if (a.first != b.first
		    || !erbium_net_subs_meet (a.second, b.second, &both))
		  continue;
		erbium_net_edge e;
		e.id = net->edges.size ();
		e.w = ends[w].first;
		e.r = ends[r].first;
		e.root = a.first;
		e.subs = both;
		e.stream = nb_stream_name (net, a.first, both);
		e.type = ends[w].second->type;
		e.fuse_ok = false;
		e.rate_w = e.rate_r = e.period_w = 0;
		e.writer_first = true;
		e.fused_into = -1;
		net->edges.push_back (e);
	      }
}

/* ---------------------------------------------------------------------
   Cycles.  */

/* Tarjan's algorithm over the nodes of NET: the state.  */
struct nb_tarjan
{
  erbium_network *net;
  std::vector<int> index, low, stack;
  std::vector<bool> on;
  int next;
};

/* The nodes node V of NET has an edge to: streams, and records of
   Erbium-C processes (network.h, erbium_net_redge).  */
static std::vector<int>
nb_successors (const erbium_network *net, int v)
{
  std::vector<int> next;
  for (const erbium_net_edge &e : net->edges)
    if (e.w.node == v)
      next.push_back (e.r.node);
  for (const erbium_net_redge &e : net->redges)
    if (net->pviews[e.w].node == v)
      next.push_back (net->pviews[e.r].node);
  return next;
}

/* Visit node V (Tarjan's strongconnect): when V is the root of a
   component, pop it; a component of several nodes, or of one with an
   edge to itself, is a cycle of T->net.  */
static void
nb_strongconnect (nb_tarjan *t, int v)
{
  t->index[v] = t->low[v] = t->next++;
  t->stack.push_back (v);
  t->on[v] = true;
  for (int u : nb_successors (t->net, v))
    if (t->index[u] < 0)
      {
	nb_strongconnect (t, u);
	t->low[v] = MIN (t->low[v], t->low[u]);
      }
    else if (t->on[u])
      t->low[v] = MIN (t->low[v], t->index[u]);
  if (t->low[v] != t->index[v])
    return;
  std::vector<int> comp;
  int u;
  do
    {
      u = t->stack.back ();
      t->stack.pop_back ();
      t->on[u] = false;
      comp.push_back (u);
    }
  while (u != v);
  std::vector<int> next = nb_successors (t->net, v);
  bool self = std::find (next.begin (), next.end (), v) != next.end ();
  if (comp.size () < 2 && !self)
    return;
  std::sort (comp.begin (), comp.end ());
  for (int n : comp)
    t->net->nodes[n].cycle = t->net->cycles.size ();
  t->net->cycles.push_back (comp);
}

/* The cycles of NET.  */
static void
nb_cycles (erbium_network *net)
{
  nb_tarjan t;
  t.net = net;
  t.index.assign (net->nodes.size (), -1);
  t.low.assign (net->nodes.size (), -1);
  t.on.assign (net->nodes.size (), false);
  t.next = 0;
  for (unsigned v = 0; v < net->nodes.size (); v++)
    if (t.index[v] < 0)
      nb_strongconnect (&t, v);
  std::sort (net->cycles.begin (), net->cycles.end ());
  for (unsigned c = 0; c < net->cycles.size (); c++)
    for (int n : net->cycles[c])
      net->nodes[n].cycle = c;
}

/* See network.h.  */
erbium_network *
erbium_network_for_fusion (void)
{
  return const_cast<erbium_network *> (&erbium_network_get ());
}

/* See network.h.  */
const erbium_network &
erbium_network_get (void)
{
  static erbium_network *net;
  if (net)
    return *net;
  net = new erbium_network ();
  std::vector<std::pair<erbium_net_end, const erbium_net_access *> > ends;
  nb_site_nodes (net, &ends);
  nb_control_nodes (net, &ends);
  erbium_net_proc_nodes (net);
  nb_edges (net, ends);
  nb_cycles (net);
  erbium_network_grain (net);
  return *net;
}
