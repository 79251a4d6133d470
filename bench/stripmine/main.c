/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c -- driver of the strip-mining benchmark (bench/stripmine, issue
   4): what the plugin's erbium-stripmine pass buys on kernels written
   element at a time (sum, scale, 16-tap FIR, complex multiply; see
   stripmine.h) over a stream between two processes.

   Four variants run in the same program, interleaved (run r of each
   before run r + 1, the order alternating):

     plugin        kernel.c with the plugin's defaults (plugin_run)
     no-stripmine  kernel.c with -fplugin-arg-erbium-stripmine=0
                   (nostrip_run)
     library       kernel.c with every primitive a library call
                   (library_run)
     sequential    the same computation in one thread over the input
                   array, plain C (seq.c)

   Each run's output is compared, bit for bit, with the first sequential
   run's; a mismatch stops the program with status 1.  The table gives the
   median ns per input element of each variant, with the ratios
   library/plugin (how many times faster the plugin is than library
   calls) and plugin/sequential (the plugin's cost over the sequential
   loop; 1.00 = as fast).  The CSV gets
   kernel,variant,hog,ns_per_element,max_ns_per_element: the median, the
   number of busy-loop processes the series ran beside (0 on a quiet
   machine) and the slowest run.

   --hog N runs the series with N busy-loop processes beside it
   (xb_hog_start: started once the inputs are made, before the first
   reference run, stopped after the last run), and replaces the CSV's
   rows of hog N, keeping the others.

   Usage: see usage() below.  QUICK=1 in the environment is --quick.  */

#include <stdint.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <erbium/runtime.h>
#include "xbench.h"
#include "stripmine.h"

#define MAX_RUNS 64

/* The variants, in table order, and their CSV names.  */
enum { V_PLUGIN, V_NOSTRIP, V_LIBRARY, V_SEQ, NV };
static const char *const variant_names[NV] = {
  "plugin", "no-stripmine", "library", "sequential"
};
static const char *const kernel_names[SM_NKERNELS] = {
  "sum", "scale", "fir16", "cmul"
};

/* Command line, after presets.  */
struct options
{
  const char *preset;		/* "full" or "quick" */
  int log_n;			/* input elements per run, log2 */
  int horizon;			/* view horizon, elements */
  int runs;			/* measured runs per variant and kernel */
  int kernels[SM_NKERNELS];	/* 1 = run that kernel */
  int hog;			/* busy-loop processes beside the series */
  const char *csv;		/* output, or "none" */
};

/* Print the usage on F.  */
static void
usage (FILE *f)
{
  fputs ("usage: stripmine [options]\n"
	 "  --quick          2^20 elements, 3 runs (also QUICK=1)\n"
	 "  --elements N     2^N input elements per run (default 22; "
	 "10..26)\n"
	 "  --horizon H      view horizon in elements (default 8192; "
	 "16..2^24)\n"
	 "  --runs N         measured runs per variant and kernel, median "
	 "(default 5)\n"
	 "  --kernels a,b,.. kernels among sum,scale,fir16,cmul (default "
	 "all)\n"
	 "  --hog N          N busy-loop processes beside the whole series "
	 "(default 0)\n"
	 "  --csv PATH|none  CSV output (default "
	 "bench/results/stripmine.csv)\n"
	 "  --help, -h       print this help and exit\n"
	 "A value follows its option after '=' or as the next argument.\n",
	 f);
}

/* The kernels of --kernels V (comma-separated names) into O; exits on
   an unknown one.  */
static void
parse_kernels (struct options *o, const char *v)
{
  char *copy = strdup (v), *save = NULL;
  for (int k = 0; k < SM_NKERNELS; k++)
    o->kernels[k] = 0;
  for (char *t = strtok_r (copy, ",", &save); t;
       t = strtok_r (NULL, ",", &save))
    {
      int k;
      for (k = 0; k < SM_NKERNELS; k++)
	if (!strcmp (t, kernel_names[k]))
	  break;
      if (k == SM_NKERNELS)
	xb_usage_error ("--kernels: unknown kernel %s (sum, scale, fir16, "
			"cmul)", t);
      o->kernels[k] = 1;
    }
  free (copy);
}

/* getopt_long's codes for the driver's own long options (xbench.h: the
   common ones).  */
enum
{
  OPT_ELEMENTS = XB_OPT_OWN, OPT_KERNELS
};

/* Fill O from ARGC/ARGV (getopt_long: --opt=V or --opt V, -h or --help
   for the usage on stdout and exit 0) and the environment; exits with
   status 2 on a bad option (xb_usage_error).  */
