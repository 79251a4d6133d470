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
     processes, which fusion saves.  The cores are known only at run time; compiling
     both schedules and choosing at start-up is not done (the control
     program would hold both sequences of creations);
   * what the fusion supports: rate 1:1 (one instance of each per period),
     an output window and an input window whose horizon is its burst, on
     a stream with no other writer or reader but a tick after the loops
     (a drain, which finds nothing left), sites without arrays of
     windows or inout_reuse, the element size known at compile time, both
     sites created in the same function.
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
   conversion, taskloop.cc, then sees one creation).  */

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

/* The reason the plugin's fusion cannot fuse eligible edge E of NET, or
   "" (see the file comment).  */
static std::string
fu_limits (const erbium_network &net, const erbium_net_edge &e)
{
  if (e.rate_w != 1 || e.rate_r != 1)
    return "rate " + std::to_string ((long) e.rate_w) + ":"
	   + std::to_string ((long) e.rate_r) + ": the plugin fuses edges of "
	   "rate 1:1 only";
  if (e.w.kind != ERBIUM_ACC_OUTPUT || e.r.kind != ERBIUM_ACC_INPUT)
    return "the reader's access is a peek: the plugin fuses an output "
	   "read by an input only";
  if (e.r.horizon.n != e.r.burst.n || e.w.burst.n != e.r.burst.n)
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
};

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
      std::vector<bool> in (n, false);
      for (size_t v = 0; v < n; v++)
	if (fu_find (p, v) == kv.first)
	  {
	    g.nodes.push_back (v);
	    in[v] = true;
	  }
      g.creator = fu_site (*net, g.nodes[0])->creator;
      std::string why = fu_check_group (*net, &g, in, chosen);
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
   or, for a fused stream, -1 - the index of the buffer.  */
struct fu_member
{
  erbium_site *site;
  int node;
  gcall *call;
  tree act, acc;
  tree field;
  std::vector<int> map;
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
  tree block = DECL_INITIAL (fn);
  BLOCK_VARS (block) = vars;
  DECL_SAVED_TREE (fn) = build3 (BIND_EXPR, void_type_node, vars, list,
				 block);
  push_struct_function (fn);
  pop_cfun ();
  cgraph_node::add_new_function (fn, false);
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
   one each, in one basic block, without if clause, with local
   activations and access arrays; order MS by creation.  "" or why
   not.  */
static std::string
fu_find_calls (std::vector<fu_member> *ms)
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
      if (gimple_bb (m.call) != gimple_bb ((*ms)[0].call))
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
		 : build4 (ARRAY_REF, TREE_TYPE (t), st->facc, size_int (j),
			   NULL_TREE, NULL_TREE));
	  *walk_subtrees = 0;
	  wi->changed = true;
	}
    }
  return NULL_TREE;
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
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);)
      {
	gimple *g = gsi_stmt (gsi);
	if (gimple_clobber_p (g) && mine.count (gimple_assign_lhs (g)))
	  {
	    gsi_remove (&gsi, true);
	    continue;
	  }
	bool drop = false;
	for (size_t k = 0; k + 1 < ms.size (); k++)
	  drop |= g == ms[k].call;
	if (drop)
	  {
	    gsi_remove (&gsi, true);
	    continue;
	  }
	if (g != ms.back ().call)
	  {
	    walk_stmt_info wi;
	    memset (&wi, 0, sizeof wi);
	    wi.info = &st;
	    walk_gimple_op (g, fu_subst_r, &wi);
	    if (wi.changed)
	      update_stmt_if_modified (g);
	  }
	gsi_next (&gsi);
      }
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

/* ---------------------------------------------------------------------
   One group.  */

/* The activation type of the members MS: a structure with a field per
   member that has an activation (m.field), or NULL_TREE.  */
static tree
fu_act_type (std::vector<fu_member> &ms)
{
  tree type = make_node (RECORD_TYPE), fields = NULL_TREE, *last = &fields;
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
   access array, the fused streams' (G's edges of NET) as buffers with
   their sizes in *BUFBYTES.  Returns the number of accesses.  */
