/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xbench.h -- shared definitions of the "exploration" benchmark (Erbium
   paper, CASES 2010, section 5.1): producers and consumers exchange N
   indices of int through one channel; each index is one store (producer)
   and one load (consumer); k indices (the burst) per synchronisation.

   This header is included by the C implementation of the Erbium variant
   (erbium.c) and by the C++ peers and driver, so it only uses C that is
   also C++: the description of one run (struct xb_run), the start gate
   that every thread of a run passes before the clock starts, the wait
   policy shared by every peer, the checksum check, and the thread pinning
   helpers (xbench.c).  The other benchmark drivers (bench/plugin,
   bench/stripmine) use its start gate and clock, and share with
   exploration's driver the chores of xbench.c: options, CSV file, order
   of interleaved runs, median, and the busy-loop processes of --hog.  */

#ifndef XBENCH_H
#define XBENCH_H

#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One measured run: P producers, C consumers, N indices in bursts of K,
   horizon (queue capacity) H elements.  Producer p owns the blocks of K
   indices b*K.. with b % P == p (strided work sharing); every consumer
   sees every index (broadcast).  */
struct xb_run
{
  int producers;		/* P */
  int consumers;		/* C */
  int burst;			/* K, indices per synchronisation */
  int horizon;			/* H, elements (queue capacity) */
  long long n;			/* N, indices in the stream */
  int yield;			/* wait with sched_yield (a core is shared)
				   rather than with a pause instruction */
  int prod_core;		/* hwloc logical core of the producers */
  int cons_core;		/* hwloc logical core of the consumers */
};

/* The start gate: every thread of a run arrives after its set-up; the
   last one to arrive starts the clock and opens the gate.  Consumers
   report the time at which they received their last index; the run's
   wall time is the latest of those minus the start.  Plain fields with
   GCC __atomic built-ins, so that C and C++ share it.  */
typedef struct xb_gate
{
  int total;			/* threads that must arrive */
  int yield;			/* wait policy while the gate is closed */
  int arrived;
  int go;
  int64_t t0;			/* start, ns of xb_now_ns */
  int64_t tend;			/* latest consumer end, ns of xb_now_ns */
} xb_gate;

/* Monotonic clock in nanoseconds.  */
static inline int64_t
xb_now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The wait policy of every peer when its queue is full or empty: a pause
   instruction when each thread has a core of its own, sched_yield when
   threads share a core (so that the thread able to make progress runs).  */
static inline void
xb_relax (int yield)
{
  if (yield)
    sched_yield ();
  else
    {
#if defined (__x86_64__) || defined (__i386__)
      __builtin_ia32_pause ();
#elif defined (__aarch64__)
      __asm__ __volatile__ ("yield");
#endif
    }
}

/* Prepare G for TOTAL threads with wait policy YIELD.  */
static inline void
xb_gate_init (xb_gate *g, int total, int yield)
{
  g->total = total;
  g->yield = yield;
  g->arrived = 0;
  g->go = 0;
  g->t0 = 0;
  g->tend = 0;
}

/* Arrive at G and wait until every thread has arrived; the last arrival
   takes the start time.  */
static inline void
xb_gate_wait (xb_gate *g)
{
  if (__atomic_add_fetch (&g->arrived, 1, __ATOMIC_ACQ_REL) == g->total)
    {
      __atomic_store_n (&g->t0, xb_now_ns (), __ATOMIC_RELAXED);
      __atomic_store_n (&g->go, 1, __ATOMIC_RELEASE);
      return;
    }
  while (!__atomic_load_n (&g->go, __ATOMIC_ACQUIRE))
    xb_relax (g->yield);
}

