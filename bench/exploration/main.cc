/* SPDX-License-Identifier: GPL-3.0-or-later */
// main.cc -- driver of the "exploration" benchmark (Erbium paper, CASES
// 2010, section 5.1): runs the Erbium variant and its peers over the
// matrix configuration x burst x implementation, interleaving the runs of
// the implementations of one (configuration, burst) so that they see the
// same machine conditions, takes the median wall time of the runs, prints
// a table (ns per index, and for Erbium its speed-up over the best peer of
// the same configuration and burst in this run) and writes the CSV
// impl,config,burst,hog,ns_per_index,max_ns_per_index: the median, the
// number of busy-loop processes the series ran beside (--hog, 0 on a
// quiet machine) and the slowest run.  A series with --hog N replaces
// the CSV's rows of hog N and keeps the others (xb_csv_open).
//
// ns per index = wall time of the whole transfer / N, N the indices
// produced (a broadcast to C consumers moves N indices to each of them but
// counts N).
//
// Time budget (index caps): element-wise queues cost up to 1.3 us per
// index on a 2-core machine (bench/README.md), so 2^26 indices x 5 runs of
// every cell would take hours.  Each (implementation, configuration, burst) therefore starts
// with warm-up runs, not reported: 2^17 indices (2^15 with --quick), 8 times
// more while a run takes less than an eighth of the per-run budget.  The
// last warm-up's ns/index sizes the measured runs: N is halved from
// 2^--indices while a run would take longer than the per-run budget (0.4 s;
// 0.04 s with --quick, 0.15 s with --demo; --run-budget), never below the
// first warm-up's size.  The same rule applies to every implementation, Erbium
// included; the table prints each row's N and marks capped rows with '*',
// and the rule is restated under the table.  --no-caps runs everything at
// 2^--indices.
//
// --hog N starts N busy-loop processes (xb_hog_start) before the first
// warm-up run and stops them after the last run: the series as a user
// would run it, with other work on its cores.

#include <getopt.h>
#include <sched.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "peers.h"