static void
parse_options (struct options *o, int argc, char **argv)
{
  static const struct option lo[] = {
    { "elements", required_argument, NULL, OPT_ELEMENTS },
    { "kernels", required_argument, NULL, OPT_KERNELS },
    XB_LONG_OPTIONS,
    { NULL, 0, NULL, 0 },
  };
  int quick = xb_quick (0, NULL);
  /* -1: not given, the preset's default below.  */
  o->log_n = o->runs = -1;
  o->horizon = 8192;
  for (int k = 0; k < SM_NKERNELS; k++)
    o->kernels[k] = 1;
  o->csv = "bench/results/stripmine.csv";
  o->hog = 0;
  int c;
  while ((c = xb_next_option (argc, argv, lo, usage)) != -1)
    switch (c)
      {
      case XB_OPT_QUICK:
	quick = 1;
	break;
      case OPT_ELEMENTS:
	o->log_n = xb_parse_int ("--elements", optarg, 10, 26);
	break;
      case XB_OPT_HORIZON:
	o->horizon = xb_parse_int ("--horizon", optarg, SM_TAPS, 1 << 24);
	break;
      case OPT_KERNELS:
	parse_kernels (o, optarg);
	break;
      default:
	xb_common_option (c, optarg, MAX_RUNS, &o->runs, &o->csv, &o->hog);
      }
  o->preset = xb_preset (quick, &o->log_n, 20, 22, &o->runs);
}

/* Allocate BYTES of zeroed, touched memory, or exit.  */
static void *
xalloc (size_t bytes)
{
  void *p = aligned_alloc (64, (bytes + 63) / 64 * 64);
  if (!p)
    {
      fprintf (stderr, "stripmine: out of memory (%zu bytes)\n", bytes);
      exit (1);
    }
  memset (p, 0, bytes);
  return p;
}

/* Deterministic pseudo-random floats in [-1, 1): a 64-bit LCG.  */
static float
next_float (uint64_t *s)
{
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return (float) ((int32_t) (*s >> 32)) * 0x1p-31f;
}

/* Run variant V of kernel K once over the N elements at IN into OUT,
   horizon H.  Returns ns per input element.  */
static double
run_variant (int v, int k, const void *in, void *out, int n, int h)
{
  double s;
  switch (v)
    {
    case V_PLUGIN:
      s = plugin_run (k, in, out, n, h);
      break;
    case V_NOSTRIP:
      s = nostrip_run (k, in, out, n, h);
      break;
    case V_LIBRARY:
      s = library_run (k, in, out, n, h);
      break;
    default:
      s = sequential_run (k, in, out, n);
      break;
    }
  return s * 1e9 / n;
}

/* Compare variant V's output OUT of kernel K (N input elements) with the
   reference REF, bit for bit; on a mismatch, say where and exit 1.  */
static void
check_output (int v, int k, const void *out, const void *ref, int n)
{
  long count = sm_outputs (k, n);
  long floats = count * (sm_elem_size (k) / (long) sizeof (float));
  const uint32_t *o = out, *r = ref;
  for (long j = 0; j < floats; j++)
    if (o[j] != r[j])
      {
	float fo, fr;
	memcpy (&fo, &o[j], sizeof fo);
	memcpy (&fr, &r[j], sizeof fr);
	long e = j / (sm_elem_size (k) / (long) sizeof (float));
	fprintf (stderr, "stripmine: %s, %s: output element %ld%s is %.9g "
		 "(0x%08x), sequential gives %.9g (0x%08x)\n",
		 kernel_names[k], variant_names[v], e,
		 k == SM_CMUL ? (j % 2 ? " (im)" : " (re)") : "", fo, o[j],
		 fr, r[j]);
	exit (1);
      }
}

/* Run the benchmark chosen by the command line; see usage().  Exit
   status 0, 1 on a wrong result, 2 on a bad option.  */