/* A consumer received its last index now: keep the latest end time.  */
static inline void
xb_gate_done (xb_gate *g)
{
  int64_t t = xb_now_ns ();
  int64_t old = __atomic_load_n (&g->tend, __ATOMIC_RELAXED);
  while (old < t
	 && !__atomic_compare_exchange_n (&g->tend, &old, t, 0,
					  __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
    ;
}

/* Wall time of the run in seconds (after every thread has finished).  */
static inline double
xb_gate_seconds (const xb_gate *g)
{
  return (double) (g->tend - g->t0) * 1e-9;
}

/* Sum of the indices 0..N-1: what every consumer must have received.  */
static inline uint64_t
xb_expected_sum (long long n)
{
  return (uint64_t) n * (uint64_t) (n - 1) / 2;
}

/* Number of indices in block B (the indices B*K ..) of a stream of N
   indices in bursts of K: K, or what is left of N for the last block.  */
static inline int
xb_block_len (long long b, int k, long long n)
{
  long long tl = b * k;
  return (int) (n - tl < k ? n - tl : k);
}

/* xbench.c: the thread pinning helpers of the peers.  */

/* Load the machine's hwloc topology, once, before any run.  Without it
   (hwloc fails) xb_ncores returns 1 and xb_pin_self does nothing.  */
void xb_topology_init (void);
/* Number of cores in the topology (at least 1).  */
int xb_ncores (void);
/* Bind the calling thread to the first processing unit of hwloc logical
   core CORE (0 .. xb_ncores () - 1), as er_run_on does.  Does nothing
   without a topology or such a core; a failed binding prints a warning
   and leaves the thread unbound.  */
void xb_pin_self (int core);

/* xbench.c: results and errors.  Messages start with the program's name
   (exploration, plugin or stripmine).  */

/* Check what consumer WHO (1 ..) of implementation IMPL received: COUNT
   indices summing to SUM must be the N indices 0 .. N-1 of the stream.
   Returns when they are; otherwise prints both and aborts (xb_fatal).  */
void xb_verify (const char *impl, int who, long long count, uint64_t sum,
		long long n);
/* Print "PROGRAM: error: " and the printf message FMT on stderr and
   abort: a wrong result or a failure of the benchmark's own set-up.  */
void xb_fatal (const char *fmt, ...)
  __attribute__ ((noreturn, format (printf, 1, 2)));

/* xbench.c: the drivers' chores (exploration/main.cc, plugin/main.c,
   stripmine/main.c).  */

/* Whether the short form is asked for: "--quick" among the ARGC - 1
   arguments from ARGV[1], or QUICK in the environment set to anything but
   "" and "0" (xb_quick (0, NULL): the environment alone, for a driver
   that parses --quick itself).  */
int xb_quick (int argc, char **argv);
/* The whole decimal integer S given for option OPT (for the message),
   which must lie in LO .. HI.  Anything else is a bad option: prints
   "PROGRAM: OPT S: expected an integer in LO..HI" and the pointer to
   --help on stderr and exits with status 2.  */
int xb_parse_int (const char *opt, const char *s, int lo, int hi);
/* A bad command line: prints "PROGRAM: " and FMT (a printf format and
   its arguments) as one line, then "Try 'PROGRAM --help' for more
   information.", on stderr, and exits with status 2.  */
void xb_usage_error (const char *fmt, ...)
  __attribute__ ((noreturn, format (printf, 1, 2)));
/* getopt_long (opterr 0, optstring starting with ':') returned C, '?' or
   ':', for ARGV: xb_usage_error with what was wrong (an unknown or
   ambiguous option, a missing value, a value given to a flag).  */
void xb_bad_option (char **argv, int c) __attribute__ ((noreturn));
/* getopt_long's codes of the long options every driver has (above any
   character); a driver numbers its own from XB_OPT_OWN.  */
enum
{
  XB_OPT_QUICK = 0x100, XB_OPT_HORIZON, XB_OPT_RUNS, XB_OPT_CSV, XB_OPT_HOG,
  XB_OPT_HELP, XB_OPT_OWN
};
/* Their entries in a driver's table of long options (<getopt.h>):
   --quick, --horizon V, --runs V, --csv V, --hog V and --help.  */
#define XB_LONG_OPTIONS						\
  { "quick", no_argument, NULL, XB_OPT_QUICK },				\
  { "horizon", required_argument, NULL, XB_OPT_HORIZON },		\
  { "runs", required_argument, NULL, XB_OPT_RUNS },			\
  { "csv", required_argument, NULL, XB_OPT_CSV },			\
  { "hog", required_argument, NULL, XB_OPT_HOG },			\
  { "help", no_argument, NULL, XB_OPT_HELP }
struct option;
/* The next option of the command line ARGC/ARGV for getopt_long with the
   long options LO (optstring ":h", opterr 0), in the drivers' common way:
   -h or --help (XB_OPT_HELP) prints USAGE on stdout and exits 0 (1
   when stdout cannot be written); a bad option exits through
   xb_bad_option; at the end an operand left over exits through
   xb_usage_error.  Returns the code of the option (optarg holds its
   value), or -1 at the end of the options.  */
int xb_next_option (int argc, char **argv, const struct option *lo,
		    void (*usage) (FILE *));
/* Apply the option C of xb_next_option with the value V when it is one
   of --runs (1 .. MAX_RUNS into *RUNS), --csv (into *CSV) or --hog (0 ..
   XB_HOG_MAX into *HOG); a bad value exits through xb_parse_int.
   Returns 1 when C was one of them, else 0.  */
int xb_common_option (int c, const char *v, int max_runs, int *runs,
		      const char **csv, int *hog);
/* The size and runs of a series after its options: *LOG_N (log2 of the
   elements or indices) becomes QUICK_LOG_N or FULL_LOG_N and *RUNS 3 or
   5 where the options left them negative (unset).  Returns the preset's
   name, "quick" or "full", for the header the drivers print.  */
const char *xb_preset (int quick, int *log_n, int quick_log_n,
		       int full_log_n, int *runs);
/* Open the CSV file PATH for the rows of a series run with HOG (0 ..)
   busy-loop processes beside it (xb_hog_start), after creating the
   directories leading to it (mkdir -p).  HEADER is the line of column
   names (without the newline); one of them is "hog".  The rows of an
   existing PATH whose hog differs from HOG are kept: they are rewritten
   under HEADER, each column taken from the old column of the same name,
   "hog" being 0 in a file without that column and a column the old file
   lacks being empty; the rows with hog HOG are replaced by the new ones.
   The new file is written under a temporary name in PATH's directory and
   renamed to PATH by xb_csv_close, so that a run that fails or is
   interrupted leaves PATH as it was (the temporary file is removed at
   exit, abort and SIGINT/SIGTERM).  Returns the stream to write the new
   rows to (header and the kept rows of smaller hog already written), or
   NULL when PATH is "none" (no CSV).  A directory or file that cannot be
   created or read, or an old row whose number of fields differs from
   its header's, prints "PROGRAM: error: ..." naming the file (and line)
   on stderr and exits with status 1.  One CSV at a time.  */
FILE *xb_csv_open (const char *path, const char *header, int hog);
/* Finish the CSV F of xb_csv_open (NULL: nothing): write the kept rows of
   larger hog, close it and rename it to its PATH.  A write error prints
   "PROGRAM: error: cannot write PATH: <reason>" and exits with status 1,
   PATH left as it was.  */
void xb_csv_close (FILE *f);
/* Split LINE (a CSV row without quoting; a trailing newline is removed)
   at its commas, in place, into at most MAX fields stored at FIELDS.
   Returns the number of fields (at most MAX; the last one keeps any
   further commas).  */
int xb_csv_split (char *line, char **fields, int max);
/* The index of the column NAME among the N names at FIELDS, or -1.  */
int xb_csv_index (char *const *fields, int n, const char *name);

/* xbench.c: the load beside a benchmark (--hog N), so that a series can
   be measured as a user's program runs, with other work on its cores.  */

/* The largest --hog.  */
#define XB_HOG_MAX 64
/* Start N (0 .. XB_HOG_MAX) busy-loop processes: each a fork of this
   process that spins on a volatile counter with no system call, named
   "bench-hog", not bound to a core (it keeps the CPU affinity the driver
   started with, all cores unless taskset restricts it), and killed by the
   kernel when the driver dies (PR_SET_PDEATHSIG).  Prints "hog: N
   busy-loop process(es) beside the benchmark, pid P ..." on stdout when
   N > 0.  They run until xb_hog_stop, which also runs at exit, from
   xb_fatal and on SIGINT and SIGTERM (the driver then dies of the
   signal; a signal the driver was started with ignored stays ignored).  A failed fork stops those started, prints "PROGRAM: error:
   cannot start a busy-loop process: <reason>" and exits with status 1.  */
void xb_hog_start (int n);
/* Stop the processes of xb_hog_start: SIGKILL to each by its process id,
   then wait for each.  Async-signal-safe; does nothing when none runs.  */
void xb_hog_stop (void);
/* What exit, abort (xb_fatal) and SIGINT/SIGTERM leave behind, for a
   driver that leaves otherwise (_exit): no busy-loop process
   (xb_hog_stop), no temporary CSV file (xb_csv_open).
   Async-signal-safe.  */
void xb_cleanup (void);
/* The variant to run J-th (0 <= J < NV) in round R (0 ..) of interleaved
   runs: run R of every variant comes before run R + 1, in the order 0 ..
   NV - 1 when R is even and NV - 1 .. 0 when R is odd, so that a drift of
   the machine over time favours no variant.  */
int xb_interleave (int r, int j, int nv);
/* The median, minimum and maximum of measurements, in their unit.  */
struct xb_summary
{
  double med, min, max;
};
/* The summary of the N (at least 1) measurements at V; sorts V.  */
struct xb_summary xb_summarise (double *v, int n);

/* erbium.c: the Erbium variant.  Runs X once (xb_run describes it) and
   returns its wall time in seconds (xb_gate_seconds); a consumer that
   received a wrong count or sum aborts (xb_verify).  */
double xb_run_erbium (const struct xb_run *x);

/* ckring.c: the Concurrency Kit ck_ring peers (SPSC and MPMC), each as
   xb_run_erbium: one run of X, wall time in seconds, abort on a wrong
   result or when memory or a thread cannot be had.  */
double xb_run_ck_ring_spsc (const struct xb_run *x);
double xb_run_ck_ring_mpmc (const struct xb_run *x);

#ifdef __cplusplus
}
#endif

#endif /* XBENCH_H */
