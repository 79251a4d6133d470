/* SPDX-License-Identifier: GPL-3.0-or-later */
/* network.h -- the network of OpenMP stream task sites (and Erbium-C
   processes) of a unit: what the files that build it share.

     network.cc   the facts, recorded from each function's GENERIC at
                  PLUGIN_PRE_GENERICIZE before its sites are outlined:
                  per scope (a function, or a site's body), the
                  creations, calls and ticks with the loops and
                  conditions around them, the streams they name, and
                  what the scope writes (erbium_network_note_function);
     netbuild.cc  at the end of the unit, the network: nodes (sites and
                  the control programs that tick), edges (streams from
                  writers to readers, with bursts and horizons),
                  instance counts, cycles (erbium_network_get);
     netproc.cc   the Erbium-C processes: a node per `run' site, the
                  views each process opens, records as edges of their
                  own (erbium_net_proc_nodes);
     netgrain.cc  per edge, whether its two sites may be fused, and per
                  node, whether its site may be split, with the reason;
     fuse.cc      the fusion of the edges eligible and chosen (the
                  decisions are kept in the network);
     netdot.cc    the "network" section of the erbium-tasks dump and the
                  Graphviz file of -fplugin-arg-erbium-graph=FILE.

   A node is a task site (one process per site or per instance), the
   control program of a function that reads a stream itself (a tick), or
   the process an Erbium-C `run' starts.
   Instance counts are per run of the program: a constant, an
   expression of the program (a loop's trip count, evaluated when the
   loop is entered), or unknown with the reason; counts are those of the
   creations reached (an early return before a creation is not a
   condition on it).  Bursts and horizons are in elements of the stream.
   Nothing unknown is guessed.  The semantics: OMP-STREAM-SPEC.md
   sections 3 and 6 and docs/omp-stream.md ("The network"); the fusion
   and splitting conditions: the Erbium paper's grain adaptation
   (Miranda et al., CASES 2010, section 3: processes fused with a static
   schedule "avoiding starvation and overflow", stateless ones
   replicated).  */

#ifndef ERBIUM_NETWORK_H
#define ERBIUM_NETWORK_H

/* Needs <string>, <vector>, <set> and <map>: the files that include it
   define INCLUDE_STRING, INCLUDE_VECTOR, INCLUDE_SET and INCLUDE_MAP
   before system.h.  */

struct erbium_site;

/* A number of instances or elements.  */
enum erbium_net_kind
{
  ERBIUM_NET_CONST,		/* N */
  ERBIUM_NET_EXPR,		/* EXPR, an expression of the program */
  ERBIUM_NET_UNKNOWN		/* WHY says why */
};

struct erbium_net_value
{
  enum erbium_net_kind kind;
  HOST_WIDE_INT n;
  /* ERBIUM_NET_EXPR: the expression (kept for the garbage collector),
     of type int64_t.  */
  tree expr;
  /* For an expression, where it comes from ("for at f.c:10"); for an
     unknown value, why it is not known (the expression's text first
     when there is one: "cx, a variable").  */
  std::string why;
};

/* The constant N, coming from WHY ("" or where it comes from).  */
inline erbium_net_value
erbium_net_const (HOST_WIDE_INT n, const std::string &why = "")
{
  return { ERBIUM_NET_CONST, n, NULL_TREE, why };
}

/* A value not known, and WHY.  */
inline erbium_net_value
erbium_net_unknown (const std::string &why)
{
  return { ERBIUM_NET_UNKNOWN, 0, NULL_TREE, why };
}

/* Which streams of an array of streams a name may be: a single stream
   (ARRAY false), the subscripts [LO, HI) (KNOWN), or any.  */
struct erbium_net_subs
{
  bool array;
  bool known;
  HOST_WIDE_INT lo, hi;
};

/* A stream named in a scope: the declaration it is named by (a stream,
   a stream parameter or stream_ref, or an implicitly typed pointer;
   kept), which of its streams, and the source text ("eq[bd]").  */
struct erbium_net_sref
{
  tree decl;
  erbium_net_subs subs;
  std::string text;
  /* A whole array of streams (passed to a `T s[]' parameter).  */
  bool whole;
  /* The loop (erbium_net.ctls index) whose index is the subscript, or
     -1: the instances of that loop name different streams.  */
  int spread;
};

