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

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One integer option of a program: --NAME V, V from MIN to MAX (its
   unit in UNIT, for the usage message), stored in *VALUE.  */
struct grain_opt
{
  const char *name;
  long *value;
  long min, max;
  const char *unit;
};

/* Parse PROG's command line ARGC, ARGV against the N options OPTS and
   the flag --verify (stored in *VERIFY, 0 or 1).  Options keep the value
   their variable had when not given.  Returns 0, or prints the usage on
   stderr and returns -1 (the caller exits with status 2).  */
static inline int
grain_parse (int argc, char **argv, const char *prog,
	     const struct grain_opt *opts, int n, int *verify)
{
  *verify = 0;
  for (int a = 1; a < argc; a++)
    {
      if (!strcmp (argv[a], "--verify"))
	{
	  *verify = 1;
	  continue;
	}
      const struct grain_opt *o = NULL;
      for (int k = 0; k < n; k++)
	if (!strncmp (argv[a], "--", 2) && !strcmp (argv[a] + 2, opts[k].name))
	  o = &opts[k];
      char *end = NULL;
      long v = 0;
      if (o && a + 1 < argc)
	v = strtol (argv[++a], &end, 10);
      if (!o || !end || end == argv[a] || *end || v < o->min || v > o->max)
	{
	  fprintf (stderr, "usage: %s [--verify]", prog);
	  for (int k = 0; k < n; k++)
	    fprintf (stderr, " [--%s %s: %ld to %ld]", opts[k].name,
		     opts[k].unit, opts[k].min, opts[k].max);
	  fprintf (stderr, "\n");
	  return -1;
	}
      *o->value = v;
    }
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
