/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tasksites.cc -- which stream task sites run one process per instance,
   and the dump of every site (pass erbium-tasks).

   A site's process runs its instances one after the other, in creation
   order (<erbium/task.h>).  An instance that waits for a later instance
   of the same site would wait for ever, so such a site gets
   ER_SITE_PER_INSTANCE (a process per instance).  The plugin gives it to
   a site whose body
   * may wait for its children: it reaches a taskwait (#pragma omp
     taskwait, #pragma erbium taskwait, er_taskwait) through the calls of
     the unit; the children may be waiting for a later instance of the
     site;
   * or is created by a function that is reached again from its own
     calls and the bodies of the sites it creates: recursion, where an
     instance's inputs may be written by the tasks of a deeper call,
     created later (a recursive Fibonacci's sum tasks).
   Calls of functions of other units and through pointers are not seen:
   a site whose instances depend on later instances in another way
   deadlocks, and the runtime reports the deadlock.

   outline.cc records what each function of the unit calls
   (erbium_note_function, on GENERIC, at PLUGIN_PRE_GENERICIZE); the
   decision is made when the whole unit is known, at
   PLUGIN_ALL_IPA_PASSES_START (before any site is written out), and the
   flags written into each static er_site.  The pass erbium-tasks, after
   `optimized' (at every -O level), writes what became of each site
   (outline.cc's description and the process decision) into its dump
   (-fplugin-arg-erbium-dump), once per unit.  */

#define INCLUDE_MAP
#define INCLUDE_STRING
#define INCLUDE_VECTOR
#define INCLUDE_SET
#include "gcc-plugin.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
#include "tree-pass.h"
#include "cgraph.h"
#include "calls.h"
#include "builtins.h"
#include "context.h"
#include "dumpfile.h"
#include "diagnostic-core.h"
#include "cpplib.h"
#include "erbium-plugin.h"
#include "omp-stream.h"
#include "network.h"

/* What a function of the unit does, for the decision.  */
struct erbium_fn_facts
{
  tree decl;
  /* DECL_UIDs of the functions it calls directly, and their decls.  */
  auto_vec<unsigned> callees;
  auto_vec<tree> callee_decls;
  /* Whether it calls through a pointer.  */
  bool indirect;
  /* The sites it creates.  */
  auto_vec<int> creates;
  /* Whether it waits for its children (a taskwait).  */
  bool waits;
};

static std::map<unsigned, erbium_fn_facts *> erbium_facts;

/* See omp-stream.h.  */
erbium_site *
erbium_site_of (tree addr)
{
  STRIP_NOPS (addr);
  if (TREE_CODE (addr) != ADDR_EXPR)
    return NULL;
  tree v = TREE_OPERAND (addr, 0);
  for (erbium_site *s : erbium_sites)
    if (s->site_var == v)
      return s;
  return NULL;
}

/* walk_tree callback: record the calls of a function (DATA, its
   facts).  */
static tree
erbium_note_r (tree *tp, int *walk_subtrees, void *data)
{
  erbium_fn_facts *f = (erbium_fn_facts *) data;
  tree t = *tp;
  if (TYPE_P (t) || DECL_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) != CALL_EXPR)
    return NULL_TREE;
  tree callee = get_callee_fndecl (t);
  if (!callee)
    {
      f->indirect = true;
      return NULL_TREE;
    }
  if (fndecl_built_in_p (callee, BUILT_IN_GOMP_TASKWAIT)
      || callee == erbium_task_fn (ERBIUM_FN_TASKWAIT)
      || (DECL_NAME (callee) && id_equal (DECL_NAME (callee), "er_taskwait")
	  && TREE_PUBLIC (callee)))
    f->waits = true;
  else if (DECL_NAME (callee) && id_equal (DECL_NAME (callee),
					    "er_task_create")
	   && call_expr_nargs (t) > 0)
    {
      if (erbium_site *s = erbium_site_of (CALL_EXPR_ARG (t, 0)))
	{
	  f->creates.safe_push (s->id);
	  s->creator = f->decl;
	}
      else
	f->callee_decls.safe_push (callee);
    }
  else
    {
      f->callees.safe_push (DECL_UID (callee));
      f->callee_decls.safe_push (callee);
    }
  return NULL_TREE;
}

/* See omp-stream.h.  */
void
erbium_note_function (tree fn)
{
  if (!fn || !DECL_SAVED_TREE (fn))
    return;
  erbium_fn_facts *&f = erbium_facts[DECL_UID (fn)];
  if (!f)
    f = new erbium_fn_facts ();
  f->decl = fn;
  f->callees.truncate (0);
  f->callee_decls.truncate (0);
  f->creates.truncate (0);
  f->waits = false;
  f->indirect = false;
  walk_tree_without_duplicates (&DECL_SAVED_TREE (fn), erbium_note_r, f);
}

/* The facts of the function with DECL_UID UID, or NULL (not in the
   unit).  */
static erbium_fn_facts *
erbium_facts_of (unsigned uid)
{
  auto it = erbium_facts.find (uid);
  return it == erbium_facts.end () ? NULL : it->second;
}

/* The functions reachable from FROM (its DECL_UID) through calls and,
   when CREATIONS, through the bodies of the sites they create, FROM
   included; *WAITER is set to the first that waits.  */
static void
erbium_reach (unsigned from, bool creations, std::map<unsigned, bool> *seen,
	      tree *waiter)
{
  auto_vec<unsigned> work;
  work.safe_push (from);
  (*seen)[from] = true;
  while (!work.is_empty ())
    {
      unsigned u = work.pop ();
      erbium_fn_facts *f = erbium_facts_of (u);
      if (!f)
	continue;
      if (f->waits && waiter && !*waiter)
	*waiter = f->decl;
      auto visit = [&] (unsigned v) {
	if (!seen->count (v))
	  {
	    (*seen)[v] = true;
	    work.safe_push (v);
	  }
      };
      for (unsigned c : f->callees)
	visit (c);
      if (creations)
	for (int s : f->creates)
	  if (erbium_sites[s]->body_fn)
	    visit (DECL_UID (erbium_sites[s]->body_fn));
    }
}

static const char *erbium_fn_name (tree fn);

/* Whether a call of FNDECL, a function with no body in the unit, leaves
   the streams and the tasks alone and returns: a builtin or a const or
   pure function that returns, or er_stream_esize.  */
static bool
erbium_external_harmless (tree fndecl)
{
  int flags = flags_from_decl_or_type (fndecl);
  if (flags & (ECF_NORETURN | ECF_RETURNS_TWICE))
    return false;
  if (fndecl_built_in_p (fndecl, BUILT_IN_NORMAL))
    return !fndecl_built_in_p (fndecl, BUILT_IN_GOMP_TASKWAIT);
  if ((flags & (ECF_CONST | ECF_PURE)) && !(flags & ECF_LOOPING_CONST_OR_PURE))
    return true;
  return DECL_NAME (fndecl) && id_equal (DECL_NAME (fndecl),
					 "er_stream_esize");
}

/* See omp-stream.h.  */
bool
erbium_call_may_move_streams (tree fndecl, std::string *why)
{
  std::string call = "a call of " + std::string (erbium_fn_name (fndecl));
  erbium_fn_facts *f0 = erbium_facts_of (DECL_UID (fndecl));
  if (!f0)
    {
      if (erbium_external_harmless (fndecl))
	return false;
      *why = call + ", a function of another unit that may create tasks, "
		    "tick or wait for tasks,";
      return true;
    }
  std::map<unsigned, bool> seen;
  auto_vec<erbium_fn_facts *> work;
  work.safe_push (f0);
  seen[DECL_UID (fndecl)] = true;
  while (!work.is_empty ())
    {
      erbium_fn_facts *f = work.pop ();
      std::string who = f == f0 ? std::string (", which")
			: std::string (", whose callee ")
			  + erbium_fn_name (f->decl) + ",";
      if (!f->creates.is_empty () || f->waits || f->indirect
	  || (flags_from_decl_or_type (f->decl)
	      & (ECF_NORETURN | ECF_RETURNS_TWICE)))
	{
	  *why = call + who
		 + (!f->creates.is_empty () ? " creates tasks,"
		    : f->waits ? " waits for tasks,"
		    : f->indirect ? " calls through a pointer,"
		    : " may not return,");
	  return true;
	}
      for (tree c : f->callee_decls)
	{
	  if (seen.count (DECL_UID (c)))
	    continue;
	  seen[DECL_UID (c)] = true;
	  if (erbium_fn_facts *cf = erbium_facts_of (DECL_UID (c)))
	    work.safe_push (cf);
	  else if (!erbium_external_harmless (c))
	    {
	      *why = call + who + " calls " + erbium_fn_name (c)
		     + " of another unit,";
	      return true;
	    }
	}
    }
  return false;
}

/* The name of FN for the dump: the source function a body function
   comes from is in its name.  */
static const char *
erbium_fn_name (tree fn)
{
  return fn && DECL_NAME (fn) ? IDENTIFIER_POINTER (DECL_NAME (fn)) : "?";
}

/* Add to each site's er_site flags what splitting decided for it (the
   network's splitting decisions, netgrain.cc: ER_SITE_SPLIT, its
   workers or its share of the work), once the process kinds are known:
   the network is built from them.  */
static void
erbium_split_sites (void)
{
  tree flags = erbium_task_field (erbium_site_type (), "flags");
  for (erbium_site *s : erbium_sites)
    {
      if (!s->site_var || !s->body_fn || s->per_instance)
	continue;
      int split = erbium_net_split_flags (s->id);
      if (!split)
	continue;
      constructor_elt *e;
      unsigned i;
      FOR_EACH_VEC_SAFE_ELT (CONSTRUCTOR_ELTS (DECL_INITIAL (s->site_var)),
			     i, e)
	if (e->index == flags)
	  e->value = build_int_cst (integer_type_node,
				    tree_to_shwi (e->value) | split);
    }
}

/* PLUGIN_ALL_IPA_PASSES_START: decide each stream site's process kind
   and whether it is split, and write them into its er_site; fuse
   first the sites that may be (fuse.cc), which needs the process
   kinds.  */
static void
erbium_decide_sites (void *, void *)
{
  static bool done;
  if (done || seen_error ())
    return;
  done = true;
  for (erbium_site *s : erbium_sites)
    {
      if (!s->site_var || !s->body_fn)
	continue;
      std::map<unsigned, bool> calls;
      tree waiter = NULL_TREE;
      erbium_reach (DECL_UID (s->body_fn), false, &calls, &waiter);
      if (waiter)
	{
	  s->per_instance = true;
	  s->why = std::string ("its body may wait for its children (taskwait "
				"in ") + erbium_fn_name (waiter) + ")";
	}
      else if (s->creator)
	{
	  /* The creator on a cycle of calls and creations: start from
	     what it calls and creates.  */
	  std::map<unsigned, bool> all;
	  erbium_fn_facts *cf = erbium_facts_of (DECL_UID (s->creator));
	  if (cf)
	    {
	      for (unsigned c : cf->callees)
		if (!all.count (c))
		  erbium_reach (c, true, &all, NULL);
	      for (int t : cf->creates)
		if (erbium_sites[t]->body_fn
		    && !all.count (DECL_UID (erbium_sites[t]->body_fn)))
		  erbium_reach (DECL_UID (erbium_sites[t]->body_fn), true, &all,
				NULL);
	    }
	  if (all.count (DECL_UID (s->creator)))
	    {
	      s->per_instance = true;
	      s->why = std::string ("recursion: ") + erbium_fn_name (s->creator)
		       + ", which creates the site, is reached again from its "
			 "calls and tasks, so an instance may depend on a later "
			 "one";
	    }
	}
      if (!s->per_instance)
	s->why = "its instances wait only for data of earlier instances";
      tree init = DECL_INITIAL (s->site_var);
      tree flags = erbium_task_field (erbium_site_type (), "flags");
      constructor_elt *e;
      unsigned i;
      FOR_EACH_VEC_SAFE_ELT (CONSTRUCTOR_ELTS (init), i, e)
	if (e->index == flags)
	  e->value = build_int_cst (integer_type_node,
				    s->per_instance
				    ? ERBIUM_SITE_PER_INSTANCE : 0);
    }
  erbium_fuse_unit ();
  erbium_split_sites ();
}

/* Write every task site of the unit to the dump file: its creations,
   whether it runs one process per site or per instance and why, and its
   static conversion or the reason there is none; then the network
   (netdot.cc).  */
static void
erbium_dump_sites (void)
{
  fprintf (dump_file, "OpenMP stream task sites of the unit:\n");
  for (erbium_site *s : erbium_sites)
    {
      if (s->dump.empty ())
	continue;
      fputs (s->dump.c_str (), dump_file);
      if (s->site_var)
	{
	  fprintf (dump_file, "  process: %s: %s\n",
		   s->per_instance ? "one per instance" : "one per site",
		   s->why.c_str ());
	  fprintf (dump_file, "  grain: %s\n",
		   erbium_grain_text (s).c_str ());
	  if (!s->conversion.empty ())
	    fputs (s->conversion.c_str (), dump_file);
	  else
	    fprintf (dump_file, "  conversion: none: %s\n",
		     !optimize ? "the static conversion runs when optimizing "
		     "(-O1 and above)" : "no creation of the site was left in "
		     "a function compiled");
	}
    }
  erbium_network_dump (dump_file);
}

/* The pass erbium-tasks: writes the sites' description into its dump,
   once per unit (also for a unit without sites that runs Erbium-C
   processes: the network shows them).  */
const pass_data erbium_tasks_pass_data = {
  GIMPLE_PASS,
  "erbium-tasks",
  OPTGROUP_NONE,
  TV_NONE,
  0,
  0,
  0,
  0,
  0,
};

class erbium_tasks_pass : public gimple_opt_pass
{
public:
  erbium_tasks_pass (gcc::context *ctxt)
    : gimple_opt_pass (erbium_tasks_pass_data, ctxt)
  {}

  bool gate (function *) final override
  {
    return ((!erbium_sites.is_empty () || erbium_network_has_processes ())
	    && !printed);
  }

  unsigned int execute (function *) final override;

private:
  static bool printed;
};

bool erbium_tasks_pass::printed;

unsigned int
erbium_tasks_pass::execute (function *fun)
{
  if (!dump_file)
    return 0;
  /* Written at the last function compiled, when the static conversion
     (taskloop.cc) has seen every function: cgraphunit.cc clears a node's
     PROCESS when it starts to expand it.  */
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    if (node->process && node->decl != fun->decl)
      return 0;
  printed = true;
  erbium_dump_sites ();
  return 0;
}

/* See omp-stream.h.  */
void
erbium_init_tasksites (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
		     erbium_decide_sites, NULL);
}

/* See erbium-plugin.h.  */
opt_pass *
erbium_make_tasks_pass (gcc::context *ctxt)
{
  return new erbium_tasks_pass (ctxt);
}
