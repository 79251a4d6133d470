/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuse.cc -- the fusion of OpenMP stream task sites: the writer and the
   reader of a stream that netgrain.cc finds eligible become one process
   with a static schedule (the Erbium paper's grain adaptation, Miranda
   et al., CASES 2010, section 3: processes fused "avoiding starvation
   and overflow"; docs/omp-stream.md, "The network" and "Grain").

   Which edges are fused (erbium_fuse_unit, called by tasksites.cc at
   PLUGIN_ALL_IPA_PASSES_START, when the network of the whole unit is
   known and the process kinds are decided, before the inliner runs):
   * only when optimizing (-O1 and above), and only eligible edges;
   * -fplugin-arg-erbium-fuse=off, or `#pragma erbium grain fuse (never)'
     on either site: not fused; fuse=all, or fuse (always) on either
     site: fused; fuse=auto: fused when both bodies are cheap, at most
     FU_CHEAP estimated operations per instance (the network's estimate,
     erbium_net_site_work, the one splitting uses): such a body runs for
     about the time a burst takes to pass through a stream between two
     processes, which fusion saves.  When one of the group's bodies
     is above FU_HANDOVER operations, fusing pays only when the
     processes lack cores, which are known at run time: auto then
     compiles both schedules (when the group can be fused in creation
     order, below) and the runtime chooses at the first creation
     (er_task_fuse_choice, <erbium/task.h>: fused when the unit's
     processes exceed the cores, or as ERBIUM_FUSE says);
   * what the fusion supports: an output window and an input window
     whose horizon is its burst, on
     a stream with no other writer or reader but a tick after the loops
     (a drain, which finds nothing left), sites without arrays of
     windows or inout_reuse, the element size known at compile time, both
     sites created in the same function; at a rate other than 1:1 (the
     rewrite in creation order, below), both created in the body of one
     function without labels, the writer's instances of each iteration
     of their loop before the reader's, on a stream not chosen by a loop
     index, with a buffer of at most FU_BUF_MAX bytes, and a creating
     function that no task may run (main, or a static function whose
     address is not taken and that no task body calls): the process
     keeps its buffers from one instance to the next.
   Chains fuse transitively: the sites joined by fused edges form a group,
   one process.  A group is refused when a path leaves the group and comes
   back (the fused instance would wait for its own output), when its
   fused streams make a cycle (their tokens would need a buffer kept
   across periods), or when another stream joins two of its sites without
   being fused, unless it is read backwards on a cycle netgrain.cc found
   not to starve with the writers first (a serializer ring: the stream
   stays one of the process, its elements coming from earlier periods).  In the creating function, the creations of a group must
   stand in one basic block with nothing between them that moves a
   stream (another creation, a tick, a taskwait, a call that may create
   tasks or tick): the fused creation takes the place of the last one,
   so the positions on every other stream stay those of the program.

   The rewrite.  The group's body (fu_build_body), a new function
   __erbium_fused_F_N (void *args, void *const *windows), runs per
   instance each site's body function once, writers before readers, with
   the windows of the fused streams pointing into a local buffer of the
   burst's size, the others to the fused instance's windows; the bodies
   are inlined into it by GCC's inliner and strip-mined and vectorised
   like any loop.  In the creating function, the activations of the
   sites become fields of one activation (struct of the sites'
   activations) and their accesses entries of one access array (the
   union of their accesses in creation order, minus the fused streams'),
   the stores that fill them staying where they were; the last creation
   becomes the group's er_task_create, the others are removed.  A new
   erbium_site stands for the group (the erbium-tasks dump; the static
   conversion, taskloop.cc, then sees one creation).

   At a rate other than 1:1 (a group with such an edge), the writer and
   the reader have different numbers of instances, created at different
   places (one of them in a loop of its own), so the group's process is
   fed in creation order instead (fu_fuse_ordered): every creation stays
   where it is and creates an instance of the group's site, with one
   activation for the group (a field per site and a tag naming the site
   the instance runs) and the site's own accesses but the fused streams';
   the body (fu_build_ordered) runs the site the tag names, the windows
   of the fused streams pointing into static buffers of the process at
   offsets that move on by the bursts, and starting again at 0 once the
   readers have taken what the writers wrote (the end of an iteration of
   the loop both are in).  The process runs its instances in creation
   order (one process per site: <erbium/task.h>), so a writer of 4 x B
   followed by four readers of B runs as the static schedule "the
   writer, then the four readers on consecutive slices of the buffer";
   the positions on every other stream are those of the creations,
   which stay in place.  Such a group may not have another stream
   between two of its sites.  With both schedules (fu_rewrite_dual),
   each creation keeps its own activation and accesses, copies them
   into the group's, and passes one or the other to er_task_create as
   er_task_fuse_choice says: the sites' own processes and streams, or
   the group's process and buffers.  */

#define INCLUDE_STRING
#define INCLUDE_VECTOR
#define INCLUDE_SET
#define INCLUDE_MAP
#define INCLUDE_ALGORITHM
#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
#include "gimple.h"
#include "cgraph.h"
#include "calls.h"
#include "fold-const.h"
#include "stor-layout.h"
#include "stringpool.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimple-ssa.h"
#include "tree-ssa-operands.h"
#include "ssa.h"
#include "tree-cfg.h"
#include "tree-iterator.h"
#include "varasm.h"
#include "cpplib.h"
#include "erbium-plugin.h"
#include "omp-stream.h"
#include "network.h"

/* auto: the most estimated operations per instance (network.cc,
   net_work) of a body that is cheap: an element-wise stage over a burst
   of 64 elements (the strip-miner's bursts are 64 cache lines) takes a
   few hundred.  */
#define FU_CHEAP 4096

/* "node N".  */
static std::string
fu_node (int n)
{
  return "node " + std::to_string (n);
}

/* The site of node N of NET.  */
static erbium_site *
fu_site (const erbium_network &net, int n)
{
  return erbium_sites[net.nodes[n].site];
}

/* ---------------------------------------------------------------------
   The decision per edge.  */

/* "rate W:R" of edge E.  */
static std::string
fu_rate (const erbium_net_edge &e)
{
  return "rate " + std::to_string ((long) e.rate_w) + ":"
	 + std::to_string ((long) e.rate_r);
}

/* Where end X of an edge stands in the body of the innermost loop it
   shares with end Y (or in their scope): at its creation, or at the
   loop of its own it is created in.  */
static location_t
fu_place (const erbium_net_end &x, const erbium_net_end &y)
{
  const std::vector<int> &cx = x.at->chain, &cy = y.at->chain;
  size_t p = 0;
  while (p < cx.size () && p < cy.size () && cx[p] == cy[p])
    p++;
  return p < cx.size () ? erbium_net.ctls[cx[p]].loc : x.at->loc;
}

/* Whether a task body may run CREATOR (a function of the unit), through
   the calls the unit shows: "" or why.  A process fused in creation
   order keeps its buffers from one instance to the next, which the
   instances of two control programs at once would mix.  */
static std::string
fu_creator_alone (tree creator)
{
  std::string name = IDENTIFIER_POINTER (DECL_NAME (creator));
  auto it = erbium_net.fn_scope.find (DECL_UID (creator));
  if (it == erbium_net.fn_scope.end ())
    return "the sites are created in the body of a task";
  if (TREE_PUBLIC (creator) && !MAIN_NAME_P (DECL_NAME (creator)))
    return name + ", which creates them, may be called by other units "
	   "(from several tasks at once)";
  if (erbium_net.address_taken.count (DECL_UID (creator)))
    return name + ", which creates them, has its address taken";
  /* The scopes a task body reaches through calls.  */
  std::set<int> reached;
  std::vector<int> work;
  for (const erbium_net_scope *sc : erbium_net.scopes)
    if (sc->site >= 0)
      work.push_back (sc->id);
  while (!work.empty ())
    {
      int v = work.back ();
      work.pop_back ();
      for (const erbium_net_call &c : erbium_net.scopes[v]->calls)
	{
	  auto f = c.callee ? erbium_net.fn_scope.find (DECL_UID (c.callee))
		   : erbium_net.fn_scope.end ();
	  if (f != erbium_net.fn_scope.end () && reached.insert (f->second)
						   .second)
	    work.push_back (f->second);
	}
    }
  if (reached.count (it->second))
    return name + ", which creates them, is called in the body of a task";
  return "";
}

/* The most bytes of a buffer of a process fused in creation order.  */
#define FU_BUF_MAX (1 << 20)

/* The reason the plugin cannot fuse eligible edge E, of a rate other
   than 1:1, created in CREATOR with elements of ESIZE bytes, or "": the
   process runs the instances in creation order (see the file
   comment).  */
static std::string
fu_limits_rate (const erbium_net_edge &e, tree creator,
		unsigned HOST_WIDE_INT esize)
{
  std::string rate = fu_rate (e) + ": ";
  const erbium_net_scope *sc = erbium_net.scopes[e.w.scope];
  if (e.w.scope != e.r.scope || sc->labels || sc->site >= 0
      || sc->fn != creator)
    return rate + "the two sites are not created in the body of one "
	   "function without labels, where their order of creation is "
	   "known";
  if (e.w.spread >= 0 || e.r.spread >= 0)
    return rate + "stream " + e.stream + " is chosen by a loop index: a "
	   "process fused in creation order keeps one buffer per stream";
  if (fu_place (e.r, e.w) < fu_place (e.w, e.r))
    return rate + "the reader is created before the writer in each run "
	   "of their loop: a process fused in creation order would read "
	   "before writing";
  unsigned HOST_WIDE_INT bytes = e.period_w * e.w.burst.n * esize;
  if (e.period_w <= 0 || bytes > FU_BUF_MAX)
    return rate + "its buffer would hold " + std::to_string ((long) bytes)
	   + " bytes (the writer's instances of one run of their loop), more "
	   "than " + std::to_string (FU_BUF_MAX);
  std::string why = fu_creator_alone (creator);
  return why.empty () ? why : rate + why;
}

/* The reason the plugin's fusion cannot fuse eligible edge E of NET, or
   "" (see the file comment).  */
static std::string
fu_limits (const erbium_network &net, const erbium_net_edge &e)
{
  if (e.w.kind != ERBIUM_ACC_OUTPUT || e.r.kind != ERBIUM_ACC_INPUT)
    return "the reader's access is a peek: the plugin fuses an output "
	   "read by an input only";
  if (e.r.horizon.n != e.r.burst.n)
    return "the reader's window (horizon " + std::to_string ((long)
							      e.r.horizon.n)
	   + ") keeps elements from one instance to the next";
  /* Another end may only be a drain the eligibility allowed, a tick of
     the control program after the loops: with a window equal to the
     burst nothing is left for it, in the program as when fused.  */
  erbium_net_subs both;
  for (const erbium_net_edge &o : net.edges)
    if (o.id != e.id && o.root == e.root
	&& erbium_net_subs_meet (o.subs, e.subs, &both)
	&& !(o.w.node == e.w.node && o.w.access == e.w.access
	     && net.nodes[o.r.node].site < 0))
      return "stream " + e.stream + " has another end (edge "
	     + std::to_string (o.id) + "): the plugin fuses a stream with "
	     "one writer and one reader only";
  erbium_site *sw = fu_site (net, e.w.node), *sr = fu_site (net, e.r.node);
  if (sw->creator != sr->creator || !sw->creator)
    return "the two sites are created in different functions";
  for (erbium_site *s : { sw, sr })
    for (const erbium_access &a : s->accesses)
      if (a.count || a.reuse >= 0)
	return "site " + erbium_net_where (s->loc) + " has an array of "
	       "windows or an inout_reuse";
  tree esize = sw->accesses[e.w.access].esize;
  if (!esize || !tree_fits_uhwi_p (esize))
    return "the element size of stream " + e.stream + " is known only at "
	   "run time (an implicitly typed stream)";
  if (e.rate_w != 1 || e.rate_r != 1)
    return fu_limits_rate (e, sw->creator, tree_to_uhwi (esize));
  return "";
}

/* Whether an eligible edge E of NET is to be fused by the options and
   the sites' grain pragmas; *WHY says why not.  */
static bool
fu_choice (const erbium_network &net, const erbium_net_edge &e,
	   std::string *why)
{
  if (erbium_opts.fuse == ERBIUM_FUSE_OFF)
    {
      *why = "fuse=off";
      return false;
    }
  bool always = erbium_opts.fuse == ERBIUM_FUSE_ALL;
  for (int n : { e.w.node, e.r.node })
    {
      erbium_site *s = fu_site (net, n);
      if (s->grain_fuse == ERBIUM_GRAIN_FUSE_NEVER)
	{
	  *why = "#pragma erbium grain fuse (never) on " + fu_node (n);
	  return false;
	}
      always |= s->grain_fuse == ERBIUM_GRAIN_FUSE_ALWAYS;
    }
  if (always)
    return true;
  /* A site the program asks to split keeps its own processes: fusing it
     would run it on one.  */
  for (int n : { e.w.node, e.r.node })
    if (fu_site (net, n)->grain_split > 1)
      {
	*why = "auto: #pragma erbium grain split ("
	       + std::to_string (fu_site (net, n)->grain_split) + ") on "
	       + fu_node (n);
	return false;
      }
  for (int n : { e.w.node, e.r.node })
    {
      double w = erbium_net_site_work (net.nodes[n].site);
      if (w < 0 || w > FU_CHEAP)
	{
	  *why = "auto: the body of " + fu_node (n) + " is not cheap ("
		 + (w < 0 ? std::string ("unknown")
		    : std::to_string ((long) (w + 0.5)))
		 + " estimated operations per instance, more than "
		 + std::to_string (FU_CHEAP) + ")";
	  return false;
	}
    }
  return true;
}

/* ---------------------------------------------------------------------
   Groups: the sites joined by the edges chosen.  */

/* A group of sites to become one process.  */
struct fu_group
{
  /* Its nodes, writers before readers; its fused edges.  */
  std::vector<int> nodes;
  std::vector<int> edges;
  /* The function creating them.  */
  tree creator;
  /* An edge of a rate other than 1:1, or DUAL: the process runs the
     sites' instances in creation order, each instance one site's.  */
  bool ordered;
  /* auto compiles both schedules, the fused one and the sites' own, and
     the runtime chooses at the first creation from PROCESSES, the
     unit's processes without this fusion, against the cores.  */
  bool dual;
  int processes;
};

/* Above this estimated work per instance of one of its sites, in
   operations (network.cc, net_work), auto compiles both schedules of a
   group it fuses: below, a site's instance costs less than handing its
   burst to another process (the bound below which auto does not split a
   site, netgrain.cc), so fusing pays whatever the cores.  */
#define FU_HANDOVER 1000

/* Whether auto compiles both schedules for group G of NET (its nodes
   and edges known): fuse=auto without fuse (always) on its sites, one
   site's work per instance above FU_HANDOVER, and every edge one that a
   process run in creation order can take (fu_limits_rate).  */
static bool
fu_dual (const erbium_network &net, const fu_group &g)
{
  if (erbium_opts.fuse != ERBIUM_FUSE_AUTO)
    return false;
  double most = 0;
  for (int id : g.edges)
    for (int n : { net.edges[id].w.node, net.edges[id].r.node })
      {
	if (fu_site (net, n)->grain_fuse == ERBIUM_GRAIN_FUSE_ALWAYS)
	  return false;
	most = MAX (most, erbium_net_site_work (net.nodes[n].site));
      }
  if (most <= FU_HANDOVER)
    return false;
  for (int id : g.edges)
    {
      const erbium_net_edge &e = net.edges[id];
      erbium_site *sw = fu_site (net, e.w.node);
      tree esize = sw->accesses[e.w.access].esize;
      if (!fu_limits_rate (e, g.creator, tree_to_uhwi (esize)).empty ())
	return false;
    }
  return true;
}

/* The representative of node N in the union-find P.  */
static int
fu_find (std::vector<int> &p, int n)
{
  while (p[n] != n)
    n = p[n] = p[p[n]];
  return n;
}

/* Whether a path of NET leaves the nodes IN and comes back: the reason,
   or "".  */
static std::string
fu_check_paths (const erbium_network &net, const std::vector<bool> &in)
{
  size_t n = net.nodes.size ();
  std::vector<bool> from (n, false), to (n, false);
  for (bool changed = true; changed;)
    {
      changed = false;
      for (const erbium_net_edge &e : net.edges)
	{
	  if ((in[e.w.node] || from[e.w.node]) && !in[e.r.node]
	      && !from[e.r.node])
	    changed = from[e.r.node] = true;
	  if ((in[e.r.node] || to[e.r.node]) && !in[e.w.node]
	      && !to[e.w.node])
	    changed = to[e.w.node] = true;
	}
    }
  for (size_t v = 0; v < n; v++)
    if (from[v] && to[v])
      return "a path leaves the sites through " + fu_node (v)
	     + " and comes back: the fused instance would wait for its "
	     "own output";
  return "";
}

/* The reason group G of NET (its nodes in IN) cannot be one process, or
   "": a path leaves it and comes back, its fused edges (FUSED) make a
   cycle, or another stream joins two of its sites other than backwards
   on a cycle netgrain.cc found not to starve with the writers first.
   Orders G->nodes writers first.  */
static std::string
fu_check_group (const erbium_network &net, fu_group *g,
		const std::vector<bool> &in, const std::vector<bool> &fused)
{
  std::string why = fu_check_paths (net, in);
  if (!why.empty ())
    return why;
  /* Writers first (Kahn's algorithm over the fused edges).  */
  std::map<int, int> indeg, pos;
  for (int v : g->nodes)
    indeg[v] = 0;
  for (int id : g->edges)
    indeg[net.edges[id].r.node]++;
  std::vector<int> order;
  for (size_t k = 0; k < g->nodes.size (); k++)
    for (int v : g->nodes)
      if (indeg[v] == 0)
	{
	  pos[v] = order.size ();
	  order.push_back (v);
	  indeg[v] = -1;
	  for (int id : g->edges)
	    if (net.edges[id].w.node == v)
	      indeg[net.edges[id].r.node]--;
	  break;
	}
  if (order.size () != g->nodes.size ())
    return "its fused streams make a cycle: their tokens would need a "
	   "buffer kept from one period to the next";
  g->nodes = order;
  /* A stream between two of the sites, not fused, stays a stream of the
     process: read backwards (its writer runs later in the period) its
     elements come from earlier periods, as a serializer token's; read
     forwards, the instance would wait for its own output.  */
  for (const erbium_net_edge &e : net.edges)
    if (in[e.w.node] && in[e.r.node] && e.w.node != e.r.node
	&& !fused[e.id])
      {
	if (g->ordered)
	  return "stream " + e.stream + " (edge " + std::to_string (e.id)
		 + ") joins two of the sites without being fused: a process "
		 "fused in creation order takes no other stream between its "
		 "sites";
	bool ok = pos[e.w.node] > pos[e.r.node];
	for (int id : g->edges)
	  ok &= net.edges[id].writer_first;
	if (!ok)
	  return "stream " + e.stream + " (edge " + std::to_string (e.id)
		 + ") joins two of the sites without being fused, its "
		 "reader after its writer in the period";
      }
  return "";
}

/* Mark every edge of G refused with WHY.  */
static void
fu_refuse (erbium_network *net, const fu_group &g, const std::string &why)
{
  for (int id : g.edges)
    {
      net->edges[id].fused_into = -1;
      net->edges[id].fused_why = why;
    }
}

/* The groups of NET from the edges chosen (CHOSEN), checked; the edges
   of a group refused get the reason.  */
static std::vector<fu_group>
fu_groups (erbium_network *net, const std::vector<bool> &chosen)
{
  size_t n = net->nodes.size ();
  std::vector<int> p (n);
  for (size_t v = 0; v < n; v++)
    p[v] = v;
  for (const erbium_net_edge &e : net->edges)
    if (chosen[e.id])
      p[fu_find (p, e.w.node)] = fu_find (p, e.r.node);
  std::map<int, fu_group> by_root;
  for (const erbium_net_edge &e : net->edges)
    if (chosen[e.id])
      by_root[fu_find (p, e.w.node)].edges.push_back (e.id);
  std::vector<fu_group> out;
  for (auto &kv : by_root)
    {
      fu_group g = kv.second;
      g.ordered = false;
      for (int id : g.edges)
	g.ordered |= net->edges[id].rate_w != 1 || net->edges[id].rate_r != 1;
      std::vector<bool> in (n, false);
      for (size_t v = 0; v < n; v++)
	if (fu_find (p, v) == kv.first)
	  {
	    g.nodes.push_back (v);
	    in[v] = true;
	  }
      g.creator = fu_site (*net, g.nodes[0])->creator;
      g.processes = 0;
      for (const erbium_net_node &v : net->nodes)
	g.processes += v.site >= 0;
      g.dual = fu_dual (*net, g);
      g.ordered |= g.dual;
      std::string why = fu_check_group (*net, &g, in, chosen);
      if (!why.empty () && g.dual)
	{
	  /* Without the fused schedule of creation order, the static
	     one.  */
	  g.dual = false;
	  g.ordered = false;
	  for (int id : g.edges)
	    g.ordered |= net->edges[id].rate_w != 1
			 || net->edges[id].rate_r != 1;
	  why = fu_check_group (*net, &g, in, chosen);
	}
      if (why.empty ())
	out.push_back (g);
      else
	fu_refuse (net, g, why);
    }
  return out;
}

/* ---------------------------------------------------------------------
   The group's body function.  */

/* One site of a group as the rewrite sees it: the site, its node, its
   creation call, activation and access array (locals of the creating
   function, or NULL_TREE), the field of the group's activation holding
   its activation, and per access the index in the group's access array
   (in a group fused in creation order: in its own, ACC_TO, of NACC)
   or, for a fused stream, -1 - the index of the buffer, with the bytes
   the access moves on it (positive when it writes).  */
struct fu_member
{
  erbium_site *site;
  int node;
  gcall *call;
  tree act, acc;
  tree field;
  std::vector<int> map;
  std::vector<HOST_WIDE_INT> moves;
  tree acc_to;
  int nacc;
};

/* An expression of the pointer type of a window, of WINDOWS[J].  */
static tree
fu_window (tree windows, int j)
{
  tree elt = TREE_TYPE (TREE_TYPE (windows));
  tree p = fold_build_pointer_plus_hwi (windows,
					j * int_size_in_bytes (elt));
  return build_fold_indirect_ref (p);
}

/* A local variable NAME of TYPE of FN, chained onto *VARS.  */
static tree
fu_local (tree fn, tree type, const char *name, tree *vars)
{
  tree v = build_decl (DECL_SOURCE_LOCATION (fn), VAR_DECL,
		       get_identifier (name), type);
  DECL_CONTEXT (v) = fn;
  DECL_ARTIFICIAL (v) = 1;
  TREE_USED (v) = 1;
  TREE_ADDRESSABLE (v) = 1;
  DECL_CHAIN (v) = *vars;
  *vars = v;
  return v;
}

/* The new function NAME: void (void *args, void *const *windows).  */
static tree
fu_new_function (const char *name, location_t loc, tree *args,
		 tree *windows)
{
  tree fntype = erbium_body_fntype ();
  tree types = TYPE_ARG_TYPES (fntype);
  *args = erbium_parm ("args", TREE_VALUE (types), loc);
  *windows = erbium_parm ("windows", TREE_VALUE (TREE_CHAIN (types)), loc);
  DECL_CHAIN (*args) = *windows;
  return erbium_new_function (name, fntype, *args, loc);
}

/* Give FN, a new function, the local variables VARS and the statements
   LIST, and hand it to cgraph.  */
static void
fu_finish_function (tree fn, tree vars, tree list)
{
  tree block = DECL_INITIAL (fn);
  BLOCK_VARS (block) = vars;
  DECL_SAVED_TREE (fn) = build3 (BIND_EXPR, void_type_node, vars, list,
				 block);
  push_struct_function (fn);
  pop_cfun ();
  cgraph_node::add_new_function (fn, false);
}

/* Build the body function NAME of a group of the sites MS (writers
   first), its activation type ACT_TYPE (NULL_TREE: none) and the buffers
   of BUFBYTES[b] bytes; hand it to cgraph.  */
static tree
fu_build_body (const char *name, location_t loc,
	       const std::vector<fu_member> &ms, tree act_type,
	       const std::vector<HOST_WIDE_INT> &bufbytes)
{
  tree args, windows;
  tree fn = fu_new_function (name, loc, &args, &windows);
  tree vars = NULL_TREE, list = alloc_stmt_list ();
  std::vector<tree> bufs;
  for (size_t b = 0; b < bufbytes.size (); b++)
    {
      tree type = build_array_type_nelts (unsigned_char_type_node,
					  bufbytes[b]);
      std::string bn = "__buf" + std::to_string (b);
      tree v = fu_local (fn, type, bn.c_str (), &vars);
      SET_DECL_ALIGN (v, 64 * BITS_PER_UNIT);
      DECL_USER_ALIGN (v) = 1;
      bufs.push_back (v);
    }
  tree fact = NULL_TREE;
  if (act_type)
    fact = fold_convert (build_pointer_type (act_type), args);
  for (const fu_member &m : ms)
    {
      tree wtype = build_array_type_nelts (ptr_type_node,
					   MAX (m.map.size (), 1));
      std::string wn = "__w" + std::to_string (m.site->id);
      tree w = fu_local (fn, wtype, wn.c_str (), &vars);
      for (size_t k = 0; k < m.map.size (); k++)
	{
	  tree val = (m.map[k] >= 0 ? fu_window (windows, m.map[k])
		      : build_fold_addr_expr (bufs[-1 - m.map[k]]));
	  tree ref = build4 (ARRAY_REF, ptr_type_node, w, size_int (k),
			     NULL_TREE, NULL_TREE);
	  append_to_statement_list (build2 (MODIFY_EXPR, ptr_type_node, ref,
					    fold_convert (ptr_type_node,
							  val)), &list);
	}
      tree a = null_pointer_node;
      if (m.field)
	a = build_fold_addr_expr (build3 (COMPONENT_REF, TREE_TYPE (m.field),
					  build_fold_indirect_ref (fact),
					  m.field, NULL_TREE));
      tree fntype = TREE_TYPE (m.site->body_fn);
      tree ptype = TREE_VALUE (TREE_CHAIN (TYPE_ARG_TYPES (fntype)));
      tree call = build_call_expr (m.site->body_fn, 2,
				   fold_convert (ptr_type_node, a),
				   fold_convert (ptype,
						 build_fold_addr_expr (w)));
      append_to_statement_list (call, &list);
    }
  fu_finish_function (fn, vars, list);
  return fn;
}

/* A static variable NAME of TYPE of the unit, zero at start, aligned to
   a cache line (64 bytes).  */
static tree
fu_static (tree type, const std::string &name, location_t loc)
{
  tree v = erbium_static_var (name.c_str (), type, loc);
  SET_DECL_ALIGN (v, 64 * BITS_PER_UNIT);
  DECL_USER_ALIGN (v) = 1;
  /* Analysed now, as fu_site_var's.  */
  varpool_node::add (v);
  varpool_node::get (v)->analyze ();
  return v;
}

/* The buffers of a group fused in creation order: per fused stream, its
   data and the byte offsets of its next write and next read (statics:
   they last from one instance to the next of the one process).  */
struct fu_buffers
{
  std::vector<tree> data, wpos, rpos;
};

/* The statements of a member M's instance in a body fused in creation
   order (FN, its activation *FACT, WINDOWS), its window array a local
   chained onto *VARS: M's windows (its own, and the buffers' at their
   offsets, which move on by its bursts; a buffer read up to what was
   written starts again at 0, the period over), then M's body.  */
static tree
fu_ordered_member (tree fn, const fu_member &m, tree fact, tree windows,
		   const fu_buffers &bu, tree *vars)
{
  tree list = alloc_stmt_list (), resets = alloc_stmt_list ();
  tree wtype = build_array_type_nelts (ptr_type_node,
				       MAX (m.map.size (), 1));
  std::string wn = "__w" + std::to_string (m.site->id);
  tree w = fu_local (fn, wtype, wn.c_str (), vars);
  for (size_t k = 0; k < m.map.size (); k++)
    {
      tree ref = build4 (ARRAY_REF, ptr_type_node, w, size_int (k),
			 NULL_TREE, NULL_TREE);
      if (m.map[k] >= 0)
	{
	  append_to_statement_list (build2 (MODIFY_EXPR, ptr_type_node, ref,
					    fold_convert (ptr_type_node,
							  fu_window (windows,
								     m.map[k]))),
				    &list);
	  continue;
	}
      int b = -1 - m.map[k];
      tree pos = m.moves[k] > 0 ? bu.wpos[b] : bu.rpos[b];
      tree at = fold_build_pointer_plus (build_fold_addr_expr (bu.data[b]),
					 pos);
      append_to_statement_list (build2 (MODIFY_EXPR, ptr_type_node, ref,
					fold_convert (ptr_type_node, at)),
				&list);
      HOST_WIDE_INT n = m.moves[k] > 0 ? m.moves[k] : -m.moves[k];
      append_to_statement_list (build2 (MODIFY_EXPR, sizetype, pos,
					size_binop (PLUS_EXPR, pos,
						    size_int (n))), &list);
      if (m.moves[k] > 0)
	continue;
      tree zero = alloc_stmt_list ();
      append_to_statement_list (build2 (MODIFY_EXPR, sizetype, bu.rpos[b],
					size_zero_node), &zero);
      append_to_statement_list (build2 (MODIFY_EXPR, sizetype, bu.wpos[b],
					size_zero_node), &zero);
      tree eq = build2 (EQ_EXPR, boolean_type_node, bu.rpos[b], bu.wpos[b]);
      append_to_statement_list (build3 (COND_EXPR, void_type_node, eq, zero,
					build_empty_stmt (m.site->loc)),
				&resets);
    }
  append_to_statement_list (resets, &list);
  tree a = null_pointer_node;
  if (m.field)
    a = build_fold_addr_expr (build3 (COMPONENT_REF, TREE_TYPE (m.field),
				      fact, m.field, NULL_TREE));
  tree fntype = TREE_TYPE (m.site->body_fn);
  tree ptype = TREE_VALUE (TREE_CHAIN (TYPE_ARG_TYPES (fntype)));
  append_to_statement_list (build_call_expr (m.site->body_fn, 2,
					     fold_convert (ptr_type_node, a),
					     fold_convert (ptype,
							   build_fold_addr_expr
							   (w))), &list);
  return list;
}

/* Build the body function NAME of a group of the sites MS fused in
   creation order: each instance runs the member its activation's field
   TAG names (ACT_TYPE: the group's activation), the fused streams being
   buffers of BUFBYTES[b] bytes named after SUFFIX; hand it to
   cgraph.  */
static tree
fu_build_ordered (const std::string &name, location_t loc,
		  const std::vector<fu_member> &ms, tree act_type, tree tag,
		  const std::vector<HOST_WIDE_INT> &bufbytes,
		  const std::string &suffix)
{
  tree args, windows;
  tree fn = fu_new_function (name.c_str (), loc, &args, &windows);
  tree vars = NULL_TREE, list = alloc_stmt_list ();
  fu_buffers bu;
  for (size_t b = 0; b < bufbytes.size (); b++)
    {
      std::string n = "__erbium_fused_buf_" + suffix + "_"
		      + std::to_string (b);
      bu.data.push_back (fu_static (build_array_type_nelts
				    (unsigned_char_type_node, bufbytes[b]),
				    n, loc));
      bu.wpos.push_back (fu_static (sizetype, n + "_w", loc));
      bu.rpos.push_back (fu_static (sizetype, n + "_r", loc));
    }
  tree fact = build_fold_indirect_ref (fold_convert (build_pointer_type
						     (act_type), args));
  for (size_t k = 0; k < ms.size (); k++)
    {
      tree then = fu_ordered_member (fn, ms[k], fact, windows, bu, &vars);
      tree which = build3 (COMPONENT_REF, integer_type_node, fact, tag,
			   NULL_TREE);
      tree cond = build2 (EQ_EXPR, boolean_type_node, which,
			  build_int_cst (integer_type_node, k));
      append_to_statement_list (build3 (COND_EXPR, void_type_node, cond,
					then, build_empty_stmt (loc)), &list);
    }
  fu_finish_function (fn, vars, list);
  return fn;
}

/* ---------------------------------------------------------------------
   The creating function.  */

/* The site variable whose address is the first argument of creation
   call G, when G is an er_task_create; else NULL_TREE.  */
static tree
fu_created_site (gimple *g)
{
  if (!is_gimple_call (g))
    return NULL_TREE;
  tree fn = gimple_call_fndecl (g);
  if (!fn || !DECL_NAME (fn)
      || strcmp (IDENTIFIER_POINTER (DECL_NAME (fn)), "er_task_create")
      || gimple_call_num_args (g) != 6)
    return NULL_TREE;
  tree a = gimple_call_arg (g, 0);
  return TREE_CODE (a) == ADDR_EXPR ? TREE_OPERAND (a, 0) : NULL_TREE;
}

/* The local variable whose address ARG is (NULL_TREE for a null
   pointer); ERROR_MARK_NODE for anything else.  */
static tree
fu_local_of (tree arg)
{
  if (integer_zerop (arg))
    return NULL_TREE;
  if (TREE_CODE (arg) == ADDR_EXPR && VAR_P (TREE_OPERAND (arg, 0))
      && auto_var_in_fn_p (TREE_OPERAND (arg, 0), current_function_decl))
    return TREE_OPERAND (arg, 0);
  return error_mark_node;
}

/* Find the creation calls of the members MS in the current function:
   one each, in one basic block (unless ORDERED: then anywhere),
   without if clause, with local activations and access arrays; order
   MS by creation (not ORDERED).  "" or why not.  */
static std::string
fu_find_calls (std::vector<fu_member> *ms, bool ordered)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (tree sv = fu_created_site (gsi_stmt (gsi)))
	for (fu_member &m : *ms)
	  if (m.site->site_var == sv)
	    {
	      if (m.call)
		return "site " + erbium_net_where (m.site->loc) + " is "
		       "created at several places";
	      m.call = as_a<gcall *> (gsi_stmt (gsi));
	    }
  for (fu_member &m : *ms)
    {
      std::string at = "site " + erbium_net_where (m.site->loc);
      if (!m.call)
	return at + " is not created in its function any more";
      if (!ordered && gimple_bb (m.call) != gimple_bb ((*ms)[0].call))
	return "the creations of " + at + " and of site "
	       + erbium_net_where ((*ms)[0].site->loc) + " are not in one "
	       "basic block (a condition or loop between them)";
      if (!integer_zerop (gimple_call_arg (m.call, 5)))
	return at + " has an if clause";
      m.act = fu_local_of (gimple_call_arg (m.call, 1));
      m.acc = fu_local_of (gimple_call_arg (m.call, 3));
      tree nacc = gimple_call_arg (m.call, 4);
      if (m.act == error_mark_node || m.acc == error_mark_node
	  || !tree_fits_uhwi_p (gimple_call_arg (m.call, 2))
	  || !tree_fits_shwi_p (nacc)
	  || tree_to_shwi (nacc) != (HOST_WIDE_INT) m.site->accesses.length ())
	return at + ": its activation or accesses are not those of its "
	       "pragma";
    }
  if (ordered)
    return "";
  /* Creation order.  */
  std::map<gimple *, int> pos;
  int k = 0;
  for (gimple_stmt_iterator gsi = gsi_start_bb (gimple_bb ((*ms)[0].call));
       !gsi_end_p (gsi); gsi_next (&gsi))
    pos[gsi_stmt (gsi)] = k++;
  std::stable_sort (ms->begin (), ms->end (),
		    [&] (const fu_member &a, const fu_member &b)
		    { return pos[a.call] < pos[b.call]; });
  return "";
}

/* walk_tree callback: a use of the access array DATA other than one of
   its elements at a constant index.  */
static tree
fu_bare_acc_r (tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp;
  if (TYPE_P (t)
      || (TREE_CODE (t) == ARRAY_REF && TREE_OPERAND (t, 0) == (tree) data
	  && tree_fits_uhwi_p (TREE_OPERAND (t, 1))))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  return t == (tree) data ? t : NULL_TREE;
}

/* Whether the access arrays of MS are used only element by element, but
   in their creation calls and the clobbers at the end of their scopes:
   "" or why not (the rewrite moves each element).  */
static std::string
fu_check_acc_uses (const std::vector<fu_member> &ms)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *g = gsi_stmt (gsi);
	if (is_gimple_debug (g) || gimple_clobber_p (g))
	  continue;
	for (const fu_member &m : ms)
	  {
	    if (!m.acc || g == m.call)
	      continue;
	    for (unsigned i = 0; i < gimple_num_ops (g); i++)
	      if (gimple_op (g, i)
		  && walk_tree (gimple_op_ptr (g, i), fu_bare_acc_r, m.acc,
				NULL))
		return "the accesses of site " + erbium_net_where (m.site->loc)
		       + " are used as a whole at "
		       + erbium_net_where (gimple_location (g));
	  }
      }
  return "";
}

/* Whether the statements between the first and the last creation of MS
   (ordered) move no stream: "" or why not.  */
static std::string
fu_check_between (const std::vector<fu_member> &ms)
{
  std::set<gimple *> calls;
  for (const fu_member &m : ms)
    calls.insert (m.call);
  gimple_stmt_iterator gsi = gsi_for_stmt (ms.front ().call);
  for (gsi_next (&gsi); gsi_stmt (gsi) != ms.back ().call; gsi_next (&gsi))
    {
      gimple *g = gsi_stmt (gsi);
      if (!is_gimple_call (g) || calls.count (g)
	  || gimple_call_internal_p (g))
	continue;
      std::string at = " at " + erbium_net_where (gimple_location (g));
      tree fn = gimple_call_fndecl (g);
      if (!fn)
	return "a call through a pointer" + at + " stands between the "
	       "creations";
      const char *n = DECL_NAME (fn) ? IDENTIFIER_POINTER (DECL_NAME (fn))
		      : "";
      if (startswith (n, "er_task_create") || !strcmp (n, "er_stream_tick")
	  || !strcmp (n, "er_taskwait"))
	return std::string ("a call of ") + n + at + " stands between the "
	       "creations: moving them would cross it";
      std::string why;
      if (!fndecl_built_in_p (fn) && erbium_call_may_move_streams (fn, &why))
	return why + at + ", stands between the creations";
    }
  return "";
}

/* The rewrite state of one group in the current function.  */
struct fu_rewrite_state
{
  std::vector<fu_member> *ms;
  tree fact, facc, drop;
};

/* walk_tree callback: the references to a member's activation or access
   array become references into the group's (DATA, a fu_rewrite_state).  */
static tree
fu_subst_r (tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *) data;
  fu_rewrite_state *st = (fu_rewrite_state *) wi->info;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  for (fu_member &m : *st->ms)
    {
      if (m.act && t == m.act)
	{
	  *tp = build3 (COMPONENT_REF, TREE_TYPE (m.field), st->fact, m.field,
			NULL_TREE);
	  *walk_subtrees = 0;
	  wi->changed = true;
	}
      else if (m.acc && TREE_CODE (t) == ARRAY_REF
	       && TREE_OPERAND (t, 0) == m.acc
	       && tree_fits_uhwi_p (TREE_OPERAND (t, 1))
	       && tree_to_uhwi (TREE_OPERAND (t, 1)) < m.map.size ())
	{
	  int j = m.map[tree_to_uhwi (TREE_OPERAND (t, 1))];
	  *tp = (j < 0 ? st->drop
		 : build4 (ARRAY_REF, TREE_TYPE (t),
			   m.acc_to ? m.acc_to : st->facc, size_int (j),
			   NULL_TREE, NULL_TREE));
	  *walk_subtrees = 0;
	  wi->changed = true;
	}
    }
  return NULL_TREE;
}

/* Walk the statements of the current function for the rewriting ST:
   remove the clobbers of the variables of CLOBBERED and the statements
   of DROP, and make the substitutions of fu_subst_r in every other
   statement but those of KEEP.  */
static void
fu_rewrite_stmts (fu_rewrite_state *st, const std::set<tree> &clobbered,
		  const std::set<gimple *> &drop,
		  const std::set<gimple *> &keep)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);)
      {
	gimple *g = gsi_stmt (gsi);
	if ((gimple_clobber_p (g)
	     && clobbered.count (gimple_assign_lhs (g)))
	    || drop.count (g))
	  {
	    gsi_remove (&gsi, true);
	    continue;
	  }
	if (!keep.count (g))
	  {
	    walk_stmt_info wi;
	    memset (&wi, 0, sizeof wi);
	    wi.info = st;
	    walk_gimple_op (g, fu_subst_r, &wi);
	    if (wi.changed)
	      update_stmt_if_modified (g);
	  }
	gsi_next (&gsi);
      }
}

/* Rewrite the current function for the group of members MS (creation
   order): the activation ACT_TYPE (or none), NACC accesses, the site
   variable SVAR.  */
static void
fu_rewrite (std::vector<fu_member> &ms, tree act_type, int nacc, tree svar)
{
  fu_rewrite_state st = { &ms, NULL_TREE, NULL_TREE, NULL_TREE };
  tree acc_elt = NULL_TREE;
  for (const fu_member &m : ms)
    if (m.acc)
      acc_elt = TREE_TYPE (TREE_TYPE (m.acc));
  tree fn = current_function_decl, vars = NULL_TREE;
  if (act_type)
    st.fact = fu_local (fn, act_type, "__fact", &vars);
  st.facc = fu_local (fn, build_array_type_nelts (acc_elt, MAX (nacc, 1)),
		      "__facc", &vars);
  st.drop = fu_local (fn, acc_elt, "__fdrop", &vars);
  for (tree v = vars; v; v = DECL_CHAIN (v))
    add_local_decl (cfun, v);
  std::set<tree> mine;
  for (const fu_member &m : ms)
    {
      if (m.act)
	mine.insert (m.act);
      if (m.acc)
	mine.insert (m.acc);
    }
  /* The last member's creation stays, for the whole group; the others
     go.  */
  std::set<gimple *> drop, keep = { ms.back ().call };
  for (size_t k = 0; k + 1 < ms.size (); k++)
    drop.insert (ms[k].call);
  fu_rewrite_stmts (&st, mine, drop, keep);
  gcall *c = ms.back ().call;
  gimple_call_set_arg (c, 0, build_fold_addr_expr (svar));
  gimple_call_set_arg (c, 1, st.fact ? build_fold_addr_expr (st.fact)
		       : null_pointer_node);
  gimple_call_set_arg (c, 2, act_type ? TYPE_SIZE_UNIT (act_type)
		       : size_zero_node);
  gimple_call_set_arg (c, 3, build_fold_addr_expr (st.facc));
  gimple_call_set_arg (c, 4, build_int_cst (integer_type_node, nacc));
  update_stmt (c);
  cgraph_edge::rebuild_edges ();
}

/* The creation call of member M, number K of its group fused in
   creation order: it creates an instance of the group's site SVAR,
   whose activation FACT (of ACT_TYPE) says in its field TAG that it
   runs M, with M's own accesses but the fused streams'.  */
static void
fu_ordered_call (const fu_member &m, int k, tree fact, tree tag,
		 tree act_type, tree svar)
{
  gcall *c = m.call;
  tree ref = build3 (COMPONENT_REF, integer_type_node, fact, tag, NULL_TREE);
  gassign *a = gimple_build_assign (ref, build_int_cst (integer_type_node,
							  k));
  gimple_set_location (a, gimple_location (c));
  /* The store goes into the chain of virtual operands right before the
     call, which reads it.  */
  if (gimple_in_ssa_p (cfun) && gimple_vuse (c))
    {
      gimple_set_vuse (a, gimple_vuse (c));
      gimple_set_vdef (a, make_ssa_name (gimple_vop (cfun), a));
      gimple_set_vuse (c, gimple_vdef (a));
    }
  gimple_stmt_iterator gsi = gsi_for_stmt (c);
  gsi_insert_before (&gsi, a, GSI_SAME_STMT);
  gimple_call_set_arg (c, 0, build_fold_addr_expr (svar));
  gimple_call_set_arg (c, 1, build_fold_addr_expr (fact));
  gimple_call_set_arg (c, 2, TYPE_SIZE_UNIT (act_type));
  gimple_call_set_arg (c, 3, m.acc ? build_fold_addr_expr (m.acc)
		       : null_pointer_node);
  gimple_call_set_arg (c, 4, build_int_cst (integer_type_node, m.nacc));
  update_stmt (c);
}

/* Rewrite the current function for the group of members MS fused in
   creation order (activation ACT_TYPE with the field TAG, the site
   variable SVAR): each member's activation becomes its field of one
   activation, its accesses but the fused streams' are numbered again
   in its own access array, and its creation creates an instance of the
   group's site.  */
static void
fu_rewrite_ordered (std::vector<fu_member> &ms, tree act_type, tree tag,
		    tree svar)
{
  fu_rewrite_state st = { &ms, NULL_TREE, NULL_TREE, NULL_TREE };
  tree fn = current_function_decl, vars = NULL_TREE;
  st.fact = fu_local (fn, act_type, "__fact", &vars);
  std::set<tree> acts;
  std::set<gimple *> calls;
  for (fu_member &m : ms)
    {
      m.acc_to = m.acc;
      if (m.acc && !st.drop)
	st.drop = fu_local (fn, TREE_TYPE (TREE_TYPE (m.acc)), "__fdrop",
			    &vars);
      if (m.act)
	acts.insert (m.act);
      calls.insert (m.call);
    }
  for (tree v = vars; v; v = DECL_CHAIN (v))
    add_local_decl (cfun, v);
  fu_rewrite_stmts (&st, acts, std::set<gimple *> (), calls);
  for (size_t k = 0; k < ms.size (); k++)
    fu_ordered_call (ms[k], k, st.fact, tag, act_type, svar);
  cgraph_edge::rebuild_edges ();
}

/* ---------------------------------------------------------------------
   Both schedules: the creations choose at run time.  */

/* The declaration of er_task_fuse_choice (<erbium/task.h>).  */
static tree
fu_choice_decl (void)
{
  static tree decl;
  if (!decl)
    decl = erbium_keep (build_fn_decl ("er_task_fuse_choice",
				       build_function_type_list
				       (integer_type_node, ptr_type_node,
					integer_type_node, ptr_type_node,
					NULL_TREE)));
  return decl;
}

/* Insert G before *GSI; in SSA form, a statement touching memory (MEM)
   goes into the chain of virtual operands, whose last definition is
   *VUSE.  */
static void
fu_insert (gimple_stmt_iterator *gsi, gimple *g, bool mem, tree *vuse)
{
  if (mem && *vuse)
    {
      gimple_set_vuse (g, *vuse);
      *vuse = make_ssa_name (gimple_vop (cfun), g);
      gimple_set_vdef (g, *vuse);
    }
  gsi_insert_before (gsi, g, GSI_SAME_STMT);
}

/* A new temporary of TYPE of the current function: an SSA name once it
   is in SSA form (fusion runs before, at PLUGIN_ALL_IPA_PASSES_START).  */
static tree
fu_tmp (tree type)
{
  return gimple_in_ssa_p (cfun) ? make_ssa_name (type)
	 : create_tmp_reg (type);
}

/* The value COND ? A : B of B's type, computed before *GSI.  */
static tree
fu_select (gimple_stmt_iterator *gsi, tree cond, tree a, tree b)
{
  /* A constant of B's type; pointers of any type convert uselessly
     (GIMPLE).  */
  if (TREE_CODE (a) == INTEGER_CST)
    a = fold_convert (TREE_TYPE (b), a);
  if (operand_equal_p (a, b, 0))
    return b;
  tree v = fu_tmp (TREE_TYPE (b));
  gsi_insert_before (gsi, gimple_build_assign (v, COND_EXPR, cond, a, b),
		     GSI_SAME_STMT);
  return v;
}

/* The creation call of member M, number K of a group with both
   schedules, takes the fused one's arguments (the group's activation
   FACT with its field TAG and M's copied in, M's accesses but the fused
   streams' copied into a local array of its own, the group's site SVAR)
   when er_task_fuse_choice, asked with PROCESSES and the static CHOICE,
   says so, else its own.  */
static void
fu_dual_call (const fu_member &m, int k, tree fact, tree tag,
	      tree act_type, tree svar, tree choice, int processes)
{
  gcall *c = m.call;
  gimple_stmt_iterator gsi = gsi_for_stmt (c);
  tree vuse = gimple_vuse (c), accf = NULL_TREE;
  tree ref = build3 (COMPONENT_REF, integer_type_node, fact, tag, NULL_TREE);
  fu_insert (&gsi, gimple_build_assign (ref, build_int_cst
					(integer_type_node, k)), true, &vuse);
  if (m.act && m.field)
    fu_insert (&gsi, gimple_build_assign (build3 (COMPONENT_REF,
						  TREE_TYPE (m.field), fact,
						  m.field, NULL_TREE), m.act),
	       true, &vuse);
  if (m.acc)
    {
      tree elt = TREE_TYPE (TREE_TYPE (m.acc));
      tree vars = NULL_TREE;
      accf = fu_local (current_function_decl,
		       build_array_type_nelts (elt, MAX (m.nacc, 1)),
		       "__faccf", &vars);
      add_local_decl (cfun, accf);
      for (size_t i = 0; i < m.map.size (); i++)
	if (m.map[i] >= 0)
	  fu_insert (&gsi, gimple_build_assign
		     (build4 (ARRAY_REF, elt, accf, size_int (m.map[i]),
			      NULL_TREE, NULL_TREE),
		      build4 (ARRAY_REF, elt, m.acc, size_int (i), NULL_TREE,
			      NULL_TREE)), true, &vuse);
    }
  tree t = fu_tmp (integer_type_node);
  gcall *ask = gimple_build_call (fu_choice_decl (), 3,
				  build_fold_addr_expr (svar),
				  build_int_cst (integer_type_node, processes),
				  build_fold_addr_expr (choice));
  gimple_call_set_lhs (ask, t);
  gimple_set_location (ask, gimple_location (c));
  fu_insert (&gsi, ask, true, &vuse);
  tree yes = fu_tmp (boolean_type_node);
  gsi_insert_before (&gsi, gimple_build_assign (yes, NE_EXPR, t,
						integer_zero_node),
		     GSI_SAME_STMT);
  tree fused[5] = { build_fold_addr_expr (svar), build_fold_addr_expr (fact),
		    TYPE_SIZE_UNIT (act_type),
		    accf ? build_fold_addr_expr (accf) : null_pointer_node,
		    build_int_cst (integer_type_node, m.nacc) };
  for (unsigned a = 0; a < 5; a++)
    gimple_call_set_arg (c, a, fu_select (&gsi, yes, fused[a],
					  gimple_call_arg (c, a)));
  if (vuse)
    gimple_set_vuse (c, vuse);
  update_stmt (c);
}

/* Rewrite the current function for the group of members MS with both
   schedules (activation ACT_TYPE with the field TAG, the group's site
   SVAR, the static CHOICE, the unit's PROCESSES): each creation stays
   its own site's, its activation and accesses as they are, and becomes
   the group's when the runtime chooses the fused schedule.  */
static void
fu_rewrite_dual (std::vector<fu_member> &ms, tree act_type, tree tag,
		 tree svar, tree choice, int processes)
{
  tree vars = NULL_TREE;
  tree fact = fu_local (current_function_decl, act_type, "__fact", &vars);
  add_local_decl (cfun, fact);
  for (size_t k = 0; k < ms.size (); k++)
    fu_dual_call (ms[k], k, fact, tag, act_type, svar, choice, processes);
  cgraph_edge::rebuild_edges ();
}

/* ---------------------------------------------------------------------
   One group.  */

/* The activation type of the members MS: a structure with a field per
   member that has an activation (m.field), or NULL_TREE; with TAG, a
   first int field, *TAG, saying which member an instance runs (its
   index in MS).  */
static tree
fu_act_type (std::vector<fu_member> &ms, tree *tag)
{
  tree type = make_node (RECORD_TYPE), fields = NULL_TREE, *last = &fields;
  if (tag)
    {
      *tag = build_decl (ms[0].site->loc, FIELD_DECL, get_identifier ("tag"),
			 integer_type_node);
      DECL_CONTEXT (*tag) = type;
      *last = *tag;
      last = &DECL_CHAIN (*tag);
    }
  for (fu_member &m : ms)
    {
      m.field = NULL_TREE;
      if (!m.act)
	continue;
      std::string fname = "s" + std::to_string (m.site->id);
      m.field = build_decl (m.site->loc, FIELD_DECL,
			    get_identifier (fname.c_str ()),
			    TREE_TYPE (m.act));
      DECL_CONTEXT (m.field) = type;
      *last = m.field;
      last = &DECL_CHAIN (m.field);
    }
  if (!fields)
    return NULL_TREE;
  TYPE_FIELDS (type) = fields;
  TYPE_NAME (type) = get_identifier ("__erbium_fused_act");
  layout_type (type);
  return type;
}

/* Number the accesses of the members MS (creation order) in the group's
   access array (G ordered: in each member's own, M.NACC), the fused
   streams' (G's edges of NET) as buffers with their sizes in *BUFBYTES:
   a burst, or what the writer's instances of one period write (G
   ordered).  Returns the number of accesses.  */
static int
fu_map_accesses (const erbium_network &net, const fu_group &g,
		 std::vector<fu_member> &ms,
		 std::vector<HOST_WIDE_INT> *bufbytes)
{
  int n = 0;
  for (fu_member &m : ms)
    {
      m.map.assign (m.site->accesses.length (), 0);
      m.moves.assign (m.site->accesses.length (), 0);
    }
  for (int id : g.edges)
    {
      const erbium_net_edge &e = net.edges[id];
      int b = bufbytes->size ();
      erbium_site *sw = fu_site (net, e.w.node);
      HOST_WIDE_INT esize = tree_to_uhwi (sw->accesses[e.w.access].esize);
      bufbytes->push_back (e.w.burst.n * esize
			   * (g.ordered ? e.period_w : 1));
      for (fu_member &m : ms)
	{
	  if (m.node == e.w.node)
	    {
	      m.map[e.w.access] = -1 - b;
	      m.moves[e.w.access] = e.w.burst.n * esize;
	    }
	  if (m.node == e.r.node)
	    {
	      m.map[e.r.access] = -1 - b;
	      m.moves[e.r.access] = -e.r.burst.n * esize;
	    }
	}
    }
  for (fu_member &m : ms)
    {
      m.nacc = 0;
      for (int &j : m.map)
	if (j >= 0)
	  j = g.ordered ? m.nacc++ : n++;
    }
  return n;
}

/* The dump text of the group's site: the sites fused, writers first.  */
static std::string
fu_site_dump (const erbium_network &net, const fu_group &g, tree body,
	      tree creator)
{
  std::string s = "process " + erbium_net_where (fu_site (net, g.nodes[0])
						 ->loc)
		  + " in " + IDENTIFIER_POINTER (DECL_NAME (creator))
		  + ": fused sites, body "
		  + IDENTIFIER_POINTER (DECL_NAME (body)) + ", nodes";
  for (size_t k = 0; k < g.nodes.size (); k++)
    s += (k ? ", " : " ") + std::to_string (g.nodes[k]) + " ("
	 + erbium_net_where (fu_site (net, g.nodes[k])->loc) + ")";
  if (g.ordered)
    return s + ", each instance one of them, run in creation order, the "
	   "fused streams buffers of the process\n";
  return s + " run in this order per instance\n";
}

/* A new erbium_site for the group G of NET (body BODY, site variable
   SVAR, created in CREATOR).  */
static erbium_site *
fu_new_site (const erbium_network &net, const fu_group &g, tree body,
	     tree svar, tree creator)
{
  erbium_site *s = new erbium_site ();
  erbium_site *first = fu_site (net, g.nodes[0]);
  s->id = erbium_sites.length ();
  s->loc = first->loc;
  s->pragma = "fused";
  s->kind = ERBIUM_SITE_STREAM;
  s->fn = creator;
  s->accesses = vNULL;
  s->firstprivate = s->privates = s->shared = vNULL;
  s->grain_fuse = ERBIUM_GRAIN_FUSE_AUTO;
  s->grain_split = -1;
  s->grain_loc = UNKNOWN_LOCATION;
  s->site_var = erbium_keep (svar);
  s->body_fn = erbium_keep (body);
  s->creator = creator;
  s->dump = fu_site_dump (net, g, body, creator);
  s->why = "the fused sites have one process per site";
  erbium_sites.safe_push (s);
  return s;
}

/* The static er_site of the group's process: like its first site's,
   with BODY and "FILE:LINE (fused)".  */
static tree
fu_site_var (tree first_var, tree body, const std::string &name,
	     const std::string &where)
{
  tree type = TREE_TYPE (first_var);
  tree v = erbium_static_var (name.c_str (), type,
			      DECL_SOURCE_LOCATION (first_var));
  DECL_INITIAL (v) = erbium_site_init (type, body, where.c_str ());
  /* Analysed now: the symbol table is past the point where it analyses
     the variables it is given (GCC's cgraphunit.cc, state IPA).  */
  varpool_node::add (v);
  varpool_node::get (v)->analyze ();
  return v;
}

/* Record group G of NET fused into BODY and SVAR, its first site FIRST:
   its site, its edges and its members' dump.  Returns "".  */
static std::string
fu_record (erbium_network *net, const fu_group &g, tree body, tree svar,
	   const erbium_site *first)
{
  erbium_site *s = fu_new_site (*net, g, body, svar, g.creator);
  for (int id : g.edges)
    {
      erbium_net_edge &e = net->edges[id];
      e.fused_into = s->id;
      if (g.ordered)
	e.fused_how = ", " + fu_rate (e) + " (writer:reader instances, run "
		      "in creation order, the stream a buffer of "
		      + std::to_string ((long) (e.period_w * e.w.burst.n))
		      + " elements)";
      if (g.dual)
	e.fused_how += ", auto: both schedules compiled, chosen at "
		       "start-up: fused when the unit's "
		       + std::to_string (g.processes) + " processes exceed "
		       "the cores found (ERBIUM_FUSE=0 or 1 forces it)";
    }
  for (int v : g.nodes)
    fu_site (*net, v)->dump += "  fused: into "
			       + std::string (IDENTIFIER_POINTER
					      (DECL_NAME (body)))
			       + " (process " + erbium_net_where (first->loc)
			       + ")\n";
  return "";
}

/* "FILE:LINE (fused)" of the site at LOC.  */
static std::string
fu_where (location_t loc)
{
  expanded_location xl = expand_location (loc);
  return std::string (xl.file) + ":" + std::to_string (xl.line) + " (fused)";
}

/* Fuse group G of NET, number K of the unit, in creation order, its
   members MS found in the creating function (the current function,
   popped here): "" or why not.  */
static std::string
fu_fuse_ordered (erbium_network *net, const fu_group &g, int k,
		 std::vector<fu_member> &ms)
{
  function *f = cfun;
  tree tag;
  tree act_type = fu_act_type (ms, &tag);
  std::vector<HOST_WIDE_INT> bufbytes;
  fu_map_accesses (*net, g, ms, &bufbytes);
  std::string suffix = std::string (IDENTIFIER_POINTER
				    (DECL_NAME (g.creator)))
		       + "_" + std::to_string (k);
  erbium_site *first = fu_site (*net, g.nodes[0]);
  pop_cfun ();
  tree body = fu_build_ordered ("__erbium_fused_" + suffix, first->loc, ms,
				act_type, tag, bufbytes, suffix);
  tree svar = fu_site_var (first->site_var, body,
			   "__erbium_site_fused_" + suffix,
			   fu_where (first->loc));
  tree choice = (g.dual ? fu_static (integer_type_node,
				     "__erbium_fuse_choice_" + suffix,
				     first->loc) : NULL_TREE);
  push_cfun (f);
  if (g.dual)
    fu_rewrite_dual (ms, act_type, tag, svar, choice, g.processes);
  else
    fu_rewrite_ordered (ms, act_type, tag, svar);
  pop_cfun ();
  return fu_record (net, g, body, svar, first);
}

/* Fuse group G of NET, number K of the unit: "" or why not.  */
static std::string
fu_fuse_group (erbium_network *net, const fu_group &g, int k)
{
  std::vector<fu_member> ms;
  for (int v : g.nodes)
    ms.push_back ({ fu_site (*net, v), v, NULL, NULL_TREE, NULL_TREE,
		    NULL_TREE, {}, {}, NULL_TREE, 0 });
  function *f = DECL_STRUCT_FUNCTION (g.creator);
  if (!f || !f->cfg)
    return "the creating function is not compiled here";
  push_cfun (f);
  std::string why = fu_find_calls (&ms, g.ordered);
  if (why.empty () && !g.ordered)
    why = fu_check_between (ms);
  if (why.empty ())
    why = fu_check_acc_uses (ms);
  if (!why.empty ())
    {
      pop_cfun ();
      return why;
    }
  if (g.ordered)
    return fu_fuse_ordered (net, g, k, ms);
  tree act_type = fu_act_type (ms, NULL);
  std::vector<HOST_WIDE_INT> bufbytes;
  int nacc = fu_map_accesses (*net, g, ms, &bufbytes);
  /* The body runs the sites writers first (g.nodes' order).  */
  std::vector<fu_member> order;
  for (int v : g.nodes)
    for (const fu_member &m : ms)
      if (m.node == v)
	order.push_back (m);
  const char *cname = IDENTIFIER_POINTER (DECL_NAME (g.creator));
  std::string bname = "__erbium_fused_" + std::string (cname) + "_"
		      + std::to_string (k);
  erbium_site *first = order[0].site;
  pop_cfun ();
  tree body = fu_build_body (bname.c_str (), first->loc, order, act_type,
			     bufbytes);
  tree svar = fu_site_var (first->site_var, body,
			   "__erbium_site_fused_" + std::string (cname) + "_"
			   + std::to_string (k), fu_where (first->loc));
  push_cfun (f);
  fu_rewrite (ms, act_type, nacc, svar);
  pop_cfun ();
  return fu_record (net, g, body, svar, first);
}

/* ---------------------------------------------------------------------
   The unit.  */

/* The decision of edge E of NET before groups: whether it is chosen,
   its reason otherwise in E->fused_why.  */
static bool
fu_decide_edge (const erbium_network &net, erbium_net_edge *e)
{
  if (!e->fuse_ok)
    e->fused_why = "not eligible: " + e->fuse_why;
  else if (!optimize)
    e->fused_why = "fusion runs when optimizing (-O1 and above)";
  else if (seen_error ())
    e->fused_why = "the unit has errors";
  else
    {
      std::string why;
      if (!fu_choice (net, *e, &why))
	e->fused_why = why;
      else
	e->fused_why = fu_limits (net, *e);
    }
  return e->fused_why.empty ();
}

/* See omp-stream.h.  */
void
erbium_fuse_unit (void)
{
  if (erbium_sites.is_empty ())
    return;
  erbium_network *net = erbium_network_for_fusion ();
  std::vector<bool> chosen (net->edges.size (), false);
  for (erbium_net_edge &e : net->edges)
    chosen[e.id] = fu_decide_edge (*net, &e);
  std::vector<fu_group> groups = fu_groups (net, chosen);
  int k = 0;
  for (const fu_group &g : groups)
    {
      std::string why = fu_fuse_group (net, g, k);
      if (!why.empty ())
	fu_refuse (net, g, why);
      else
	k++;
    }
  if (k)
    symtab->process_new_functions ();
}
