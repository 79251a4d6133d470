/* SPDX-License-Identifier: MIT */ /* util.h -- what every program built from the FM receiver shares outside
   the signal processing (fmradio.c, and through blocks.c fmradio-seq.c
   and bench/fmradio's peers): the command line, the wall clock, the end
   of a run and the summary line the benchmark driver parses.  Header
   only.  */
#ifndef FM_UTIL_H
#define FM_UTIL_H

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "dsp.h"
#include "wav.h"

/* The smaller of A and B (samples).  */
static inline long
fm_min (long a, long b)
{
  return a < b ? a : b;
}

/* The larger of A and B (samples or elements).  */
static inline long
fm_max (long a, long b)
{
  return a > b ? a : b;
}

/* CLOCK_MONOTONIC in seconds, for the wall times the builds print.  */
static inline double
fm_now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* The value S of PROG's option OPT: a decimal integer from LO to HI,
   counted in UNIT (for the message).  Returns it, or prints "PROG: OPT:
   expected LO to HI UNIT" on stderr and returns -1 (LO must be 0 or
   more).  */
static inline long
fm_int_opt (const char *prog, const char *opt, const char *s, long lo,
	    long hi, const char *unit)
{
  char *end;
  long v = strtol (s, &end, 10);
  if (end != s && !*end && v >= lo && v <= hi)
    return v;
  fprintf (stderr, "%s: %s: expected %ld to %ld %s\n", prog, opt, lo, hi,
	   unit);
  return -1;
}

/* The value S of PROG's --eq option into GAIN (FM_EQ_BANDS factors,
   fm_parse_gains).  Returns 0, or prints what was expected and returns
   -1.  */
static inline int
fm_eq_opt (const char *prog, const char *s, double *gain)
{
  if (!fm_parse_gains (s, gain))
    return 0;
  fprintf (stderr, "%s: --eq: expected %d gains from 0 to 16 separated by "
	   "commas\n", prog, FM_EQ_BANDS);
  return -1;
}

/* Print PROG's summary: N input I/Q samples gave NE audio samples in SECS
   seconds of wall time, then SETTINGS in parentheses.  A format the
   scripts parse (bench/fmradio/fmreport.py, for bench/fmradio/run, and
   through it scripts/demo, and bench/fmradio/loop-offsets): N after
   "PROG: ", the time between " in " and " s:", to 0.1 ms: builds that
   differ by a few tenths of a per cent are compared on medians of many
   runs (bench/fmradio/ab), which a 1 ms quantum hid.  */
static inline void
fm_report (const char *prog, long n, long ne, double secs,
	   const char *settings)
{
  printf ("%s: %ld I/Q samples (%.2f s at %d S/s) -> %ld audio samples in "
	  "%.4f s: %.3g samples/s, %.1fx real time (%s)\n", prog, n,
	  (double) n / FM_RATE_IN, FM_RATE_IN, ne, secs, n / secs,
	  (double) n / FM_RATE_IN / secs, settings);
}

/* An option of a receiver's command line besides --quiet, --eq and
   --help: NAME (with its dashes) followed by a decimal integer from LO
   to HI, counted in UNIT (for messages), stored in *VAL; or, when VAL is
   NULL, a flag NAME alone, which sets *FLAG to 1.  ARG names the value
   and HELP says what it is, for --help.  */
struct fm_opt
{
  const char *name;
  long *val;
  long lo, hi;
  const char *unit;
  int *flag;
  const char *arg, *help;
};

/* getopt_long's codes for the options every receiver has, and for
   OPTS[K] of fm_parse_args (FM_OPT_TABLE + K): above any character, so
   that a code is never taken for a short option.  */
enum { FM_OPT_QUIET = 0x100, FM_OPT_EQ, FM_OPT_HELP, FM_OPT_TABLE = 0x200 };

/* Print the pointer to --help that ends every usage error of PROG on
   stderr; returns -1.  */
static inline int
fm_try_help (const char *prog)
{
  fprintf (stderr, "Try '%s --help' for more information.\n", prog);
  return -1;
}

/* Print PROG's help on stdout: the synopsis "usage: PROG USAGE", then a
   line for each of the N options OPTS (and one for its range when it
   takes a value) and for --eq, --quiet and --help.  */
static inline void
fm_help (const char *prog, const char *usage, const struct fm_opt *opts,
	 int n)
{
  printf ("usage: %s %s\n", prog, usage);
  for (int k = 0; k < n; k++)
    {
      char head[40];
      snprintf (head, sizeof head, "%s%s%s", opts[k].name,
		opts[k].val ? "=" : "", opts[k].val ? opts[k].arg : "");
      printf ("  %-18s %s\n", head, opts[k].help);
      if (opts[k].val)
	printf ("  %-18s %ld to %ld %s\n", "", opts[k].lo, opts[k].hi,
		opts[k].unit);
    }
  printf ("  %-18s the equaliser's %d band gains, 0 to 16 each (default "
	  "all 1)\n", "--eq=G0,G1,G2,G3", FM_EQ_BANDS);
  printf ("  %-18s no summary line on stdout\n", "--quiet");
  printf ("  %-18s print this help and exit\n", "--help");
  printf ("Reads INPUT.wav (interleaved float32 I/Q, 2 channels at %d S/s) "
	  "and writes\nOUTPUT.wav (16-bit PCM mono at %d S/s).  Exit status "
	  "0, 1 on bad input or an\nI/O error, 2 on bad usage.\n",
	  FM_RATE_IN, FM_RATE_OUT);
}