namespace {

// An implementation: its name in tables and CSV, and its runner.
struct Impl
{
  const char *name;
  double (*run) (const xb_run *);
};

const Impl kImpls[] = {
  { "erbium", xb_run_erbium },
  { "boost-spsc", xb_run_boost_spsc },
  { "ck-ring-spsc", xb_run_ck_ring_spsc },
  { "ck-ring-mpmc", xb_run_ck_ring_mpmc },
  { "moodycamel-rwq", xb_run_moodycamel_rwq },
  { "moodycamel-cq", xb_run_moodycamel_cq },
  { "tbb-bounded", xb_run_tbb_bounded },
  { "gomp-tasks", xb_run_gomp_tasks },
};

// A configuration: name, producers, consumers.
struct Config
{
  const char *name;
  int producers, consumers;
};

const Config kConfigs[] = {
  { "1p1c", 1, 1 },
  { "1p4c", 1, 4 },
  { "4p1c", 4, 1 },
  { "2p2c", 2, 2 },
};

// Everything the command line chooses.
struct Options
{
  std::vector<const Impl *> impls;
  std::vector<const Config *> configs;
  std::vector<int> bursts;
  int log_n = 26;
  int log_h = 16;
  int runs = 5;
  int hog = 0;			// busy-loop processes beside the series
  bool caps = true;
  double run_budget = 0.4;	// seconds per measured run (caps)
  int log_floor = 17;		// warm-up size, smallest capped N (log2)
  std::string csv = "bench/results/exploration.csv";
  const char *preset = "full";
};

// Print the usage text on F.
void
usage (FILE *f)
{
  std::fprintf (f,
"usage: exploration [options]\n"
"  --quick          2^22 indices, bursts 1,64,1024, 3 runs, every config\n"
"  --demo           configs 1p1c,4p1c, bursts 1,64,1024,4096, impls erbium,\n"
"                   boost-spsc,ck-ring-spsc,moodycamel-cq, 2^24 indices,\n"
"                   3 runs, no CSV unless --csv is given\n"
"  --impls a,b,c    among erbium, boost-spsc, ck-ring-spsc, ck-ring-mpmc,\n"
"                   moodycamel-rwq, moodycamel-cq, tbb-bounded, gomp-tasks\n"
"                   (default: all)\n"
"  --configs a,b    among 1p1c, 1p4c, 4p1c, 2p2c (default: all)\n"
"  --bursts a,b     indices per synchronisation (default 1,8,64,1024,4096)\n"
"  --indices N      2^N indices per run (default 26, at most 30)\n"
"  --horizon N      horizon / queue capacity 2^N elements (default 16;\n"
"                   the paper uses 24)\n"
"  --runs N         runs per measurement, the median is reported (default 5)\n"
"  --run-budget S   cap N so that one run takes about S seconds at most\n"
"                   (default 0.4; 0.04 with --quick, 0.15 with --demo)\n"
"  --no-caps        every run with 2^--indices indices (slow: hours)\n"
"  --hog N          N busy-loop processes beside the whole series (default\n"
"                   0); the CSV's rows of hog N are replaced, others kept\n"
"  --csv PATH       CSV output (default bench/results/exploration.csv;\n"
"                   'none' for no CSV)\n"
"  --help, -h       print this help and exit\n"
"A value follows its option after '=' or as the next argument.\n");
}

// Split S at commas.
std::vector<std::string>
split (const std::string &s)
{
  std::vector<std::string> out;
  size_t i = 0;
  while (i <= s.size ())
    {
      size_t j = s.find (',', i);
      if (j == std::string::npos)
	j = s.size ();
      if (j > i)
	out.push_back (s.substr (i, j - i));
      i = j + 1;
    }
  return out;
}

// The implementations named in LIST.
std::vector<const Impl *>
parse_impls (const std::string &list)
{
  std::vector<const Impl *> out;
  for (const std::string &s : split (list))
    {
      const Impl *found = nullptr;
      for (const Impl &i : kImpls)
	if (s == i.name)
	  found = &i;
      if (!found)
	xb_usage_error ("--impls: unknown implementation '%s'", s.c_str ());
      out.push_back (found);
    }
  return out;
}

// The configurations named in LIST.
std::vector<const Config *>
parse_configs (const std::string &list)
{
  std::vector<const Config *> out;
  for (const std::string &s : split (list))
    {
      const Config *found = nullptr;
      for (const Config &c : kConfigs)
	if (s == c.name)
	  found = &c;
      if (!found)
	xb_usage_error ("--configs: unknown configuration '%s'",
			s.c_str ());
      out.push_back (found);
    }
  return out;
}

// getopt_long's codes for the driver's own long options (xbench.h: the
// common ones).
enum
{
  OPT_DEMO = XB_OPT_OWN, OPT_NO_CAPS, OPT_IMPLS, OPT_CONFIGS, OPT_BURSTS,
  OPT_INDICES, OPT_RUN_BUDGET
};

static const struct option kLongOptions[] = {
  { "demo", no_argument, nullptr, OPT_DEMO },
  { "no-caps", no_argument, nullptr, OPT_NO_CAPS },
  { "impls", required_argument, nullptr, OPT_IMPLS },
  { "configs", required_argument, nullptr, OPT_CONFIGS },
  { "bursts", required_argument, nullptr, OPT_BURSTS },
  { "indices", required_argument, nullptr, OPT_INDICES },
  { "run-budget", required_argument, nullptr, OPT_RUN_BUDGET },
  XB_LONG_OPTIONS,
  { nullptr, 0, nullptr, 0 },
};

// Apply preset C (XB_OPT_QUICK or OPT_DEMO) to O and the lists' texts.
static void
apply_preset (Options &o, int c, std::string &impls, std::string &configs,
	      std::string &bursts)
{
  if (c == XB_OPT_QUICK)
    {
      o.preset = "quick";
      o.log_n = 22;
      bursts = "1,64,1024";
      o.runs = 3;
      o.run_budget = 0.04;
      o.log_floor = 15;
    }
  else
    {
      o.preset = "demo";
      o.log_n = 24;
      configs = "1p1c,4p1c";
      bursts = "1,64,1024,4096";
      impls = "erbium,boost-spsc,ck-ring-spsc,moodycamel-cq";
      o.runs = 3;
      o.run_budget = 0.15;
    }
}

// Apply the explicit option C with value V (getopt_long's optarg) to O
// and the lists' texts; *CSV_GIVEN set when it is --csv.
static void
apply_option (Options &o, int c, const char *v, std::string &impls,
	      std::string &configs, std::string &bursts, bool *csv_given)
{
  char *end;
  switch (c)
    {
    case OPT_NO_CAPS:
      o.caps = false;
      break;
    case OPT_IMPLS:
      impls = v;
      break;
    case OPT_CONFIGS:
      configs = v;
      break;
    case OPT_BURSTS:
      bursts = v;
      break;
    case OPT_INDICES:
      o.log_n = xb_parse_int ("--indices", v, 4, 30);
      break;
    case XB_OPT_HORIZON:
      o.log_h = xb_parse_int ("--horizon", v, 4, 28);
      break;
    case XB_OPT_RUNS:
      o.runs = xb_parse_int ("--runs", v, 1, 1000);
      break;
    case XB_OPT_HOG:
      o.hog = xb_parse_int ("--hog", v, 0, XB_HOG_MAX);
      break;
    case OPT_RUN_BUDGET:
      o.run_budget = std::strtod (v, &end);
      if (end == v || *end || !(o.run_budget > 0))
	xb_usage_error ("--run-budget: '%s' is not a positive number of "
			"seconds", v);
      break;
    case XB_OPT_CSV:
      o.csv = v;
      *csv_given = true;
      break;
    }
}

// Parse the command line with getopt_long (--opt=V or --opt V; -h or
// --help prints the usage on stdout and exits 0; a bad option exits 2
// through xb_usage_error): presets (--quick, --demo) first, then the
// explicit options, which override them wherever they appear.
Options
parse_options (int argc, char **argv)
{
  Options o;
  std::string impls = "all", configs = "all", bursts = "1,8,64,1024,4096";
  bool csv_given = false;
  for (int pass = 0; pass < 2; pass++)
    {
      // optind 0: getopt_long starts over (glibc).
      optind = 0;
      int c;
      while ((c = xb_next_option (argc, argv, kLongOptions, usage))
	     != -1)
	if (c == XB_OPT_QUICK || c == OPT_DEMO)
	  {
	    if (pass == 0)
	      apply_preset (o, c, impls, configs, bursts);
	  }
	else if (pass == 1)
	  apply_option (o, c, optarg, impls, configs, bursts, &csv_given);
    }
  if (std::strcmp (o.preset, "demo") == 0 && !csv_given)
    o.csv = "none";
  if (impls == "all")
    for (const Impl &i : kImpls)
      o.impls.push_back (&i);
  else
    o.impls = parse_impls (impls);
  if (configs == "all")
    for (const Config &c : kConfigs)
      o.configs.push_back (&c);
  else
    o.configs = parse_configs (configs);
  for (const std::string &s : split (bursts))
    o.bursts.push_back (xb_parse_int ("--bursts", s.c_str (), 1, 1 << 20));
  for (int k : o.bursts)
    if (k > (1 << o.log_h))
      xb_usage_error ("burst %d is larger than the horizon 2^%d", k,
		      o.log_h);
  if (o.impls.empty () || o.configs.empty () || o.bursts.empty ())
    xb_usage_error ("nothing to run");
  return o;
}

// What the current run is, for the watchdog's message.
char g_current[160];

// Pause before every run (see settle), in nanoseconds.
constexpr long kSettleNs = 20000000;

// SIGALRM: a run took far longer than any run should (a hang in an
// implementation); say which one and stop with status 3.
void
watchdog (int)
{
  static const char head[] = "\nexploration: error: watchdog: no progress "
    "for 120 s in run: ";
  ssize_t r = write (2, head, sizeof head - 1);
  r = write (2, g_current, std::strlen (g_current));
  r = write (2, "\n", 1);
  (void) r;
  xb_cleanup ();
  _exit (3);
}

// The main thread's CPU affinity at start-up (see settle).
cpu_set_t g_main_affinity;
bool g_main_affinity_ok;

// Let every run start from the same machine state, whichever
// implementation ran before it: the main thread with its start-up
// affinity (gomp-tasks binds it to the producer core, as OpenMP thread 0),
// and no thread of the previous run still busy (libgomp's pool spins for
// milliseconds after a parallel region before it sleeps, TBB's workers
// briefly; a run interleaved after them would share their cores).
void
settle ()
{
  if (g_main_affinity_ok)
    sched_setaffinity (0, sizeof g_main_affinity, &g_main_affinity);
  struct timespec ts = { 0, kSettleNs };
  while (nanosleep (&ts, &ts) != 0)
    ;
}

// Run IMPL on X under the watchdog (when CAPS: capped runs take well under
// a second), after settle (); returns the wall time in seconds.
double
run_one (const Impl *impl, const Config *cfg, const xb_run *x, bool caps)
{
  settle ();
  std::snprintf (g_current, sizeof g_current, "%s %s burst %d, %lld indices",
		 impl->name, cfg->name, x->burst, x->n);
  if (caps)
    alarm (120);
  double s = impl->run (x);
  alarm (0);
  return s;
}

// "2^N" for N.
std::string
pow2_str (int lg)
{
  return "2^" + std::to_string (lg);
}

} // namespace

