/* SPDX-License-Identifier: GPL-3.0-or-later */
/* grain.h -- what the programs of the grain benchmark (bench/grain)
   share: their command line, the clock, the digest of a result and the
   one summary line the driver (bench/grain/run) parses.  Header only,
   plain C.

   Every program computes one benchmark with one implementation, times
   the computation (input generation and checks excluded) and prints

     grain: BENCH IMPL: PARAMS: T s, digest D, error E, bound B

   T the wall seconds, D the FNV-1a digest of the result's bytes (16 hex
   digits): the driver requires the digest of every implementation that
   must compute the sequential one's bits to equal the sequential
   program's, and every run's to equal the program's first run's; E and
   B the relative error of the result against an independent reference
   and its bound, when the program was asked to check (--verify: the
   FFT against FFTW, Cholesky against LAPACK's dpotrf, Fibonacci
   against the iterative sum), else "-" and "-".  A program whose error
   exceeds its bound says so on stderr and exits with status 1.  */
#ifndef BENCH_GRAIN_H
#define BENCH_GRAIN_H

#include <getopt.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One integer option of a program: --NAME V (or --NAME=V), V from MIN
   to MAX (its unit in UNIT, for the help), stored in *VALUE.  */
struct grain_opt
{
  const char *name;
  long *value;
  long min, max;
  const char *unit;
};

/* getopt_long's codes for --verify, --help and OPTS[K] of grain_parse
   (GRAIN_OPT_TABLE + K): above any character.  */
enum { GRAIN_OPT_VERIFY = 0x100, GRAIN_OPT_HELP, GRAIN_OPT_TABLE = 0x200 };

/* Print "PROG: " and FMT (a printf format and its arguments) as one
   line, then the pointer to --help, on stderr; returns -1.  */
static inline int __attribute__ ((format (printf, 2, 3)))
grain_usage_error (const char *prog, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  fprintf (stderr, "%s: ", prog);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fprintf (stderr, "\nTry '%s --help' for more information.\n", prog);
  return -1;
}

/* Print PROG's help on stdout: the synopsis, a line for each of the N
   options OPTS with its range and default (the value *VALUE holds), and
   --verify and --help.  */
static inline void
grain_help (const char *prog, const struct grain_opt *opts, int n)
{
  printf ("usage: %s [OPTION]...\n", prog);
  for (int k = 0; k < n; k++)
    {
      char head[32];
      snprintf (head, sizeof head, "--%s=V", opts[k].name);
      printf ("  %-16s %s: %ld to %ld (default %ld)\n", head, opts[k].unit,
	      opts[k].min, opts[k].max, *opts[k].value);
    }
  printf ("  %-16s check the result against an independent reference\n"
	  "  %-16s print this help and exit\n"
	  "Prints one summary line (bench/grain/grain.h).\nExit status 0, 1 "
	  "on a wrong result, 2 on bad usage.\n", "--verify", "--help");
}

/* Parse PROG's command line ARGC, ARGV with getopt_long against the N
   options OPTS, the flag --verify (stored in *VERIFY, 0 or 1) and --help
   (grain_help on stdout, then exit with status 0).  Options keep the
   value their variable had when not given; a value is in the same word
   (--log2=20) or the next (--log2 20).  Returns 0, or prints what is
   wrong and the pointer to --help on stderr and returns -1 (an unknown
   option, a missing or bad value, an operand; the caller exits with
   status 2).  */