int
main (int argc, char **argv)
{
  struct options o;
  parse_options (&o, argc, argv);
  int n = 1 << o.log_n, h = o.horizon;
  int ncores = er_ncores ();

  /* Inputs, the reference output and one output buffer shared by every
     run (poisoned before each run, so that a variant that writes nothing
     is caught).  */
  float *in_f = xalloc ((size_t) n * sizeof (float));
  struct sm_cf *in_cf = xalloc ((size_t) n * sizeof (struct sm_cf));
  size_t out_bytes = (size_t) n * sizeof (struct sm_cf);
  void *ref = xalloc (out_bytes), *out = xalloc (out_bytes);
  uint64_t seed = 0x5eed;
  for (int i = 0; i < n; i++)
    in_f[i] = next_float (&seed);
  for (int i = 0; i < n; i++)
    {
      in_cf[i].re = next_float (&seed);
      in_cf[i].im = next_float (&seed);
    }

  FILE *csv = xb_csv_open (o.csv, "kernel,variant,hog,ns_per_element,"
			   "max_ns_per_element", o.hog);

  printf ("stripmine: element-at-a-time kernels over a stream "
	  "between two processes, %s run: 2^%d elements, horizon %d "
	  "elements, median of %d run%s\n"
	  "plugin = plugin defaults; no-stripmine = "
	  "-fplugin-arg-erbium-stripmine=0; library = "
	  "-fplugin-arg-erbium-lower=0 -fplugin-arg-erbium-window=0 "
	  "-fplugin-arg-erbium-stripmine=0; sequential = one thread over the "
	  "array, plain C\n"
	  "source process on core 0, kernel process on core %d (%d cores); "
	  "every output checked bit for bit against sequential\n",
	  o.preset, o.log_n, h, o.runs, o.runs > 1 ? "s" : "",
	  ncores > 1 ? 1 : 0, ncores);
  xb_hog_start (o.hog);
  printf ("\n%-6s %9s %13s %9s %11s %8s %8s %8s\n", "kernel", "plugin",
	  "no-stripmine", "library", "sequential", "lib/plg", "plg/seq",
	  "nos/plg");
  fflush (stdout);

  struct xb_summary st[SM_NKERNELS][NV];
  int64_t start = xb_now_ns ();
  for (int k = 0; k < SM_NKERNELS; k++)
    {
      if (!o.kernels[k])
	continue;
      const void *in = k == SM_CMUL ? (const void *) in_cf
	: (const void *) in_f;
      size_t bytes = (size_t) sm_outputs (k, n) * sm_elem_size (k);
      double ns[NV][MAX_RUNS];
      /* The reference, which is also the sequential warm-up.  */
      memset (ref, 0xff, bytes);
      run_variant (V_SEQ, k, in, ref, n, h);
      /* Warm-up of the other variants, not reported, checked.  */
      for (int v = 0; v < V_SEQ; v++)
	{
	  memset (out, 0xff, bytes);
	  run_variant (v, k, in, out, n, h);
	  check_output (v, k, out, ref, n);
	}
      /* Run r of every variant before run r + 1 (xb_interleave).  */
      for (int r = 0; r < o.runs; r++)
	for (int j = 0; j < NV; j++)
	  {
	    int v = xb_interleave (r, j, NV);
	    memset (out, 0xff, bytes);
	    ns[v][r] = run_variant (v, k, in, out, n, h);
	    check_output (v, k, out, ref, n);
	  }
      double med[NV];
      for (int v = 0; v < NV; v++)
	{
	  st[k][v] = xb_summarise (ns[v], o.runs);
	  med[v] = st[k][v].med;
	}
      printf ("%-6s %9.3f %13.3f %9.3f %11.3f %7.2fx %8.2f %8.2f\n",
	      kernel_names[k], med[V_PLUGIN], med[V_NOSTRIP], med[V_LIBRARY],
	      med[V_SEQ], med[V_LIBRARY] / med[V_PLUGIN],
	      med[V_PLUGIN] / med[V_SEQ], med[V_NOSTRIP] / med[V_PLUGIN]);
      fflush (stdout);
      if (csv)
	{
	  for (int v = 0; v < NV; v++)
	    fprintf (csv, "%s,%s,%d,%.4f,%.4f\n", kernel_names[k],
		     variant_names[v], o.hog, med[v], st[k][v].max);
	  fflush (csv);
	}
    }
  xb_hog_stop ();
  printf ("\nmin .. max over the runs (ns/element):\n");
  for (int k = 0; k < SM_NKERNELS; k++)
    {
      if (!o.kernels[k])
	continue;
      printf ("%-6s", kernel_names[k]);
      for (int v = 0; v < NV; v++)
	printf ("  %s %.3g .. %.3g", variant_names[v], st[k][v].min,
		st[k][v].max);
      printf ("\n");
    }
  printf ("\nns/element: median wall time per input element (fir16: 2^%d "
	  "inputs, 15 fewer outputs); lib/plg: how many times faster plugin "
	  "is than library calls; plg/seq: plugin's time over sequential's "
	  "(1.00 = as fast); nos/plg: no-stripmine's time over plugin's.  "
	  "Total time %.1f s.\n", o.log_n, (xb_now_ns () - start) * 1e-9);
  if (csv)
    {
      xb_csv_close (csv);
      printf ("CSV: %s\n", o.csv);
    }
  return 0;
}