/* After getopt_long returned '?' or ':' (C) on ARGV: print why, as
   "PROG: ...", and the pointer to --help on stderr.  Returns -1.  */
static inline int
fm_opt_error (const char *prog, char **argv, int c)
{
  const char *o = argv[optind - 1];
  if (c == ':')
    fprintf (stderr, "%s: option '%s' needs a value\n", prog, o);
  else if (optopt > 0 && optopt < 0x100)
    fprintf (stderr, "%s: unknown option '-%c'\n", prog, optopt);
  else if (optopt)
    fprintf (stderr, "%s: option '%s' takes no value\n", prog, o);
  else
    fprintf (stderr, "%s: unknown or ambiguous option '%s'\n", prog, o);
  return fm_try_help (prog);
}

/* Parse PROG's command line ARGC, ARGV with getopt_long: --quiet (*QUIET
   set to 1; 0 without it), --eq G0,G1,G2,G3 (GAIN, FM_EQ_BANDS factors,
   all 1 without it), --help and the N of OPTS, each value either in the
   same word (--burst=4096) or the next (--burst 4096), options and
   operands in any order ("--" ends the options); exactly two operands,
   INPUT.wav and OUTPUT.wav.  --help prints fm_help (USAGE, the
   synopsis) on stdout and exits with status 0.  Returns the index of
   INPUT.wav in ARGV (OUTPUT.wav is next: getopt_long moves the operands
   after the options), or -1 after printing why not and "Try 'PROG
   --help'" on stderr: a bad value (fm_int_opt, fm_eq_opt), an unknown
   option, a missing value or a wrong number of operands.  The caller
   then exits with status 2.  */
static inline int
fm_parse_args (int argc, char **argv, const char *prog, const char *usage,
	       const struct fm_opt *opts, int n, double *gain, int *quiet)
{
  struct option lo[n + 4];
  for (int k = 0; k < n; k++)
    lo[k] = (struct option) { opts[k].name + 2, opts[k].val
			      ? required_argument : no_argument, NULL,
			      FM_OPT_TABLE + k };
  lo[n] = (struct option) { "quiet", no_argument, NULL, FM_OPT_QUIET };
  lo[n + 1] = (struct option) { "eq", required_argument, NULL, FM_OPT_EQ };
  lo[n + 2] = (struct option) { "help", no_argument, NULL, FM_OPT_HELP };
  lo[n + 3] = (struct option) { NULL, 0, NULL, 0 };
  for (int b = 0; b < FM_EQ_BANDS; b++)
    gain[b] = 1.0;
  *quiet = 0;
  opterr = 0;
  int c;
  while ((c = getopt_long (argc, argv, ":", lo, NULL)) != -1)
    {
      const struct fm_opt *f = c >= FM_OPT_TABLE ? &opts[c - FM_OPT_TABLE]
	: NULL;
      if (c == FM_OPT_HELP)
	{
	  fm_help (prog, usage, opts, n);
	  exit (fflush (stdout) ? 1 : 0);
	}
      else if (c == FM_OPT_QUIET)
	*quiet = 1;
      else if (c == FM_OPT_EQ)
	{
	  if (fm_eq_opt (prog, optarg, gain))
	    return fm_try_help (prog);
	}
      else if (f && !f->val)
	*f->flag = 1;
      else if (!f)
	return fm_opt_error (prog, argv, c);
      else if ((*f->val = fm_int_opt (prog, f->name, optarg, f->lo, f->hi,
				      f->unit)) < 0)
	return fm_try_help (prog);
    }
  if (argc - optind == 2)
    return optind;
  fprintf (stderr, "%s: expected two operands, INPUT.wav and OUTPUT.wav; "
	   "got %d\n", prog, argc - optind);
  return fm_try_help (prog);
}

/* The end of PROG's run, which started at T0 (fm_now) and succeeded if
   OK: close IN, and close OUT, keeping it only if OK (fm_output_close);
   then, unless QUIET, print the summary (fm_report: IN's samples, NE
   output samples, SETTINGS).  Returns the exit status: 0, or 1 when the
   run failed or OUT could not be completed (fm_output_close prints
   why).  */
static inline int
fm_finish (const char *prog, struct fm_input *in, struct fm_output *out,
	   int ok, double t0, long ne, int quiet, const char *settings)
{
  long n = in->n;
  fm_close_input (in);
  if (fm_output_close (out, ok) || !ok)
    return 1;
  double secs = fm_now () - t0;
  if (!quiet)
    fm_report (prog, n, ne, secs, settings);
  return 0;
}

#endif /* FM_UTIL_H */
