/* SPDX-License-Identifier: GPL-3.0-or-later */
/* netdot.cc -- the network of OpenMP stream task sites and Erbium-C
   processes (network.h) as text and as a picture: the "network"
   section of the erbium-tasks dump
   (one line per node, edge, cycle, fusion and splitting decision, each
   starting with "network "), and the Graphviz file of
   -fplugin-arg-erbium-graph=FILE (the DOT language, graphviz.org),
   written at the end of the unit (PLUGIN_FINISH_UNIT: also for a unit
   without task site, and with -flto, where cc1 stops before the
   erbium-tasks pass; outside any function, so that an error about the
   file names no function).

   The picture: a box per site (its place and name, body function and
   instance count; dashed when it has one process per instance), an ellipse per control
   program; an edge per stream, labelled with its name, element type,
   the writer's burst, the reader's burst and horizon; edges and nodes on
   a cycle in red; an edge whose sites may be fused drawn bold; a node
   fused with others (fuse.cc) filled light blue; a split node a 3-D box
   (netgrain.cc's splitting decision); an Erbium-C process a hexagon,
   its records dashed edges (a view whose record is not known, an edge
   to or from a "?").  The dump gives, after
   the eligibility of each edge, whether it was fused ("network fuse
   edge").  */

#define INCLUDE_STRING
#define INCLUDE_VECTOR
#define INCLUDE_SET
#define INCLUDE_MAP
#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "diagnostic-core.h"
#include "tree-pretty-print.h"
#include "cpplib.h"
#include "erbium-plugin.h"
#include "omp-stream.h"
#include "network.h"

/* The process kind of node N: "one process per site" ..., or "" for a
   control program.  */
static std::string
nd_process (const erbium_net_node &n)
{
  if (n.site < 0)
    return "";
  const erbium_site *s = erbium_sites[n.site];
  return s->per_instance ? "one process per instance (" + s->why + ")"
	 : "one process per site";
}

/* The body function of node N, or "".  */
static std::string
nd_body (const erbium_net_node &n)
{
  if (n.site < 0 || !erbium_sites[n.site]->body_fn)
    return "";
  return IDENTIFIER_POINTER (DECL_NAME (erbium_sites[n.site]->body_fn));
}

/* The short text of a value, for the picture: the number, the
   expression, or "?" when unknown (the dump says why).  */
static std::string
nd_short (const erbium_net_value &v)
{
  if (v.kind == ERBIUM_NET_CONST)
    return std::to_string ((long) v.n);
  if (v.kind == ERBIUM_NET_UNKNOWN)
    return "?";
  char *s = print_generic_expr_to_str (v.expr);
  std::string r (s);
  free (s);
  return r;
}

/* What kind of reader end E is, after its burst: " (peek)", " (tick)"
   or "".  */
static const char *
nd_reader (const erbium_network &net, const erbium_net_end &e)
{
  if (net.nodes[e.node].site < 0)
    return " (tick)";
  return e.kind == ERBIUM_ACC_PEEK ? " (peek)" : "";
}

/* The text of the view of PV and its record, for the dump: "write view
   w (int) on record re in main, burst 4, horizon 16".  */
static std::string
nd_pview (const erbium_net_pview &pv)
{
  const erbium_net_view &v = *pv.view;
  return std::string (v.write ? "write" : "read") + " view " + v.name + " ("
	 + v.type + ") on record "
	 + (pv.record ? pv.name : "unknown (" + pv.why + ")") + ", burst "
	 + erbium_net_value_text (v.burst) + ", horizon "
	 + erbium_net_value_text (v.horizon);
}

/* The Erbium-C lines of the dump: each process's views and the records
   they reach, the records from writers to readers, and why the
   processes are neither fused nor split.  */
