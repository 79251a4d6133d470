/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c -- driver of the plugin benchmark (bench/plugin): what
   the Erbium GCC plugin's lowering buys on the exploration kernel (paper
   section 5.1, one producer and one consumer).

   kernel.c is compiled twice from the same source (plugin.mk): plugin_run
   with the plugin's full lowering, library_run with the lowering off
   (every primitive and every v[i] a call of liberbium).  For each burst,
   this driver runs the two variants interleaved (run r of both before run
   r + 1, the order alternating), takes the median ns/index of each, and
   prints them with their ratio and, for reference, the runtime's
   hand-written C-API Erbium figure for 1p1c at the same burst: from
   bench/results/exploration.csv (written by bench/exploration) and, unless
   --no-capi, measured in this very run with bench/exploration's own
   erbium.c (pinned with er_run_on, producer on core 0, consumer on core
   1, like the kernel's automatic placement).  The CSV gets the two
   variants only: variant,burst,hog,ns_per_index,max_ns_per_index (the
   median, the number of busy-loop processes the series ran beside, 0 on
   a quiet machine, and the slowest run).

   --hog N runs the series with N busy-loop processes beside it
   (xb_hog_start: started before the first warm-up run, stopped after the
   last run), replaces the CSV's rows of hog N and keeps the others, and
   compares with exploration's rows of the same hog.

   Usage: see usage() below.  QUICK=1 in the environment is --quick.  */

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <erbium/runtime.h>
#include "xbench.h"

/* The two variants of kernel.c (same source, different plugin options):
   one run of BURST-sized bursts, N indices, views of HORIZON elements;
   wall time in seconds.  */
double plugin_run (int burst, int horizon, int n);
double library_run (int burst, int horizon, int n);

#define MAX_BURSTS 16
#define MAX_RUNS 64

/* Command line, after presets.  */
struct options
{
  const char *preset;		/* "full" or "quick" */
  int log_n;			/* indices per measured run, log2 */
  int log_h;			/* horizon, log2 */
  int runs;			/* measured runs per variant and burst */
  int bursts[MAX_BURSTS];
  int nbursts;
  int capi;			/* also run exploration's C-API erbium */
  int hog;			/* busy-loop processes beside the series */
  const char *csv;		/* output, or "none" */
  const char *expl_csv;		/* exploration results to compare with */
};

/* Print the usage on F.  */
static void
usage (FILE *f)
{
  fputs ("usage: plugin [options]\n"
	 "  --quick          2^22 indices, 3 runs (also QUICK=1)\n"
	 "  --indices N      2^N indices per run (default 26; 16..30)\n"
	 "  --horizon N      horizon 2^N elements (default 16)\n"
	 "  --runs N         measured runs per variant and burst, median "
	 "(default 5)\n"
	 "  --bursts a,b,..  bursts (default 1,8,64,1024; powers of two "
	 "up to the horizon)\n"
	 "  --no-capi        do not run bench/exploration's C-API erbium "
	 "in the same run\n"
	 "  --hog N          N busy-loop processes beside the whole series "
	 "(default 0)\n"
	 "  --csv PATH|none  CSV output (default bench/results/plugin.csv)\n"
	 "  --exploration P  exploration CSV to compare with (default "
	 "bench/results/exploration.csv)\n"
	 "  --help, -h       print this help and exit\n"
	 "A value follows its option after '=' or as the next argument.\n",
	 f);
}

/* The bursts of --bursts V (comma-separated) into O; exits on a bad
   one.  */
static void
parse_bursts (struct options *o, const char *v)
{
  char *copy = strdup (v), *save = NULL;
  o->nbursts = 0;
  for (char *t = strtok_r (copy, ",", &save); t;
       t = strtok_r (NULL, ",", &save))
    {
      if (o->nbursts == MAX_BURSTS)
	xb_usage_error ("--bursts: at most %d bursts", MAX_BURSTS);
      o->bursts[o->nbursts++] = xb_parse_int ("--bursts", t, 1, 1 << 24);
    }
  free (copy);
}

/* getopt_long's codes for the driver's own long options (xbench.h: the
   common ones).  */
enum
{
  OPT_NO_CAPI = XB_OPT_OWN, OPT_INDICES, OPT_EXPLORATION, OPT_BURSTS
};

/* Fill O from ARGC/ARGV (getopt_long: --opt=V or --opt V, -h or --help
   for the usage on stdout and exit 0) and the environment; exits with
   status 2 on a bad option (xb_usage_error).  */
static void
parse_options (struct options *o, int argc, char **argv)
{
  static const int def_bursts[] = { 1, 8, 64, 1024 };
  static const struct option lo[] = {
    { "no-capi", no_argument, NULL, OPT_NO_CAPI },
    { "indices", required_argument, NULL, OPT_INDICES },
    { "exploration", required_argument, NULL, OPT_EXPLORATION },
    { "bursts", required_argument, NULL, OPT_BURSTS },
    XB_LONG_OPTIONS,
    { NULL, 0, NULL, 0 },
  };
  int quick = xb_quick (0, NULL);
  /* -1: not given, the preset's default below.  */
  o->log_n = o->runs = -1;
  o->log_h = 16;
  o->nbursts = 4;
  memcpy (o->bursts, def_bursts, sizeof def_bursts);
  o->capi = 1;
  o->hog = 0;
  o->csv = "bench/results/plugin.csv";
  o->expl_csv = "bench/results/exploration.csv";
  int c;
  while ((c = xb_next_option (argc, argv, lo, usage)) != -1)
    switch (c)
      {
      case XB_OPT_QUICK:
	quick = 1;
	break;
      case OPT_NO_CAPI:
	o->capi = 0;
	break;
      case OPT_INDICES:
	o->log_n = xb_parse_int ("--indices", optarg, 16, 30);
	break;
      case XB_OPT_HORIZON:
	o->log_h = xb_parse_int ("--horizon", optarg, 4, 26);
	break;
      case OPT_EXPLORATION:
	o->expl_csv = optarg;
	break;
      case OPT_BURSTS:
	parse_bursts (o, optarg);
	break;
      default:
	xb_common_option (c, optarg, MAX_RUNS, &o->runs, &o->csv, &o->hog);
      }
  o->preset = xb_preset (quick, &o->log_n, 22, 26, &o->runs);
  for (int b = 0; b < o->nbursts; b++)
    {
      int k = o->bursts[b];
      if ((k & (k - 1)) || k > (1 << o->log_h) || k > (1 << o->log_n))
	xb_usage_error ("burst %d: expected a power of two no larger than "
			"the horizon and the number of indices", k);
    }
}

/* The erbium 1p1c ns/index for BURST and HOG busy-loop processes in the
   exploration CSV at PATH (columns found by name in its header: impl,
   config, burst, hog, ns_per_index; a file without hog has hog 0).
   Returns the figure, -1 when the file has no such row, -2 when the file
   cannot be read.  */
static double
exploration_figure (const char *path, int burst, int hog)
{
  FILE *f = fopen (path, "r");
  if (!f)
    return -2;
  enum { IMPL, CONFIG, BURST, HOG, NS, NCOL };
  static const char *const names[NCOL] = {
    "impl", "config", "burst", "hog", "ns_per_index"
  };
  char line[512], *fields[32];
  int col[NCOL], nf = 0;
  if (fgets (line, sizeof line, f))
    nf = xb_csv_split (line, fields, 32);
  for (int c = 0; c < NCOL; c++)
    col[c] = xb_csv_index (fields, nf, names[c]);
  double found = -1;
  while (col[IMPL] >= 0 && col[CONFIG] >= 0 && col[BURST] >= 0
	 && col[NS] >= 0 && fgets (line, sizeof line, f))
    {
      int n = xb_csv_split (line, fields, 32);
      if (n != nf)
	continue;
      if (!strcmp (fields[col[IMPL]], "erbium")
	  && !strcmp (fields[col[CONFIG]], "1p1c")
	  && atoi (fields[col[BURST]]) == burst
	  && (col[HOG] < 0 ? 0 : atoi (fields[col[HOG]])) == hog)
	found = atof (fields[col[NS]]);
    }
  fclose (f);
  return found;
}

/* The variants measured by this driver: plugin, library, capi.  */
enum { V_PLUGIN, V_LIBRARY, V_CAPI, NV };

/* Run variant V once: N indices in bursts of K, horizon H elements, the
   C-API variant pinned to PROD_CORE and CONS_CORE.  Returns ns/index.  */
static double
run_variant (int v, int k, int h, int n, int prod_core, int cons_core)
{
  double s;
  if (v == V_PLUGIN)
    s = plugin_run (k, h, n);
  else if (v == V_LIBRARY)
    s = library_run (k, h, n);
  else
    {
      struct xb_run x = { 1, 1, k, h, n, 0, prod_core, cons_core };
      s = xb_run_erbium (&x);
    }
  return s * 1e9 / n;
}

/* Run the benchmark chosen by the command line; see usage().  Exit
   status 0, 2 on a bad option; a wrong sum aborts.  */
int
main (int argc, char **argv)
{
  struct options o;
  parse_options (&o, argc, argv);
  int ncores = er_ncores ();
  int prod_core = 0, cons_core = ncores > 1 ? 1 : 0;
  int n = 1 << o.log_n, h = 1 << o.log_h;
  int nv = o.capi ? NV : V_CAPI;

  FILE *csv = xb_csv_open (o.csv, "variant,burst,hog,ns_per_index,"
			   "max_ns_per_index", o.hog);

  printf ("plugin: the exploration kernel (1p1c) in Erbium C, "
	  "%s run: 2^%d indices of int, horizon 2^%d elements, median of %d "
	  "run%s\n"
	  "plugin = full lowering; library = same source, "
	  "-fplugin-arg-erbium-lower=0 -fplugin-arg-erbium-window=0; "
	  "capi = bench/exploration's erbium.c in this run\n"
	  "producer on core %d, consumer on core %d (%d cores)\n",
	  o.preset, o.log_n, o.log_h, o.runs, o.runs > 1 ? "s" : "",
	  prod_core, cons_core, ncores);
  xb_hog_start (o.hog);
  if (exploration_figure (o.expl_csv, 1, o.hog) == -2)
    printf ("%s is absent: no exploration figure to compare with (run "
	    "bench/exploration, make bench, first)\n", o.expl_csv);
  printf ("\n%6s %9s %-17s %9s %-17s %7s %7s %9s %7s %9s %7s\n", "burst",
	  "plugin", "(min .. max)", "library", "(min .. max)", "lib/plg",
	  "plg/lib", "capi", "plg/capi", "expl.csv", "plg/csv");
  fflush (stdout);

  int64_t start = xb_now_ns ();
  for (int b = 0; b < o.nbursts; b++)
    {
      int k = o.bursts[b];
      double ns[NV][MAX_RUNS];
      struct xb_summary st[NV];
      /* Warm-up, not reported: page in the windows, wake the cores.  */
      for (int v = 0; v < nv; v++)
	run_variant (v, k, h, n < (1 << 20) ? n : 1 << 20, prod_core,
		     cons_core);
      /* Run r of every variant before run r + 1 (xb_interleave).  */
      for (int r = 0; r < o.runs; r++)
	for (int j = 0; j < nv; j++)
	  {
	    int v = xb_interleave (r, j, nv);
	    ns[v][r] = run_variant (v, k, h, n, prod_core, cons_core);
	  }
      for (int v = 0; v < nv; v++)
	st[v] = xb_summarise (ns[v], o.runs);
      double plg = st[V_PLUGIN].med, lib = st[V_LIBRARY].med;
      char rp[40], rl[40], capi[16] = "-", pc[16] = "-", ex[16] = "-",
	pe[16] = "-";
      snprintf (rp, sizeof rp, "(%.3g .. %.3g)", st[V_PLUGIN].min,
		st[V_PLUGIN].max);
      snprintf (rl, sizeof rl, "(%.3g .. %.3g)", st[V_LIBRARY].min,
		st[V_LIBRARY].max);
      if (o.capi)
	{
	  snprintf (capi, sizeof capi, "%.3f", st[V_CAPI].med);
	  snprintf (pc, sizeof pc, "%.2f", plg / st[V_CAPI].med);
	}
      double e = exploration_figure (o.expl_csv, k, o.hog);
      if (e > 0)
	{
	  snprintf (ex, sizeof ex, "%.3f", e);
	  snprintf (pe, sizeof pe, "%.2f", plg / e);
	}
      printf ("%6d %9.3f %-17s %9.3f %-17s %6.2fx %7.3f %9s %7s %9s %7s\n",
	      k, plg, rp, lib, rl, lib / plg, plg / lib, capi, pc, ex, pe);
      fflush (stdout);
      if (csv)
	{
	  fprintf (csv, "plugin,%d,%d,%.4f,%.4f\nlibrary,%d,%d,%.4f,%.4f\n",
		   k, o.hog, plg, st[V_PLUGIN].max, k, o.hog, lib,
		   st[V_LIBRARY].max);
	  fflush (csv);
	}
    }
  xb_hog_stop ();
  printf ("\nns/index: median wall time per index; lib/plg: how many times "
	  "faster the plugin's lowering is than library calls; plg/capi, "
	  "plg/csv: plugin's ns/index over the hand-written C-API figure "
	  "(1.00 = as fast; - = not measured or no 1p1c row for that burst and "
	  "hog in %s).  Total time %.1f s.\n", o.expl_csv,
	  (xb_now_ns () - start) * 1e-9);
  if (csv)
    {
      xb_csv_close (csv);
      printf ("CSV: %s\n", o.csv);
    }
  return 0;
}