/* A loop or a condition around creations, calls and ticks (its index in
   erbium_net_facts.ctls identifies it).  */
struct erbium_net_ctl
{
  bool loop;
  /* A loop's trip count, per entry.  */
  erbium_net_value trip;
  /* "for at f.c:10", "if at f.c:12".  */
  std::string where;
  location_t loc;
  /* The DECL_UIDs a loop writes (body and increment), and those its
     trip count reads: a trip count that an enclosing loop writes varies
     from one entry to the next.  */
  std::set<unsigned> written, reads;
  /* A counted loop's index (only compared while the function is walked)
     and, when its bounds are constants, the values it takes: [LO, HI).  */
  tree ivar;
  bool range;
  HOST_WIDE_INT lo, hi;
};

/* A stream access of a creation, in the scope that creates it: the
   stream named (per window for an array of windows: SREF gives the
   subscripts [0, K)), the kind (erbium_access_kind), burst and horizon in
   elements of the stream.  */
struct erbium_net_access
{
  int kind;
  erbium_net_sref sref;
  erbium_net_value burst, horizon;
  /* The element type, for the dump ("int", "struct fm_cf").  */
  std::string type;
};

/* Where an event of a scope happens: the loops and conditions around it
   (innermost last), its location.  */
struct erbium_net_at
{
  std::vector<int> chain;
  location_t loc;
};

/* The creation of site SITE.  */
struct erbium_net_creation
{
  int site;
  erbium_net_at at;
  std::vector<erbium_net_access> accesses;
};

/* A call of CALLEE (kept; NULL_TREE through a pointer), with the streams
   it passes (argument index, stream).  */
struct erbium_net_call
{
  tree callee;
  erbium_net_at at;
  std::vector<std::pair<int, erbium_net_sref> > streams;
};

/* A tick of a stream: a reader without body in the control program.  */
struct erbium_net_tick
{
  erbium_net_access access;
  erbium_net_at at;
};

/* Where the memory a pointer points to comes from, in a scope.  */
struct erbium_net_origin
{
  /* Per instance or per call: the scope's own variables, memory it
     allocated, a window of its site.  */
  bool own;
  /* The parameters of the scope's function it may point into.  */
  std::set<int> parms;
  /* Memory kept from one instance or call to the next (a global, a
     shared variable, what a captured pointer points to, anything not
     known): what it is, or "".  */
  std::string shared;
};

/* A call as far as the memory it writes is concerned: the callee (NULL:
   through a pointer), its name, and per pointer argument its origin.  */
struct erbium_net_callfx
{
  tree callee;
  std::string name;
  std::vector<std::pair<int, erbium_net_origin> > ptr_args;
};

/* What a scope writes beyond its own variables.  */
struct erbium_net_effects
{
  /* The first reason the scope keeps state from one run to the next
     (writes a global, writes through a captured pointer, calls a
     function of another unit ...), or "".  */
  std::string state;
  /* Function scopes: the parameters written through.  */
  std::set<int> written_parms;
  std::vector<erbium_net_callfx> calls;
};

/* A scope: a function of the unit (FN), or the body of site SITE (FN
   the function the pragma is in).  */
struct erbium_net_scope
{
  int id;
  tree fn;
  int site;
  std::string name;
  /* User labels: a goto may repeat anything, so counts are unknown.  */
  bool labels;
  std::vector<erbium_net_creation> creations;
  std::vector<erbium_net_call> calls;
  std::vector<erbium_net_tick> ticks;
  /* Assignments of stream_ref variables: the variable (kept), the stream
     assigned.  */
  std::vector<std::pair<tree, erbium_net_sref> > refsets;
  erbium_net_effects fx;
  /* A static estimate of the work of one run of the scope (one call,
     one instance), in operations of its expressions, each counted once
     per iteration of the loops around it (network.cc, net_work); the
     calls of functions of the unit add their own work, times their
     weight (the callee, kept), at the end of the unit
     (erbium_net_scope_work).  */
  double work;
  std::vector<std::pair<tree, double> > work_calls;
};

/* ---- Erbium-C processes (netproc.cc) ---- */

/* A view an Erbium-C process opens (new_read_view, new_write_view), as
   its function shows it.  Its record is a parameter of the process
   (PARM >= 0: the argument each run passes), a record variable (RECORD,
   kept: a global, or a local of the process), or not known (WHY).
   Burst: the elements one commit (write view) or update (read view)
   moves the view by, when every one of them moves it from the index the
   previous one reached by the same constant; horizon: the constant of
   its alloc.  Both in elements of the record.  */