static inline int
grain_parse (int argc, char **argv, const char *prog,
	     const struct grain_opt *opts, int n, int *verify)
{
  struct option lo[n + 3];
  for (int k = 0; k < n; k++)
    lo[k] = (struct option) { opts[k].name, required_argument, NULL,
			      GRAIN_OPT_TABLE + k };
  lo[n] = (struct option) { "verify", no_argument, NULL, GRAIN_OPT_VERIFY };
  lo[n + 1] = (struct option) { "help", no_argument, NULL, GRAIN_OPT_HELP };
  lo[n + 2] = (struct option) { NULL, 0, NULL, 0 };
  *verify = 0;
  opterr = 0;
  int c;
  while ((c = getopt_long (argc, argv, ":", lo, NULL)) != -1)
    {
      if (c == GRAIN_OPT_HELP)
	{
	  grain_help (prog, opts, n);
	  exit (fflush (stdout) ? 1 : 0);
	}
      if (c == GRAIN_OPT_VERIFY)
	*verify = 1;
      else if (c == ':')
	return grain_usage_error (prog, "option '%s' needs a value",
				  argv[optind - 1]);
      else if (c == '?' && optopt > 0 && optopt < GRAIN_OPT_VERIFY)
	return grain_usage_error (prog, "unknown option '-%c'", optopt);
      else if (c < GRAIN_OPT_TABLE)
	return grain_usage_error (prog, optopt ? "option '%s' takes no value"
				  : "unknown or ambiguous option '%s'",
				  argv[optind - 1]);
      else
	{
	  const struct grain_opt *o = &opts[c - GRAIN_OPT_TABLE];
	  char *end;
	  long v = strtol (optarg, &end, 10);
	  if (end == optarg || *end || v < o->min || v > o->max)
	    return grain_usage_error (prog, "--%s: '%s': expected %ld to %ld "
				      "(%s)", o->name, optarg, o->min,
				      o->max, o->unit);
	  *o->value = v;
	}
    }
  if (optind < argc)
    return grain_usage_error (prog, "unexpected operand '%s'",
			      argv[optind]);
  return 0;
}

/* Whether a block (or tile) of 2^BL points per side fits a grid (or
   matrix) of 2^L: 1, or 0 after "PROG: --block-log2 BL above --log2 L"
   on stderr.  */
static inline int
grain_block_fits (const char *prog, long bl, long l)
{
  if (bl <= l)
    return 1;
  fprintf (stderr, "%s: --block-log2 %ld above --log2 %ld\n", prog, bl, l);
  return 0;
}

/* CLOCK_MONOTONIC in seconds.  */
static inline double
grain_now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* The 64-bit FNV-1a digest of the BYTES bytes at P.  */
static inline uint64_t
grain_digest (const void *p, size_t bytes)
{
  const unsigned char *c = (const unsigned char *) p;
  uint64_t h = 14695981039346656037ull;
  for (size_t k = 0; k < bytes; k++)
    h = (h ^ c[k]) * 1099511628211ull;
  return h;
}

/* Memory for N elements of SIZE bytes, aligned to 64 bytes; prints
   what failed on stderr and exits with status 1 when there is none.  */
static inline void *
grain_alloc (const char *prog, size_t n, size_t size)
{
  size_t bytes = (n * size + 63) & ~(size_t) 63;
  void *p = aligned_alloc (64, bytes ? bytes : 64);
  if (!p)
    {
      fprintf (stderr, "%s: out of memory for %zu elements of %zu bytes\n",
	       prog, n, size);
      exit (1);
    }
  return p;
}

/* The end of a run of benchmark BENCH by implementation IMPL with the
   parameters PARAMS (text): print the summary line (above) with SECS,
   DIGEST and, when VERIFIED, the relative ERROR and its BOUND.  Returns
   the exit status: 0, or 1 after a message on stderr when the error is
   above the bound (or not a number).  */
static inline int
grain_report (const char *bench, const char *impl, const char *params,
	      double secs, uint64_t digest, int verified, double error,
	      double bound)
{
  if (verified)
    printf ("grain: %s %s: %s: %.6f s, digest %016llx, error %.3e, "
	    "bound %.1e\n", bench, impl, params, secs,
	    (unsigned long long) digest, error, bound);
  else
    printf ("grain: %s %s: %s: %.6f s, digest %016llx, error -, bound -\n",
	    bench, impl, params, secs, (unsigned long long) digest);
  if (!verified || error <= bound)
    return 0;
  fprintf (stderr, "grain: %s %s: %s: relative error %.3e above the bound "
	   "%.1e\n", bench, impl, params, error, bound);
  return 1;
}

#endif /* BENCH_GRAIN_H */