// Run the matrix chosen by the command line; see usage().
int
main (int argc, char **argv)
{
  Options o = parse_options (argc, argv);
  g_main_affinity_ok
    = sched_getaffinity (0, sizeof g_main_affinity, &g_main_affinity) == 0;
  xb_topology_init ();
  signal (SIGALRM, watchdog);
  int ncores = xb_ncores ();
  int prod_core = 0, cons_core = ncores > 1 ? 1 : 0;

  FILE *csv = xb_csv_open (o.csv.c_str (), "impl,config,burst,hog,"
			   "ns_per_index,max_ns_per_index", o.hog);

  std::printf ("exploration (Erbium paper, section 5.1), %s run: %s "
	       "indices of int, horizon %s elements, median of %d run%s\n"
	       "producers on core %d, consumers on core %d (%d cores); "
	       "waiting: %s\n",
	       o.preset, pow2_str (o.log_n).c_str (),
	       pow2_str (o.log_h).c_str (), o.runs, o.runs > 1 ? "s" : "",
	       prod_core, cons_core, ncores,
	       "pause when each thread has its own core, sched_yield "
	       "otherwise (peers); the runtime's own (erbium)");
  xb_hog_start (o.hog);
  std::printf ("\n%-6s %6s  %-15s %8s %10s  %-19s  %s\n", "config", "burst",
	       "impl", "indices", "ns/index", "(min .. max)",
	       "erbium vs best peer");
  std::fflush (stdout);

  bool any_cap = false;
  int64_t start = xb_now_ns ();
  for (const Config *cfg : o.configs)
    for (int k : o.bursts)
      {
	size_t ni = o.impls.size ();
	std::vector<xb_run> runs (ni);
	std::vector<int> lg (ni);
	std::vector<std::vector<double>> ns (ni);
	for (size_t i = 0; i < ni; i++)
	  {
	    xb_run &x = runs[i];
	    x.producers = cfg->producers;
	    x.consumers = cfg->consumers;
	    x.burst = k;
	    x.horizon = 1 << o.log_h;
	    x.prod_core = prod_core;
	    x.cons_core = cons_core;
	    // A shared core (several producers or consumers, or one core in
	    // all) calls for yielding rather than pausing.
	    x.yield = cfg->producers > 1 || cfg->consumers > 1
	      || prod_core == cons_core;
	    lg[i] = o.log_n;
	    if (!o.caps)
	      continue;
	    // Warm-up runs, which also size the measured runs (see the
	    // comment at the top of this file).  A run much shorter than the
	    // budget mostly measures start-up, so the warm-up grows 8-fold
	    // while it takes less than an eighth of the budget.
	    int lw = std::min (o.log_floor, o.log_n);
	    double per_index;
	    for (;;)
	      {
		x.n = 1LL << lw;
		double t = run_one (o.impls[i], cfg, &x, true);
		per_index = t / static_cast<double> (x.n);
		if (t >= o.run_budget / 8 || lw >= o.log_n)
		  break;
		lw = std::min (lw + 3, o.log_n);
	      }
	    int lfloor = std::min (o.log_floor, o.log_n);
	    while (lg[i] > lfloor
		   && per_index * static_cast<double> (1LL << lg[i])
		      > o.run_budget)
	      lg[i]--;
	  }
	for (size_t i = 0; i < ni; i++)
	  runs[i].n = 1LL << lg[i];
	// Interleave: run r of every implementation before run r + 1.
	for (int r = 0; r < o.runs; r++)
	  for (size_t i = 0; i < ni; i++)
	    {
	      double s = run_one (o.impls[i], cfg, &runs[i], o.caps);
	      ns[i].push_back (s * 1e9 / static_cast<double> (runs[i].n));
	    }
	std::vector<xb_summary> st (ni);
	double best_peer = 0;
	const char *best_name = nullptr;
	for (size_t i = 0; i < ni; i++)
	  {
	    st[i] = xb_summarise (ns[i].data (), (int) ns[i].size ());
	    if (std::strcmp (o.impls[i]->name, "erbium") != 0
		&& (!best_name || st[i].med < best_peer))
	      best_peer = st[i].med, best_name = o.impls[i]->name;
	  }
	for (size_t i = 0; i < ni; i++)
	  {
	    bool capped = lg[i] < o.log_n;
	    any_cap |= capped;
	    std::string idx = pow2_str (lg[i]) + (capped ? "*" : "");
	    char range[64];
	    std::snprintf (range, sizeof range, "(%.3g .. %.3g)", st[i].min,
			   st[i].max);
	    std::string ratio;
	    if (std::strcmp (o.impls[i]->name, "erbium") == 0 && best_name)
	      {
		char buf[96];
		std::snprintf (buf, sizeof buf, "%.2fx (best peer %s)",
			       best_peer / st[i].med, best_name);
		ratio = buf;
	      }
	    std::printf ("%-6s %6d  %-15s %8s %10.3f  %-19s  %s\n",
			 cfg->name, k, o.impls[i]->name, idx.c_str (), st[i].med,
			 range, ratio.c_str ());
	    if (csv)
	      std::fprintf (csv, "%s,%s,%d,%d,%.4f,%.4f\n", o.impls[i]->name,
			    cfg->name, k, o.hog, st[i].med, st[i].max);
	  }
	std::printf ("\n");
	std::fflush (stdout);
	if (csv)
	  std::fflush (csv);
      }
  xb_hog_stop ();
  if (any_cap)
    std::printf ("* capped: fewer indices than 2^%d, so that one run takes "
		 "at most about %.2g s (estimated from warm-up runs of "
		 "2^%d indices or more; never fewer than that).  Same rule for every "
		 "implementation; --no-caps disables it.\n", o.log_n,
		 o.run_budget, std::min (o.log_floor, o.log_n));
  std::printf ("erbium vs best peer: best peer's ns/index divided by "
	       "erbium's (above 1: erbium is faster).  Total time %.1f s.\n",
	       (xb_now_ns () - start) * 1e-9);
  if (csv)
    {
      xb_csv_close (csv);
      std::printf ("CSV: %s\n", o.csv.c_str ());
    }
  return 0;
}