static void
nd_dump_processes (FILE *f, const erbium_network &net)
{
  if (!erbium_network_has_processes ())
    return;
  fprintf (f, "network Erbium-C processes: %u run sites, %u record "
	   "edges\n",
	   (unsigned) erbium_net.runs.size (), (unsigned) net.redges.size ());
  for (const erbium_net_pview &pv : net.pviews)
    fprintf (f, "network view node %d: %s\n", pv.node, nd_pview (pv).c_str ());
  for (const erbium_net_redge &e : net.redges)
    {
      const erbium_net_pview &w = net.pviews[e.w], &r = net.pviews[e.r];
      fprintf (f, "network record edge %d: node %d -> node %d, record %s "
	       "(%s), writer view %s burst %s, horizon %s, reader view %s "
	       "burst %s, horizon %s\n", e.id, w.node, r.node, w.name.c_str (),
	       w.view->type.c_str (), w.view->name.c_str (),
	       erbium_net_value_text (w.view->burst).c_str (),
	       erbium_net_value_text (w.view->horizon).c_str (),
	       r.view->name.c_str (),
	       erbium_net_value_text (r.view->burst).c_str (),
	       erbium_net_value_text (r.view->horizon).c_str ());
    }
  for (const erbium_net_node &n : net.nodes)
    if (n.run >= 0)
      fprintf (f, "network grain node %d: neither fused nor split: an "
	       "Erbium-C process runs as written (fusion and splitting "
	       "apply to OpenMP stream task sites)\n", n.id);
}

/* See network.h.  */
void
erbium_network_dump (FILE *f)
{
  const erbium_network &net = erbium_network_get ();
  fprintf (f, "network of the unit: %u nodes, %u edges, %u cycles\n",
	   (unsigned) net.nodes.size (), (unsigned) net.edges.size (),
	   (unsigned) net.cycles.size ());
  for (const erbium_net_node &n : net.nodes)
    {
      fprintf (f, "network node %d: %s", n.id, n.label.c_str ());
      if (n.site >= 0)
	fprintf (f, ", body %s, %s", nd_body (n).c_str (),
		 nd_process (n).c_str ());
      fprintf (f, ", instances %s\n", erbium_net_value_text (n.count).c_str ());
    }
  for (const erbium_net_edge &e : net.edges)
    fprintf (f, "network edge %d: node %d -> node %d, stream %s (%s), writer "
	     "burst %s, reader burst %s%s, horizon %s\n", e.id, e.w.node,
	     e.r.node, e.stream.c_str (), e.type.c_str (),
	     erbium_net_value_text (e.w.burst).c_str (),
	     erbium_net_value_text (e.r.burst).c_str (), nd_reader (net, e.r),
	     erbium_net_value_text (e.r.horizon).c_str ());
  nd_dump_processes (f, net);
  for (unsigned c = 0; c < net.cycles.size (); c++)
    {
      fprintf (f, "network cycle %u: node%s", c,
	       net.cycles[c].size () > 1 ? "s" : "");
      for (unsigned k = 0; k < net.cycles[c].size (); k++)
	fprintf (f, "%s %d", k ? "," : "", net.cycles[c][k]);
      fprintf (f, "%s\n", net.cycles[c].size () == 1 ? " (self-loop)" : "");
    }
  for (const erbium_net_edge &e : net.edges)
    fprintf (f, "network fusion edge %d (node %d -> node %d): %s: %s\n", e.id,
	     e.w.node, e.r.node, e.fuse_ok ? "eligible" : "not eligible",
	     e.fuse_why.c_str ());
  for (const erbium_net_edge &e : net.edges)
    if (e.fused_into >= 0)
      fprintf (f, "network fuse edge %d (node %d -> node %d): fused: "
	       "process %s, body %s%s\n", e.id, e.w.node, e.r.node,
	       IDENTIFIER_POINTER (DECL_NAME (erbium_sites[e.fused_into]
					      ->site_var)),
	       IDENTIFIER_POINTER (DECL_NAME (erbium_sites[e.fused_into]
					      ->body_fn)),
	       e.fused_how.c_str ());
    else
      fprintf (f, "network fuse edge %d (node %d -> node %d): not fused: "
	       "%s\n", e.id, e.w.node, e.r.node,
	       e.fused_why.empty () ? "the fusion did not run"
	       : e.fused_why.c_str ());
  for (const erbium_net_node &n : net.nodes)
    if (n.site >= 0)
      fprintf (f, "network splitting node %d: %s: %s\n", n.id,
	       n.split_ok ? "eligible" : "not eligible", n.split_why.c_str ());
  for (const erbium_net_node &n : net.nodes)
    if (n.site >= 0)
      fprintf (f, "network split node %d: %s\n", n.id, n.split_text.c_str ());
}