struct erbium_net_view
{
  std::string name, type;
  bool write;
  int parm;
  tree record;
  std::string why;
  erbium_net_value burst, horizon;
};

/* A record argument of a run: a record variable of the function that
   runs (RECORD, kept), a parameter of it (PARM >= 0), or not known
   (WHY).  ARG is the process's parameter it is passed to.  */
struct erbium_net_run_arg
{
  int arg;
  tree record;
  int parm;
  std::string why;
};

/* A `run P (args)' of the unit: the process P (kept), the scope that
   runs it and where, its record arguments.  */
struct erbium_net_run
{
  tree proc;
  std::string name;
  int scope;
  erbium_net_at at;
  std::vector<erbium_net_run_arg> args;
};

/* Called by the walk of network.cc on each expression T of scope SCOPE
   at the loops and conditions CHAIN (run constructs, primitive calls,
   assignments), and on each variable DECL declared with an initial
   value, before the function's GENERIC is genericized.  */
void erbium_netproc_expr (tree t, int scope, const std::vector<int> &chain);
void erbium_netproc_decl (tree decl, int scope);

/* At the end of the walk of function FN: settle the views FN opens
   (their records, bursts and horizons) while its trees are alive.  */
void erbium_netproc_finish (tree fn);

/* The facts of the unit (network.cc).  */
struct erbium_net_facts
{
  std::vector<erbium_net_scope *> scopes;
  std::vector<erbium_net_ctl> ctls;
  /* DECL_UID of a function -> its scope; site id -> its body's.  */
  std::map<unsigned, int> fn_scope;
  std::map<int, int> body_scope;
  /* DECL_UIDs of the functions whose address is taken.  */
  std::set<unsigned> address_taken;
  /* DECL_UID of a parameter -> its position (GCC drops a function's
     DECL_ARGUMENTS once it is compiled).  */
  std::map<unsigned, int> parm_index;
  /* Erbium-C: the runs, and per process (DECL_UID of its function) the
     views it opens (netproc.cc).  */
  std::vector<erbium_net_run> runs;
  std::map<unsigned, std::vector<erbium_net_view> > views;
};

extern erbium_net_facts erbium_net;

/* ---- the network (netbuild.cc) ---- */

struct erbium_net_node
{
  int id;
  /* The site (erbium_sites index), or -1 for a control program.  */
  int site;
  /* The scope whose creation or ticks made the node.  */
  int scope;
  std::string label;
  erbium_net_value count;
  /* Its strongly connected component (erbium_network.cycles index), or
     -1 when on no cycle.  */
  int cycle;
  bool split_ok;
  std::string split_why;
  /* What became of it (netgrain.cc, ng_split_decide): "split into 3
     workers (...)", "split: auto (...)" or "not split: why", and the
     er_site flags that say so (0: not split).  */
  std::string split_text;
  int split_flags;
  /* An Erbium-C process: the run that starts it (erbium_net.runs index),
     or -1 (then SITE says what the node is).  */
  int run = -1;
};

/* One end of an edge: the node, its access (index in the creation's
   accesses, or in the scope's ticks for a control program), burst and
   horizon.  */
struct erbium_net_end
{
  int node;
  int access;
  int kind;
  erbium_net_value burst, horizon;
  /* The scope and place of the creation or tick.  */
  int scope;
  const erbium_net_at *at;
  /* The loop whose index is the subscript of the stream (-1): per
     stream, one instance of the end per iteration of it.  */
  int spread;
};

/* A stream from a writer to a reader.  */
struct erbium_net_edge
{
  int id;
  erbium_net_end w, r;
  /* The stream: its root (erbium_network.roots) and the subscripts both
     ends may name.  */
  int root;
  erbium_net_subs subs;
  std::string stream, type;
  bool fuse_ok;
  std::string fuse_why;
  /* When FUSE_OK: the writer's and the reader's instances per period of
     the fused schedule (one of them 1), and whether that schedule runs
     the writer's instances first (else the reader's: a cycle's tokens
     may need it).  */
  HOST_WIDE_INT rate_w, rate_r;
  bool writer_first;
  /* When FUSE_OK: the writer's instances per run of the loops both ends
     are created in (the whole run of their scope when none): what a
     buffer between them holds at most when the
     writer's instances of such a run are all created before the
     reader's.  */
  HOST_WIDE_INT period_w;
  /* Set by fuse.cc: the site of the process the two sites were fused
     into (an erbium_sites index), or -1 when not fused; and why (not):
     the eligibility, the decision of fuse=auto|off|all and of the
     sites' grain pragmas, and what the plugin's fusion supports.  */
  int fused_into;
  std::string fused_why;
  /* When fused, how, for the dump (", rate 2:1 (...)", or "" for one
     instance of each per instance of the process).  */
  std::string fused_how;
};

