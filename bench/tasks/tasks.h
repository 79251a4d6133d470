/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tasks.h -- what the programs of the task-creation benchmark
   (bench/tasks) share: their command line, the pipeline's element values
   and checked sum, the clock and the one summary line the driver
   (bench/tasks/run) parses.  Header only, C that is also C++ (the TBB
   peer includes it).

   Every program runs the same two-site pipeline: the control program
   creates, for each block of B elements (an "instance"), one producer
   task that writes the block's elements (the values of tasks_produce)
   and one consumer task that reads them and adds their sum
   (tasks_consume) to the run's total, N elements in all, N / B
   instances.  The total must be tasks_expected (N); the time covers the
   whole run: starting the workers, creating every instance, running
   them and the final wait.  */
#ifndef BENCH_TASKS_H
#define BENCH_TASKS_H

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The alignment (bytes) of the run's total, which every program keeps
   on a cache line of its own: on the control program's stack it shared
   a line with what the control program writes at every creation (its
   loop's variables, the arguments it copies into each instance), so
   that the line went from core to core at every instance, a cost of the
   program's layout rather than of its task system.  */
#define TASKS_TOTAL_ALIGN 64

/* The block sizes a program accepts (elements per instance).  */
#define TASKS_BLOCK_MAX 65536
/* The most elements a run may have (about 4 s of the fastest program).  */
#define TASKS_ELEMENTS_MAX (1L << 40)

/* A run: BLOCK elements per instance, ELEMENTS in all (a multiple of
   BLOCK).  */
struct tasks_opts
{
  long block;
  long elements;
};

/* The value of element E of the stream (E from 0).  */
static inline uint64_t
tasks_value (long e)
{
  return (uint64_t) e;
}

/* The producer's work: write the N values of elements E0 .. E0 + N - 1
   into W[0 .. N - 1].  */
static inline void
tasks_produce (uint64_t *w, long e0, long n)
{
  for (long k = 0; k < n; k++)
    w[k] = tasks_value (e0 + k);
}

/* The consumer's work: the sum of R[0 .. N - 1] (modulo 2^64).  */
static inline uint64_t
tasks_consume (const uint64_t *r, long n)
{
  uint64_t s = 0;
  for (long k = 0; k < n; k++)
    s += r[k];
  return s;
}

/* The sum of the values of elements 0 .. N - 1 (modulo 2^64):
   N (N - 1) / 2, halving the even factor first.  */
static inline uint64_t
tasks_expected (long n)
{
  uint64_t a = (uint64_t) n, b = (uint64_t) (n > 0 ? n - 1 : 0);
  return a % 2 == 0 ? a / 2 * b : b / 2 * a;
}

/* CLOCK_MONOTONIC in seconds.  */
static inline double
tasks_now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Print the pointer to --help that ends every usage error of PROG on
   stderr; returns -1.  */
static inline int
tasks_try_help (const char *prog)
{
  fprintf (stderr, "Try '%s --help' for more information.\n", prog);
  return -1;
}

/* Print "PROG: WHAT'ARG'" and the pointer to --help on stderr; returns
   -1.  */
static inline int
tasks_usage_error (const char *prog, const char *what, const char *arg)
{
  fprintf (stderr, "%s: %s'%s'\n", prog, what, arg);
  return tasks_try_help (prog);
}

/* The value S of an option: a decimal integer of at least 1, or -1.  */
static inline long
tasks_count (const char *s)
{
  char *end;
  long v = strtol (s, &end, 10);
  return end != s && !*end && v >= 1 ? v : -1;
}

/* Parse PROG's command line ARGC, ARGV into O with getopt_long:
     PROG --block B --elements N
   (or --block=B --elements=N), B from 1 to TASKS_BLOCK_MAX, N from B to
   TASKS_ELEMENTS_MAX and a multiple of B.  --help prints the usage on
   stdout and exits with status 0.  Returns 0, or prints what is wrong
   and the pointer to --help on stderr and returns -1 (the caller exits
   with status 2).  */
static inline int
tasks_parse (int argc, char **argv, const char *prog, struct tasks_opts *o)
{
  static const struct option lo[] = {
    { "block", required_argument, NULL, 'b' },
    { "elements", required_argument, NULL, 'n' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
  };
  o->block = o->elements = 0;
  opterr = 0;
  int c;
  while ((c = getopt_long (argc, argv, ":", lo, NULL)) != -1)
    if (c == 'b' || c == 'n')
      *(c == 'b' ? &o->block : &o->elements) = tasks_count (optarg);
    else if (c == 'h')
      {
	printf ("usage: %s --block=B --elements=N\n"
		"  --block=B     elements per instance, 1 to %d\n"
		"  --elements=N  elements in all, a multiple of B up to %ld\n"
		"Prints one summary line (bench/tasks/tasks.h).\nExit status "
		"0, 1 on a wrong sum, 2 on bad usage.\n", prog,
		TASKS_BLOCK_MAX, TASKS_ELEMENTS_MAX);
	exit (fflush (stdout) ? 1 : 0);
      }
    else
      return tasks_usage_error (prog, c == ':' ? "no value for option "
				: "unknown option ", argv[optind - 1]);
  if (optind < argc)
    return tasks_usage_error (prog, "unexpected operand ", argv[optind]);
  if (o->block < 1 || o->block > TASKS_BLOCK_MAX)
    {
      fprintf (stderr, "%s: --block: expected 1 to %d elements\n", prog,
	       TASKS_BLOCK_MAX);
      return tasks_try_help (prog);
    }
  if (o->elements < o->block || o->elements > TASKS_ELEMENTS_MAX
      || o->elements % o->block)
    {
      fprintf (stderr, "%s: --elements: expected a multiple of the block "
	       "(%ld) from %ld to %ld\n", prog, o->block, o->block,
	       TASKS_ELEMENTS_MAX);
      return tasks_try_help (prog);
    }
  return 0;
}

/* The end of PROG's run of O, which took SECS seconds and summed to SUM:
   print the summary line
     PROG: block B, N elements, I instances in T s: X ns per instance,
     sum S
   (X = T / I in nanoseconds; bench/tasks/run parses it), and check SUM.
   Returns the exit status: 0, or 1 after a message on stderr when SUM is
   not tasks_expected (N).  */
static inline int
tasks_report (const char *prog, const struct tasks_opts *o, double secs,
	      uint64_t sum)
{
  long inst = o->elements / o->block;
  printf ("%s: block %ld, %ld elements, %ld instances in %.6f s: %.2f ns "
	  "per instance, sum %llu\n", prog, o->block, o->elements, inst,
	  secs, secs * 1e9 / inst, (unsigned long long) sum);
  uint64_t want = tasks_expected (o->elements);
  if (sum == want)
    return 0;
  fprintf (stderr, "%s: wrong sum %llu for %ld elements in blocks of %ld: "
	   "expected %llu\n", prog, (unsigned long long) sum, o->elements,
	   o->block, (unsigned long long) want);
  return 1;
}

#endif /* BENCH_TASKS_H */