/* ---------------------------------------------------------------------
   Graphviz.  */

/* S as the inside of a DOT string (quotes and backslashes escaped,
   newlines as \n).  */
static std::string
nd_quote (const std::string &s)
{
  std::string r;
  for (char c : s)
    if (c == '\n')
      r += "\\n";
    else
      {
	if (c == '"' || c == '\\')
	  r += '\\';
	r += c;
      }
  return r;
}

/* Whether node N of NET was fused with others (fuse.cc).  */
static bool
nd_fused (const erbium_network &net, const erbium_net_node &n)
{
  for (const erbium_net_edge &e : net.edges)
    if (e.fused_into >= 0 && (e.w.node == n.id || e.r.node == n.id))
      return true;
  return false;
}

/* The DOT statement of node N of NET: a fused node is filled, a split
   one (not fused) a 3-D box, an Erbium-C process a hexagon.  */
static std::string
nd_dot_node (const erbium_network &net, const erbium_net_node &n)
{
  if (n.run >= 0)
    return "  n" + std::to_string (n.id) + " [label=\""
	   + nd_quote (n.label + "\ninstances " + nd_short (n.count))
	   + "\", shape=hexagon" + (n.cycle >= 0 ? ", color=red" : "")
	   + "];\n";
  bool fused = nd_fused (net, n), split = !fused && n.split_flags;
  std::string label = n.label, attrs;
  if (n.site >= 0)
    {
      label += "\n" + nd_body (n) + "\ninstances " + nd_short (n.count);
      if (erbium_sites[n.site]->per_instance)
	attrs += ", style=\"rounded,dashed\"";
      if (split)
	{
	  int w = ERBIUM_SITE_WORKERS (0xfff) & n.split_flags;
	  label += w ? "\nsplit into " + std::to_string (w >> 8) + " workers"
		     : std::string ("\nsplit: auto");
	}
      else if (n.split_ok)
	label += "\nsplittable";
    }
  else
    attrs += ", shape=ellipse";
  if (fused)
    attrs += ", style=\"rounded,filled\", fillcolor=lightblue";
  else if (split)
    attrs += ", shape=box3d";
  if (n.cycle >= 0)
    attrs += ", color=red";
  return "  n" + std::to_string (n.id) + " [label=\"" + nd_quote (label)
	 + "\"" + attrs + "];\n";
}

/* The DOT statement of edge E of NET.  */
static std::string
nd_dot_edge (const erbium_network &net, const erbium_net_edge &e)
{
  std::string label = e.stream + " (" + e.type + ")\nburst "
		      + nd_short (e.w.burst) + " -> " + nd_short (e.r.burst)
		      + nd_reader (net, e.r) + ", horizon "
		      + nd_short (e.r.horizon);
  std::string attrs;
  int cw = net.nodes[e.w.node].cycle, cr = net.nodes[e.r.node].cycle;
  if (cw >= 0 && cw == cr)
    attrs += ", color=red, fontcolor=red";
  if (e.fuse_ok)
    attrs += ", style=bold";
  return "  n" + std::to_string (e.w.node) + " -> n"
	 + std::to_string (e.r.node) + " [label=\"" + nd_quote (label) + "\""
	 + attrs + "];\n";
}