/* A stream of the unit as the network sees it: a stream declaration, or
   what is not known (a parameter of a function other units may call, a
   stream_ref never assigned, an implicitly typed stream).  */
struct erbium_net_root
{
  tree decl;
  std::string name;
  /* Not known from the unit: WHY.  */
  bool outside;
  std::string why;
};

/* A view of the process of node NODE (erbium_net.views), and the record
   it reaches: its name, or, when the unit does not show which record
   that is, NAME empty and WHY.  */
struct erbium_net_pview
{
  int node;
  const erbium_net_view *view;
  tree record;
  std::string name, why;
};

/* A record from a process that opens a write view on it to one that
   opens a read view (erbium_net_pview indices W and R).  Erbium-C
   records are edges of their own: fusion and splitting, which apply to
   task sites, never see them.  */
struct erbium_net_redge
{
  int id;
  int w, r;
};

struct erbium_network
{
  std::vector<erbium_net_node> nodes;
  std::vector<erbium_net_edge> edges;
  std::vector<erbium_net_pview> pviews;
  std::vector<erbium_net_redge> redges;
  std::vector<erbium_net_root> roots;
  /* Each cycle: its nodes (a node with a self-loop alone, or a strongly
     connected component of several).  */
  std::vector<std::vector<int> > cycles;
};

/* The network of the unit, built once from the facts at the first call
   (after every function was noted and the process kinds decided).  */
const erbium_network &erbium_network_get (void);

/* The number of instances of scope S (erbium_net.scopes index).  */
erbium_net_value erbium_net_scope_count (int s);

/* The product of the trip counts of CHAIN in scope S alone (1 when it is
   empty): unknown under a condition or in a loop of unknown trip
   count.  */
erbium_net_value erbium_net_chain_count (const std::vector<int> &chain);

/* The nodes of the Erbium-C processes of the unit (one per run), their
   views and the records between them into *NET (netproc.cc).  */
void erbium_net_proc_nodes (erbium_network *net);

/* The text of a value: "4", "loop-counted n (for at f.c:3)", "unknown
   (why)".  */
std::string erbium_net_value_text (const erbium_net_value &v);

/* Whether subscript sets A and B may name the same stream; *BOTH is then
   their intersection.  */
bool erbium_net_subs_meet (const erbium_net_subs &a, const erbium_net_subs &b,
			   erbium_net_subs *both);

/* ---- eligibility (netgrain.cc) ---- */

/* The estimated work of one run of scope S (erbium_net.scopes index):
   its own operations and those of the functions of the unit it calls
   (a call in a cycle of calls adds nothing more).  */
double erbium_net_scope_work (int s);

/* The estimated work of one instance of site SITE (erbium_sites index),
   in operations (erbium_net_scope_work of its body's scope), or -1 when
   its body was not recorded.  The one estimate of a body's work: auto
   splitting (netgrain.cc) and auto fusion (fuse.cc) both decide from
   it.  */
double erbium_net_site_work (int site);

/* The er_site flags that splitting gives site SITE (erbium_sites index):
   ERBIUM_SITE_SPLIT with its workers or its share of the work, or 0
   (decided when the network is built: erbium_network_grain).  */
int erbium_net_split_flags (int site);

/* Fill each edge's fuse_ok/fuse_why and each node's split_ok/split_why
   of NET.  */
void erbium_network_grain (erbium_network *net);

/* ---- fusion (fuse.cc) ---- */

/* The network of the unit for the fusion (fuse.cc), which records its
   decisions in the edges (fused_into, fused_why).  */
erbium_network *erbium_network_for_fusion (void);

/* The entry points (erbium_network_note_function, erbium_network_dump,
   erbium_init_network) are declared in omp-stream.h.  */

#endif /* ERBIUM_NETWORK_H */
