/* SPDX-License-Identifier: GPL-3.0-or-later */
/* netgrain.cc -- whether the grain of the network may change: per edge,
   whether its writer and reader sites may be fused into one process with
   a static schedule, and per node, whether its site may be split into
   workers that take its instances round-robin (network.h; the Erbium
   paper's grain adaptation, Miranda et al., CASES 2010, section 3).

   An edge may be fused when, in this order (the first that fails is the
   reason given):
   * both ends are task sites (not a control program), different ones,
     each with one process per site;
   * the writer's burst, the reader's burst and horizon are constants
     (an unknown burst never fuses), and the stream is one the unit
     shows;
   * the edge is the stream's only writer and, but for drains (readers
     created after the loops the reader is in: a tick of what is left),
     its only reader taking positions (a peek's window advances with the
     one input of the stream created with it);
   * the instance counts are static and compatible: created in the same
     scope, the loops and conditions they are not both in are loops of
     constant trip count (the same loop, or a constant number of
     creations per iteration of it), or both totals constant; and the
     elements written per period equal those read (balanced), in an
     integer ratio of instances (burst 4 written twice for one burst 8
     read);
   * fusing does not starve a cycle: when the two sites are on a cycle,
     or another path joins them (fusing would make one), the nodes
     involved are simulated as processes over one period of their
     repetition vector (synchronous data flow: Lee and Messerschmitt,
     1987), the fused one running the writer's instances then the
     reader's (or the reverse), from the elements the stream's other
     writers put on the cycle before it (seeds, created before its
     loops, with constant counts and bursts); when every process
     finishes its period, the schedule does not starve.
   A site may be split when it has one process per site, is on no cycle
   (no self-loop: no serializer token, no stream it both writes and
   reads), and its body keeps no state from one instance to the next:
   it writes only its windows and its own variables (network.cc says
   where the memory each write reaches comes from; the calls are
   summarised here over the unit); its outputs are then at positions
   fixed at creation, whichever worker runs it.
   Such a site is split (ng_split_decide): into N workers when its
   `#pragma erbium grain split (N)' asks for them, not at all under
   -fplugin-arg-erbium-split=off or split (1); under auto, into as many
   as the runtime gives its share of the unit's estimated work (its
   work per instance over the sum of every site's, network.cc's
   estimate) on the cores it finds (erbium/task.h, ER_SITE_SPLIT), when
   that work is large enough to pay for the workers' hand-over.  */

#define INCLUDE_STRING
#define INCLUDE_VECTOR
#define INCLUDE_SET
#define INCLUDE_MAP
#define INCLUDE_ALGORITHM
#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "builtins.h"
#include "internal-fn.h"
#include "calls.h"
#include "cpplib.h"
#include "erbium-plugin.h"
#include "omp-stream.h"
#include "network.h"

/* "node N".  */
static std::string
ng_node (int n)
{
  return "node " + std::to_string (n);
}

/* ---------------------------------------------------------------------
   The state a scope keeps: its own writes (network.cc) and its calls',
   summarised to a fixed point over the unit.  */

/* Per scope: the first reason it keeps state ("" when none), and the
   parameters it writes through.  */
static std::vector<std::string> ng_state;
static std::vector<std::set<int> > ng_wparms;

/* Whether FN, a function of another unit, leaves memory alone but what
   its pointer arguments point to (returns *WRITES_ARG0 for the string
   and memory builtins that write their first).  */
