/* util.h -- what every program built from the FM receiver shares outside
   the signal processing (fmradio.c, and through blocks.c fmradio-seq.c
   and bench/fmradio's peers): option values, the wall clock and the
   summary line the benchmark driver parses.  Header only.  */
#ifndef FM_UTIL_H
#define FM_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "dsp.h"

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

#endif /* FM_UTIL_H */
