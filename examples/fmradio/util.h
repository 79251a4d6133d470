/* util.h -- what every program built from the FM receiver shares outside
   the signal processing (fmradio.c, and through blocks.c fmradio-seq.c
   and bench/fmradio's peers): the command line, the wall clock, the end
   of a run and the summary line the benchmark driver parses.  Header
   only.  */
#ifndef FM_UTIL_H
#define FM_UTIL_H

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

/* An option of a receiver's command line besides --quiet and --eq:
   NAME (with its dashes) followed by a decimal integer from LO to HI,
   counted in UNIT (for messages), stored in *VAL; or, when VAL is NULL,
   a flag NAME alone, which sets *FLAG to 1.  */
struct fm_opt
{
  const char *name;
  long *val;
  long lo, hi;
  const char *unit;
  int *flag;
};

/* Parse PROG's command line ARGC, ARGV: options first, --quiet (*QUIET
   set to 1; 0 without it), --eq G0,G1,G2,G3 (GAIN, FM_EQ_BANDS factors,
   all 1 without it) and the N of OPTS, then exactly two operands,
   INPUT.wav and OUTPUT.wav.  Returns the index of INPUT.wav in ARGV, or
   -1 after printing why not on stderr: a bad value (fm_int_opt,
   fm_eq_opt), or "usage: PROG USAGE" for an unknown option, a missing
   value or a wrong number of operands.  The caller then exits with
   status 2.  */
static inline int
fm_parse_args (int argc, char **argv, const char *prog, const char *usage,
	       const struct fm_opt *opts, int n, double *gain, int *quiet)
{
  for (int b = 0; b < FM_EQ_BANDS; b++)
    gain[b] = 1.0;
  *quiet = 0;
  int a = 1;
  for (; a < argc && argv[a][0] == '-'; a++)
    {
      const char *o = argv[a];
      const struct fm_opt *f = NULL;
      for (int k = 0; k < n && !f; k++)
	if (!strcmp (o, opts[k].name))
	  f = &opts[k];
      if (!strcmp (o, "--quiet"))
	*quiet = 1;
      else if (f && !f->val)
	*f->flag = 1;
      else if (a + 1 >= argc || (!f && strcmp (o, "--eq")))
	break;
      else if (!f)
	{
	  if (fm_eq_opt (prog, argv[++a], gain))
	    return -1;
	}
      else if ((*f->val = fm_int_opt (prog, o, argv[++a], f->lo, f->hi,
				      f->unit)) < 0)
	return -1;
    }
  if (argc - a == 2 && argv[a][0] != '-')
    return a;
  fprintf (stderr, "usage: %s %s\n", prog, usage);
  return -1;
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