/* The DOT statements of the records of Erbium-C processes in NET:
   dashed edges from writer to reader, labelled with the record, the
   bursts and the horizons; a view whose record is not known goes to
   (from) a "?" of its own.  */
static std::string
nd_dot_records (const erbium_network &net)
{
  std::string d;
  for (const erbium_net_redge &e : net.redges)
    {
      const erbium_net_pview &w = net.pviews[e.w], &r = net.pviews[e.r];
      int cw = net.nodes[w.node].cycle, cr = net.nodes[r.node].cycle;
      std::string label = "record " + w.name + " (" + w.view->type
			  + ")\nburst " + nd_short (w.view->burst) + " -> "
			  + nd_short (r.view->burst) + ", horizon "
			  + nd_short (w.view->horizon) + " -> "
			  + nd_short (r.view->horizon);
      d += "  n" + std::to_string (w.node) + " -> n" + std::to_string (r.node)
	   + " [label=\"" + nd_quote (label) + "\", style=dashed"
	   + (cw >= 0 && cw == cr ? ", color=red, fontcolor=red" : "")
	   + "];\n";
    }
  for (unsigned k = 0; k < net.pviews.size (); k++)
    {
      const erbium_net_pview &pv = net.pviews[k];
      if (pv.record)
	continue;
      std::string u = "u" + std::to_string (k);
      std::string n = "n" + std::to_string (pv.node);
      std::string label = "record ? (" + pv.view->type + ")\nburst "
			  + nd_short (pv.view->burst) + ", horizon "
			  + nd_short (pv.view->horizon);
      d += "  " + u + " [label=\"?\", shape=plaintext];\n  "
	   + (pv.view->write ? n + " -> " + u : u + " -> " + n)
	   + " [label=\"" + nd_quote (label) + "\", style=dashed];\n";
    }
  return d;
}

/* The network of the unit in the DOT language.  */
static std::string
nd_dot (void)
{
  const erbium_network &net = erbium_network_get ();
  std::string d = "digraph network {\n"
		  "  graph [rankdir=LR, fontname=\"Helvetica\", "
		  "label=\"network of " + nd_quote (main_input_filename
						    ? lbasename
						      (main_input_filename)
						    : "?")
		  + "\\n(bold: may be fused; red: cycle; dashed: one "
		    "process per instance; 3-D: split into workers; "
		  + std::string (erbium_network_has_processes ()
				 ? "hexagon: Erbium-C process; dashed edge: record; "
				 : "")
		  + "?: unknown)\"];\n"
		  "  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n"
		  "  edge [fontname=\"Helvetica\", fontsize=10];\n";
  for (const erbium_net_node &n : net.nodes)
    d += nd_dot_node (net, n);
  for (const erbium_net_edge &e : net.edges)
    d += nd_dot_edge (net, e);
  return d + nd_dot_records (net) + "}\n";
}

/* Write the Graphviz file -fplugin-arg-erbium-graph names (nothing
   without the argument or after errors); a file that cannot be written
   is a GCC error naming it.  */
static void
nd_write_graph (void)
{
  if (!erbium_opts.graph || seen_error ())
    return;
  std::string d = nd_dot ();
  FILE *f = fopen (erbium_opts.graph, "w");
  if (!f)
    {
      error_at (UNKNOWN_LOCATION,
		"erbium plugin: cannot write the network graph %qs: %m",
		erbium_opts.graph);
      return;
    }
  bool ok = fwrite (d.data (), 1, d.size (), f) == d.size ();
  ok &= fclose (f) == 0;
  if (!ok)
    error_at (UNKNOWN_LOCATION,
	      "erbium plugin: cannot write the network graph %qs: %m",
	      erbium_opts.graph);
}

/* PLUGIN_FINISH_UNIT: the graph.  */
static void
nd_finish_unit (void *, void *)
{
  nd_write_graph ();
}

/* See network.h.  */
void
erbium_init_network (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_FINISH_UNIT, nd_finish_unit, NULL);
}