static int
fu_map_accesses (const erbium_network &net, const fu_group &g,
		 std::vector<fu_member> &ms,
		 std::vector<HOST_WIDE_INT> *bufbytes)
{
  int n = 0;
  for (fu_member &m : ms)
    m.map.assign (m.site->accesses.length (), 0);
  for (int id : g.edges)
    {
      const erbium_net_edge &e = net.edges[id];
      int b = bufbytes->size ();
      erbium_site *sw = fu_site (net, e.w.node);
      bufbytes->push_back (e.w.burst.n
			   * tree_to_uhwi (sw->accesses[e.w.access].esize));
      for (fu_member &m : ms)
	{
	  if (m.node == e.w.node)
	    m.map[e.w.access] = -1 - b;
	  if (m.node == e.r.node)
	    m.map[e.r.access] = -1 - b;
	}
    }
  for (fu_member &m : ms)
    for (int &j : m.map)
      if (j >= 0)
	j = n++;
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
  tree v = build_decl (DECL_SOURCE_LOCATION (first_var), VAR_DECL,
		       get_identifier (name.c_str ()), type);
  TREE_STATIC (v) = 1;
  TREE_PUBLIC (v) = 0;
  DECL_ARTIFICIAL (v) = 1;
  DECL_IGNORED_P (v) = 1;
  TREE_USED (v) = 1;
  TREE_ADDRESSABLE (v) = 1;
  vec<constructor_elt, va_gc> *elts = NULL;
  CONSTRUCTOR_APPEND_ELT (elts, erbium_task_field (type, "body"),
			  build_fold_addr_expr (body));
  CONSTRUCTOR_APPEND_ELT (elts, erbium_task_field (type, "where"),
			  erbium_string_literal (where.c_str ()));
  CONSTRUCTOR_APPEND_ELT (elts, erbium_task_field (type, "flags"),
			  build_int_cst (integer_type_node, 0));
  DECL_INITIAL (v) = build_constructor (type, elts);
  /* Analysed now: the symbol table is past the point where it analyses
     the variables it is given (GCC's cgraphunit.cc, state IPA).  */
  varpool_node::add (v);
  varpool_node::get (v)->analyze ();
  return v;
}

/* Fuse group G of NET, number K of the unit: "" or why not.  */
static std::string
fu_fuse_group (erbium_network *net, const fu_group &g, int k)
{
  std::vector<fu_member> ms;
  for (int v : g.nodes)
    ms.push_back ({ fu_site (*net, v), v, NULL, NULL_TREE, NULL_TREE,
		    NULL_TREE, {} });
  function *f = DECL_STRUCT_FUNCTION (g.creator);
  if (!f || !f->cfg)
    return "the creating function is not compiled here";
  push_cfun (f);
  std::string why = fu_find_calls (&ms);
  if (why.empty ())
    why = fu_check_between (ms);
  if (why.empty ())
    why = fu_check_acc_uses (ms);
  if (!why.empty ())
    {
      pop_cfun ();
      return why;
    }
  tree act_type = fu_act_type (ms);
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
  expanded_location xl = expand_location (first->loc);
  std::string where = std::string (xl.file) + ":" + std::to_string (xl.line)
		      + " (fused)";
  tree svar = fu_site_var (first->site_var, body,
			   "__erbium_site_fused_" + std::string (cname) + "_"
			   + std::to_string (k), where);
  push_cfun (f);
  fu_rewrite (ms, act_type, nacc, svar);
  pop_cfun ();
  erbium_site *s = fu_new_site (*net, g, body, svar, g.creator);
  for (int id : g.edges)
    net->edges[id].fused_into = s->id;
  for (int v : g.nodes)
    {
      fu_site (*net, v)->dump += "  fused: into " + std::string (bname)
				 + " (process " + erbium_net_where (first->loc)
				 + ")\n";
    }
  return "";
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