static bool
ng_external_harmless (tree fn, bool *writes_arg0)
{
  *writes_arg0 = false;
  if (fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    switch (DECL_FUNCTION_CODE (fn))
      {
      case BUILT_IN_MEMCPY:
      case BUILT_IN_MEMMOVE:
      case BUILT_IN_MEMSET:
      case BUILT_IN_MEMPCPY:
      case BUILT_IN_STRCPY:
      case BUILT_IN_STRNCPY:
      case BUILT_IN_STRCAT:
      case BUILT_IN_STRNCAT:
      case BUILT_IN_BZERO:
	*writes_arg0 = true;
	return true;
      case BUILT_IN_FREE:
	return true;
      default:
	if (associated_internal_fn (fn) != IFN_LAST)
	  return true;
	break;
      }
  int flags = flags_from_decl_or_type (fn);
  if ((flags & (ECF_CONST | ECF_PURE)) && !(flags & ECF_LOOPING_CONST_OR_PURE))
    return true;
  if (flags & ECF_MALLOC)
    return true;
  /* The runtime's stream handles: a stream a scope declares is its
     own.  */
  const char *n = IDENTIFIER_POINTER (DECL_NAME (fn));
  return TREE_PUBLIC (fn) && startswith (n, "er_stream_");
}

/* The state the call C of scope S keeps, given what the callee writes
   through its parameters WPARMS: "" or the reason; parameters of S it
   writes through are added to *MINE.  */
static std::string
ng_through_args (const erbium_net_callfx &c, const std::set<int> &wparms,
		 std::set<int> *mine)
{
  for (const auto &a : c.ptr_args)
    if (wparms.count (a.first))
      {
	mine->insert (a.second.parms.begin (), a.second.parms.end ());
	if (!a.second.shared.empty ())
	  return "calls " + c.name + ", which writes through its argument "
		 + std::to_string (a.first + 1) + ": " + a.second.shared;
      }
  return "";
}

/* The state the call C of scope S keeps ("" when none); parameters of S
   it writes through are added to *MINE.  */
static std::string
ng_call_state (const erbium_net_callfx &c, std::set<int> *mine)
{
  if (!c.callee)
    return "calls through a pointer";
  auto it = erbium_net.fn_scope.find (DECL_UID (c.callee));
  if (it != erbium_net.fn_scope.end ())
    {
      if (!ng_state[it->second].empty ())
	return "calls " + c.name + ", which " + ng_state[it->second];
      return ng_through_args (c, ng_wparms[it->second], mine);
    }
  bool arg0;
  if (!ng_external_harmless (c.callee, &arg0))
    return "calls " + c.name + ", a function of another unit whose "
	   "effects are not known";
  return arg0 ? ng_through_args (c, std::set<int> { 0 }, mine) : "";
}

/* Summarise the state of every scope (ng_state, ng_wparms).  */
static void
ng_summarise (void)
{
  unsigned n = erbium_net.scopes.size ();
  ng_state.assign (n, "");
  ng_wparms.assign (n, std::set<int> ());
  for (unsigned s = 0; s < n; s++)
    {
      ng_state[s] = erbium_net.scopes[s]->fx.state;
      ng_wparms[s] = erbium_net.scopes[s]->fx.written_parms;
    }
  for (bool changed = true; changed;)
    {
      changed = false;
      for (unsigned s = 0; s < n; s++)
	for (const erbium_net_callfx &c : erbium_net.scopes[s]->fx.calls)
	  {
	    size_t before = ng_wparms[s].size ();
	    std::string st = ng_call_state (c, &ng_wparms[s]);
	    changed |= ng_wparms[s].size () != before;
	    if (!st.empty () && ng_state[s].empty ())
	      {
		ng_state[s] = st;
		changed = true;
	      }
	  }
    }
}

/* ---------------------------------------------------------------------
   Splitting.  */

/* Whether node N of NET may be split, and why (not).  */
static void
ng_split (erbium_network *net, erbium_net_node *n)
{
  n->split_ok = false;
  if (n->site < 0)
    {
      n->split_why = "not a task site";
      return;
    }
  erbium_site *site = erbium_sites[n->site];
  if (site->per_instance)
    {
      n->split_why = "one process per instance (" + site->why + ")";
      return;
    }
  for (const erbium_net_edge &e : net->edges)
    if (e.w.node == n->id && e.r.node == n->id)
      {
	n->split_why = "a self-loop on stream " + e.stream
		       + ": an instance reads what an earlier one wrote (a "
			 "serializer token, or a stream it writes and reads "
			 "again)";
	return;
      }
  if (n->cycle >= 0)
    {
      const std::vector<int> &c = net->cycles[n->cycle];
      int other = c[0] == n->id ? c[1] : c[0];
      n->split_why = "on cycle " + std::to_string (n->cycle) + " with "
		     + ng_node (other) + ": an instance waits for data that "
		       "depends on an earlier one";
      return;
    }
  auto it = erbium_net.body_scope.find (n->site);
  std::string st = it == erbium_net.body_scope.end ()
		   ? "was not seen" : ng_state[it->second];
  if (!st.empty ())
    {
      n->split_why = "its body " + st + ": state kept from one instance to "
		     "the next";
      return;
    }
  n->split_ok = true;
  n->split_why = "no state from one instance to the next (its body writes "
		 "only its windows and its own variables; no self-loop, no "
		 "cycle); its outputs are at positions fixed at creation";
}

/* ---------------------------------------------------------------------
   Splitting: the decision.  */

/* Below this estimated work per instance, in operations (network.cc,
   net_work), auto does not split a site: each instance would cost its
   workers' hand-over (the activation and the windows travel between
   cores, the frontiers pass instances done out of order) more than
   running it in parallel saves.  */
#define NG_SPLIT_MIN_WORK 1000

/* Per scope, its work with its callees' (erbium_net_scope_work), -1
   while it is computed (a cycle of calls adds nothing more), -2 not
   yet.  */
static std::vector<double> ng_work;

/* See network.h.  */
double
erbium_net_scope_work (int s)
{
  if (ng_work.size () != erbium_net.scopes.size ())
    ng_work.assign (erbium_net.scopes.size (), -2);
  if (ng_work[s] >= 0)
    return ng_work[s];
  if (ng_work[s] == -1)
    return 0;
  ng_work[s] = -1;
  const erbium_net_scope *sc = erbium_net.scopes[s];
  double w = sc->work;
  for (const std::pair<tree, double> &c : sc->work_calls)
    {
      auto it = erbium_net.fn_scope.find (DECL_UID (c.first));
      /* A function of another unit: a few operations.  */
      w += c.second * (it == erbium_net.fn_scope.end () ? 8
		       : erbium_net_scope_work (it->second));
    }
  ng_work[s] = w;
  return w;
}

/* See network.h.  */
double
erbium_net_site_work (int site)
{
  auto it = erbium_net.body_scope.find (site);
  return it == erbium_net.body_scope.end () ? -1
	 : erbium_net_scope_work (it->second);
}

/* The estimated work of one instance of node N's site, 0 when not
   known.  */
static double
ng_site_work (const erbium_net_node &n)
{
  return MAX (erbium_net_site_work (n.site), 0.0);
}

/* "(#pragma erbium grain at f.c:12)" for SITE.  */
static std::string
ng_grain_at (const erbium_site *site)
{
  return "#pragma erbium grain split (" + std::to_string (site->grain_split)
	 + ") at " + erbium_net_where (site->grain_loc);
}

/* What becomes of node N of NET, eligible or not: split into the
   workers its grain pragma asks for, into as many as the runtime finds
   for its share of the unit's work (auto), or not split and why; a
   grain pragma asking for workers where none may be is warned about at
   the pragma.  TOTAL: the work of every site, summed, each site's an
   instance's times its instances when COUNTED, else an instance's.  */
static void
ng_split_decide (erbium_net_node *n, double total, bool counted)
{
  n->split_flags = 0;
  if (n->site < 0)
    return;
  erbium_site *site = erbium_sites[n->site];
  int asked = site->grain_split;
  if (!n->split_ok)
    {
      if (asked > 1)
	erbium_warning_at (site->grain_loc, ERBIUM_WARN_SPLIT,
			   "the task site at %s cannot be split into %d "
			   "workers: %s; it runs on one process",
			   erbium_net_where (site->loc).c_str (), asked,
			   n->split_why.c_str ());
      n->split_text = "not split: " + n->split_why;
      return;
    }
  if (erbium_opts.split == ERBIUM_SPLIT_OFF)
    {
      n->split_text = "not split: -fplugin-arg-erbium-split=off";
      return;
    }
  if (asked == 1)
    {
      n->split_text = "not split: " + ng_grain_at (site);
      return;
    }
  if (asked > 1)
    {
      n->split_text = "split into " + std::to_string (asked) + " workers ("
		      + ng_grain_at (site) + ")";
      n->split_flags = ERBIUM_SITE_SPLIT | ERBIUM_SITE_WORKERS (asked);
      return;
    }
  double work = ng_site_work (*n);
  std::string about = "about " + std::to_string ((long) (work + 0.5))
		      + " operations per instance";
  if (work < NG_SPLIT_MIN_WORK)
    {
      n->split_text = "not split: auto: its estimated work, " + about
		      + ", is below " + std::to_string (NG_SPLIT_MIN_WORK)
		      + ": a worker's hand-over would cost more than it "
			"saves";
      return;
    }
  double mine = work * (counted ? (double) n->count.n : 1);
  int share = total > 0 ? (int) (100 * mine / total + 0.5) : 100;
  share = MIN (MAX (share, 1), 100);
  n->split_text = "split: auto (at most the cores found at run time: "
		  + std::to_string (share) + "% of them, rounded, at least 1; "
		  "its estimated work, " + about
		  + (counted ? " times its instances" : "") + ", is "
		  + std::to_string (share) + "% of the unit's sites'"
		  + (counted ? "" : ", each counted once") + ")";
  n->split_flags = ERBIUM_SITE_SPLIT | ERBIUM_SITE_SHARE (share);
}

/* See network.h.  */
int
erbium_net_split_flags (int site)
{
  for (const erbium_net_node &n : erbium_network_get ().nodes)
    if (n.site == site)
      return n.split_flags;
  return 0;
}

/* ---------------------------------------------------------------------
   Rates.  */

/* The product of the trip counts of CHAIN from position P on, into *N,
   but for loop SPREAD (whose iterations name different streams): false
   with *WHY (about NODE) when one is a condition or not a constant.  */
static bool
ng_suffix (const std::vector<int> &chain, size_t p, int node, int spread,
	   HOST_WIDE_INT *n, std::string *why)
{
  *n = 1;
  for (; p < chain.size (); p++)
    {
      if (chain[p] == spread)
	continue;
      const erbium_net_ctl &c = erbium_net.ctls[chain[p]];
      if (!c.loop)
	{
	  *why = ng_node (node) + " is created under a condition (" + c.where
		 + ") the other is not under";
	  return false;
	}
      if (c.trip.kind != ERBIUM_NET_CONST)
	{
	  *why = ng_node (node) + " is created in " + c.where
		 + ", whose trip count is not a constant: "
		 + erbium_net_value_text (c.trip);
	  return false;
	}
      *n *= c.trip.n;
    }
  return true;
}

/* How many instances of end A there are for *NB of end B of NET, per
   stream (an end whose subscript is the index of one of its loops has
   one instance per stream per iteration of it): *NA, and in what (*CTX:
   "the same loop (for at f.c:3)"); false with *WHY when not static.  */
static bool
ng_rate (const erbium_network &net, const erbium_net_end &a,
	 const erbium_net_end &b, HOST_WIDE_INT *na, HOST_WIDE_INT *nb,
	 std::string *ctx, std::string *why)
{
  if (a.scope == b.scope && !erbium_net.scopes[a.scope]->labels)
    {
      const std::vector<int> &ca = a.at->chain, &cb = b.at->chain;
      size_t p = 0;
      while (p < ca.size () && p < cb.size () && ca[p] == cb[p])
	p++;
      if (!ng_suffix (ca, p, a.node, a.spread, na, why)
	  || !ng_suffix (cb, p, b.node, b.spread, nb, why))
	return false;
      *ctx = "created in the same run of " + erbium_net.scopes[a.scope]->name;
      for (size_t k = p; k-- > 0;)
	if (erbium_net.ctls[ca[k]].loop)
	  {
	    *ctx = "the same loop (" + erbium_net.ctls[ca[k]].where + ")";
	    break;
	  }
      return true;
    }
  const erbium_net_value &ka = net.nodes[a.node].count;
  const erbium_net_value &kb = net.nodes[b.node].count;
  if (ka.kind == ERBIUM_NET_CONST && kb.kind == ERBIUM_NET_CONST && ka.n
      && kb.n)
    {
      *na = ka.n;
      *nb = kb.n;
      *ctx = "constant instance counts " + std::to_string ((long) ka.n)
	     + " and " + std::to_string ((long) kb.n);
      return true;
    }
  *why = "their instance counts are not comparable (" + ng_node (a.node)
	 + ": " + erbium_net_value_text (ka) + "; " + ng_node (b.node) + ": "
	 + erbium_net_value_text (kb) + ")";
  return false;
}

/* The greatest common divisor.  */
static HOST_WIDE_INT
ng_gcd (HOST_WIDE_INT a, HOST_WIDE_INT b)
{
  while (b)
    {
      HOST_WIDE_INT t = a % b;
      a = b;
      b = t;
    }
  return a < 0 ? -a : a;
}

/* ---------------------------------------------------------------------
   The stream's other ends.  */

/* Whether end X comes before (BEFORE) or after every instance of end Y
   in their scope: outside one of Y's loops, on the given side of it
   (or, when Y is in no loop, on that side of Y).  */
static bool
ng_outside (const erbium_net_end &x, const erbium_net_end &y, bool before)
{
  if (x.scope != y.scope)
    return false;
  for (int c : y.at->chain)
    if (erbium_net.ctls[c].loop
	&& std::find (x.at->chain.begin (), x.at->chain.end (), c)
	   == x.at->chain.end ())
      {
	location_t l = erbium_net.ctls[c].loc;
	return before ? x.at->loc < l : x.at->loc > l;
      }
  for (int c : y.at->chain)
    if (erbium_net.ctls[c].loop)
      return false;
  return before ? x.at->loc < y.at->loc : x.at->loc > y.at->loc;
}

/* The other ends of edge E's stream in NET that conflict with fusing E
   (other writers; other readers taking positions that are not drains)
   and, for a peek reader, the input its window advances with (*ADV, or
   null): "" or the reason.  */
static std::string
ng_discipline (const erbium_network &net, const erbium_net_edge &e,
	       const erbium_net_end **adv)
{
  *adv = NULL;
  for (const erbium_net_edge &o : net.edges)
    {
      erbium_net_subs both;
      if (o.root != e.root || !erbium_net_subs_meet (o.subs, e.subs, &both))
	continue;
      if ((o.w.node != e.w.node || o.w.access != e.w.access)
	  && ng_outside (o.w, e.w, true))
	return "stream " + e.stream + " is also written by "
	       + ng_node (o.w.node) + " before the writer's loop: the reader "
	       "takes those elements first";
      if ((o.w.node != e.w.node || o.w.access != e.w.access)
	  && ng_outside (e.w, o.w, true))
	return "stream " + e.stream + " is also written by "
	       + ng_node (o.w.node) + " after the writer: the reader takes "
	       "the elements of both";
      if (o.w.node != e.w.node || o.w.access != e.w.access)
	return "stream " + e.stream + " has another writer, "
	       + ng_node (o.w.node) + ": their positions interleave";
      if ((o.r.node == e.r.node && o.r.access == e.r.access)
	  || o.r.kind == ERBIUM_ACC_PEEK || ng_outside (o.r, e.r, false))
	continue;
      if (e.r.kind == ERBIUM_ACC_PEEK && !*adv)
	{
	  *adv = &o.r;
	  continue;
	}
      return "stream " + e.stream + " has another reader that takes "
	     "positions, " + ng_node (o.r.node) + ": their windows "
	     "interleave";
    }
  if (e.r.kind == ERBIUM_ACC_PEEK && !*adv)
    return "the window of the peek advances with no input created with "
	   "it";
  return "";
}

/* ---------------------------------------------------------------------
   Starvation: a simulation of the processes around the fused pair.  */

/* The state of the simulation of edge E of NET.  */
struct ng_sim
{
  const erbium_network *net;
  const erbium_net_edge *e;
  /* The nodes involved and the edges among them.  */
  std::set<int> nodes;
  std::vector<const erbium_net_edge *> edges;
  /* Per node, its instances per period; per edge (of EDGES), its
     elements.  */
  std::map<int, HOST_WIDE_INT> q;
  std::vector<HOST_WIDE_INT> tokens;
  std::string seeds;
};

/* The nodes reachable from FROM in NET (forward, or backward when
   !FORWARD).  */
static std::set<int>
ng_reach (const erbium_network &net, int from, bool forward)
{
  std::set<int> seen = { from };
  std::vector<int> work = { from };
  while (!work.empty ())
    {
      int v = work.back ();
      work.pop_back ();
      for (const erbium_net_edge &e : net.edges)
	{
	  int a = forward ? e.w.node : e.r.node;
	  int b = forward ? e.r.node : e.w.node;
	  if (a == v && seen.insert (b).second)
	    work.push_back (b);
	}
    }
  return seen;
}

/* The nodes on the paths from A to B and from B to A, but for the direct
   edges between them, into S->nodes; false when there are none.  */
static bool
ng_sim_nodes (ng_sim *s)
{
  const erbium_network &net = *s->net;
  int a = s->e->w.node, b = s->e->r.node;
  std::set<int> fa = ng_reach (net, a, true), tb = ng_reach (net, b, false);
  std::set<int> fb = ng_reach (net, b, true), ta = ng_reach (net, a, false);
  for (unsigned v = 0; v < net.nodes.size (); v++)
    if ((fa.count (v) && tb.count (v)) || (fb.count (v) && ta.count (v)))
      s->nodes.insert (v);
  bool other = s->nodes.size () > 2 || fb.count (a);
  s->nodes.insert (a);
  s->nodes.insert (b);
  for (const erbium_net_edge &x : net.edges)
    if (s->nodes.count (x.w.node) && s->nodes.count (x.r.node))
      s->edges.push_back (&x);
  return other;
}

/* The repetition vector of S's nodes (S->q): the instances of each per
   period that leave every edge's elements as they were; "" or why there
   is none.  */
static std::string
ng_sim_repetition (ng_sim *s)
{
  /* Rationals num/den per node, propagated along the edges.  */
  std::map<int, std::pair<HOST_WIDE_INT, HOST_WIDE_INT> > r;
  r[s->e->w.node] = { 1, 1 };
  for (bool changed = true; changed;)
    {
      changed = false;
      for (const erbium_net_edge *x : s->edges)
	{
	  HOST_WIDE_INT p = x->w.burst.n, c = x->r.burst.n;
	  bool hw = r.count (x->w.node), hr = r.count (x->r.node);
	  if (hw && hr)
	    {
	      auto fw = r[x->w.node], fr = r[x->r.node];
	      if (fw.first * p * fr.second != fr.first * c * fw.second)
		return "the rates around it do not balance (stream "
		       + x->stream + ")";
	    }
	  else if (hw || hr)
	    {
	      auto f = r[hw ? x->w.node : x->r.node];
	      HOST_WIDE_INT num = f.first * (hw ? p : c);
	      HOST_WIDE_INT den = f.second * (hw ? c : p);
	      HOST_WIDE_INT g = ng_gcd (num, den);
	      r[hw ? x->r.node : x->w.node] = { num / g, den / g };
	      changed = true;
	    }
	}
    }
  HOST_WIDE_INT l = 1, total = 0;
  for (auto &kv : r)
    l = l / ng_gcd (l, kv.second.second) * kv.second.second;
  for (auto &kv : r)
    total += s->q[kv.first] = kv.second.first * (l / kv.second.second);
  return total > 100000 ? "its period has too many instances to check" : "";
}

/* The elements on edge X before S's nodes run: what the other writers
   of its stream write before them (seeds), into *N; "" or why it is not
   known.  */
static std::string
ng_seed (ng_sim *s, const erbium_net_edge *x, HOST_WIDE_INT *n)
{
  *n = 0;
  for (const erbium_net_edge &o : s->net->edges)
    {
      erbium_net_subs both;
      if (o.root != x->root || o.w.node == x->w.node
	  || s->nodes.count (o.w.node) || o.r.node != x->r.node
	  || o.r.access != x->r.access
	  || !erbium_net_subs_meet (o.subs, x->subs, &both))
	continue;
      const erbium_net_value &k = s->net->nodes[o.w.node].count;
      if (!ng_outside (o.w, x->r, true) || k.kind != ERBIUM_NET_CONST
	  || o.w.burst.kind != ERBIUM_NET_CONST)
	return "the elements " + ng_node (o.w.node) + " writes on stream "
	       + x->stream + " are not known statically";
      *n += k.n * o.w.burst.n;
    }
  if (*n)
    s->seeds += (s->seeds.empty () ? "" : ", ") + std::to_string ((long) *n)
		+ " on " + x->stream;
  return "";
}

/* Fire node V once in S if its inputs hold its windows; whether it
   did.  */
static bool
ng_sim_fire (ng_sim *s, int v)
{
  for (unsigned i = 0; i < s->edges.size (); i++)
    if (s->edges[i]->r.node == v
	&& s->tokens[i] < s->edges[i]->r.horizon.n)
      return false;
  for (unsigned i = 0; i < s->edges.size (); i++)
    if (s->edges[i]->r.node == v)
      s->tokens[i] -= s->edges[i]->r.burst.n;
  for (unsigned i = 0; i < s->edges.size (); i++)
    if (s->edges[i]->w.node == v)
      s->tokens[i] += s->edges[i]->w.burst.n;
  return true;
}

/* Run one period of S, the fused process running the instances of
   FIRST then those of SECOND; whether every process finishes.  */
static bool
ng_sim_period (ng_sim s, int first, int second)
{
  std::map<int, HOST_WIDE_INT> done;
  std::vector<int> fused;
  for (int k = 0; k < s.q[first]; k++)
    fused.push_back (first);
  for (int k = 0; k < s.q[second]; k++)
    fused.push_back (second);
  size_t step = 0;
  for (bool progress = true; progress;)
    {
      progress = false;
      while (step < fused.size () && ng_sim_fire (&s, fused[step]))
	step++, progress = true;
      for (int v : s.nodes)
	if (v != first && v != second && done[v] < s.q[v]
	    && ng_sim_fire (&s, v))
	  done[v]++, progress = true;
    }
  if (step < fused.size ())
    return false;
  for (int v : s.nodes)
    if (v != first && v != second && done[v] < s.q[v])
      return false;
  return true;
}

/* Whether fusing edge E of NET starves a cycle: "" when the schedule
   does not (*NOTE then says on what cycle, if any; *WRITER_FIRST
   whether the schedule that does not starve runs the writer's instances
   first), else the reason.  */
static std::string
ng_starvation (const erbium_network &net, const erbium_net_edge &e,
	       std::string *note, bool *writer_first)
{
  *writer_first = true;
  ng_sim s;
  s.net = &net;
  s.e = &e;
  if (!ng_sim_nodes (&s))
    return "";
  std::string where = net.nodes[e.w.node].cycle >= 0
		      && net.nodes[e.w.node].cycle == net.nodes[e.r.node].cycle
		      ? "on cycle " + std::to_string (net.nodes[e.w.node].cycle)
		      : "joined also through another path";
  for (const erbium_net_edge *x : s.edges)
    if (x->w.burst.kind != ERBIUM_NET_CONST
	|| x->r.burst.kind != ERBIUM_NET_CONST
	|| x->r.horizon.kind != ERBIUM_NET_CONST
	|| x->r.kind == ERBIUM_ACC_PEEK)
      return where + ", whose stream " + x->stream + " has "
	     + (x->r.kind == ERBIUM_ACC_PEEK ? "a peek"
		: "a burst or horizon not known");
  std::string why = ng_sim_repetition (&s);
  for (const erbium_net_edge *x : s.edges)
    {
      HOST_WIDE_INT n = 0;
      if (why.empty ())
	why = ng_seed (&s, x, &n);
      s.tokens.push_back (n);
    }
  if (!why.empty ())
    return where + ": " + why;
  std::string seeds = s.seeds.empty () ? "no element" : s.seeds;
  int w = e.w.node, r = e.r.node;
  *writer_first = ng_sim_period (s, w, r);
  if (*writer_first || ng_sim_period (s, r, w))
    {
      *note = "; " + where + " (initially " + seeds + "): the schedule "
	      "running the " + (*writer_first ? "writer's" : "reader's")
	      + " instances first does not starve";
      return "";
    }
  return where + ": its tokens (initially " + seeds + ") would starve "
	 "a static schedule of " + ng_node (w) + " and " + ng_node (r);
}

/* ---------------------------------------------------------------------
   Fusion.  */

/* The reason edge E of NET may not be fused because of its ends (control
   programs, self-loop, processes, bursts), or "".  */
static std::string
ng_fuse_ends (const erbium_network &net, const erbium_net_edge &e)
{
  for (const erbium_net_end *x : { &e.w, &e.r })
    if (net.nodes[x->node].site < 0)
      return ng_node (x->node) + " is a control program, not a task site";
  if (e.w.node == e.r.node)
    return "a self-loop: the site reads what its own instances write";
  for (const erbium_net_end *x : { &e.w, &e.r })
    {
      erbium_site *site = erbium_sites[net.nodes[x->node].site];
      if (site->per_instance)
	return ng_node (x->node) + " has one process per instance ("
	       + site->why + ")";
    }
  if (e.w.burst.kind != ERBIUM_NET_CONST)
    return "the writer's burst is unknown: " + e.w.burst.why;
  if (e.r.burst.kind != ERBIUM_NET_CONST)
    return "the reader's burst is unknown: " + e.r.burst.why;
  if (e.r.horizon.kind != ERBIUM_NET_CONST)
    return "the reader's horizon is unknown: " + e.r.horizon.why;
  if (net.roots[e.root].outside)
    return "stream " + e.stream + " is not known in the unit ("
	   + net.roots[e.root].why + ")";
  return "";
}

/* The balance of edge E of NET: *WHY and false when not static and
   compatible; else the instances in the ratio (*NW writer, *NR reader),
   the writer's instances per run of the loops both are in (*PER_W) and
   *CTX.  ADV is the input a peek advances with.  */
static bool
ng_balance (const erbium_network &net, const erbium_net_edge &e,
	    const erbium_net_end *adv, HOST_WIDE_INT *nw, HOST_WIDE_INT *nr,
	    HOST_WIDE_INT *per_w, std::string *ctx, std::string *why)
{
  const erbium_net_end &by = adv ? *adv : e.r;
  HOST_WIDE_INT na, nb, pr = 1, pa = 1;
  if (!ng_rate (net, e.w, by, &na, &nb, ctx, why))
    return false;
  *per_w = na;
  if (e.w.spread >= 0 || by.spread >= 0)
    *ctx += ", per stream of " + e.stream;
  if (adv && by.burst.kind != ERBIUM_NET_CONST)
    {
      *why = "the peek's window advances by an unknown burst ("
	     + by.burst.why + ")";
      return false;
    }
  std::string c2;
  if (adv && !ng_rate (net, e.r, by, &pr, &pa, &c2, why))
    return false;
  /* NA writer instances write what NB instances of BY read.  */
  if (na * e.w.burst.n != nb * by.burst.n)
    {
      *why = "unbalanced: " + std::to_string ((long) (na * e.w.burst.n))
	     + " elements written for "
	     + std::to_string ((long) (nb * by.burst.n)) + " read ("
	     + *ctx + ")";
      return false;
    }
  /* Writer : reader = NA/NB * PA/PR.  */
  *nw = na * pa;
  *nr = nb * pr;
  HOST_WIDE_INT g = ng_gcd (*nw, *nr);
  *nw /= g;
  *nr /= g;
  if (*nw != 1 && *nr != 1)
    {
      *why = "the rate ratio " + std::to_string ((long) *nw) + ":"
	     + std::to_string ((long) *nr) + " is not an integer";
      return false;
    }
  return true;
}

/* Whether edge E of NET may be fused, and why (not).  */
static void
ng_fuse (const erbium_network &net, erbium_net_edge *e)
{
  e->fuse_ok = false;
  e->fuse_why = ng_fuse_ends (net, *e);
  const erbium_net_end *adv = NULL;
  if (e->fuse_why.empty ())
    e->fuse_why = ng_discipline (net, *e, &adv);
  HOST_WIDE_INT nw, nr, per_w;
  std::string ctx, note;
  if (!e->fuse_why.empty ()
      || !ng_balance (net, *e, adv, &nw, &nr, &per_w, &ctx, &e->fuse_why))
    return;
  e->fuse_why = ng_starvation (net, *e, &note, &e->writer_first);
  if (!e->fuse_why.empty ())
    return;
  e->fuse_ok = true;
  e->rate_w = nw;
  e->rate_r = nr;
  e->period_w = per_w;
  e->fuse_why = ctx + ", rate " + std::to_string ((long) nw) + ":"
		+ std::to_string ((long) nr) + " (writer:reader instances), "
		"bursts " + std::to_string ((long) e->w.burst.n) + " -> "
		+ std::to_string ((long) e->r.burst.n);
  if (adv)
    e->fuse_why += " (a peek; its window advances by "
		   + std::to_string ((long) adv->burst.n) + ")";
  HOST_WIDE_INT slide = e->r.horizon.n - MAX (e->r.burst.n,
					      adv ? adv->burst.n : 0);
  if (slide > 0)
    e->fuse_why += ", horizon " + std::to_string ((long) e->r.horizon.n)
		   + " (the reader keeps " + std::to_string ((long) slide)
		   + " more)";
  e->fuse_why += note;
}

/* See network.h.  */
void
erbium_network_grain (erbium_network *net)
{
  ng_summarise ();
  for (erbium_net_edge &e : net->edges)
    ng_fuse (*net, &e);
  /* The sites' work, each weighted by its instances when every count
     is a constant (else once: a pipeline's sites have as many).  */
  bool counted = true;
  for (erbium_net_node &n : net->nodes)
    {
      ng_split (net, &n);
      if (n.site >= 0 && n.count.kind != ERBIUM_NET_CONST)
	counted = false;
    }
  double total = 0;
  for (erbium_net_node &n : net->nodes)
    if (n.site >= 0)
      total += ng_site_work (n) * (counted ? (double) n.count.n : 1);
  for (erbium_net_node &n : net->nodes)
    ng_split_decide (&n, total, counted);
}
