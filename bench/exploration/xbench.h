/* xbench.h -- shared definitions of the "exploration" benchmark (Erbium
   paper, CASES 2010, section 5.1): producers and consumers exchange N
   indices of int through one channel; each index is one store (producer)
   and one load (consumer); k indices (the burst) per synchronisation.

   This header is included by the C implementation of the Erbium variant
   (erbium.c) and by the C++ peers and driver, so it only uses C that is
   also C++: the description of one run (struct xb_run), the start gate
   that every thread of a run passes before the clock starts, the wait
   policy shared by every peer, the checksum check, and the thread pinning
   helpers (xbench.c).  */

#ifndef XBENCH_H
#define XBENCH_H

#include <sched.h>
#include <stdint.h>
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
  int64_t t0;			/* start, ns */
  int64_t tend;			/* latest consumer end, ns */
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

/* Length of block B (burst K) in a stream of N indices.  */
static inline int
xb_block_len (long long b, int k, long long n)
{
  long long tl = b * k;
  return (int) (n - tl < k ? n - tl : k);
}

/* xbench.c: hwloc topology, loaded once by the driver before any run.  */
void xb_topology_init (void);
/* Number of cores hwloc sees.  */
int xb_ncores (void);
/* Bind the calling thread to one processing unit of logical core CORE.  */
void xb_pin_self (int core);
/* Check what consumer WHO of implementation IMPL received: COUNT indices
   summing to SUM, against N; print the discrepancy and abort if wrong.  */
void xb_verify (const char *impl, int who, long long count, uint64_t sum,
		long long n);
/* Median of the N (at least 1) values at V; sorts V.  */
double xb_median (double *v, int n);
/* Create the directories leading to the file PATH (mkdir -p of its
   directory part); an error other than "exists" is fatal (xb_fatal).  */
void xb_make_parent_dirs (const char *path);
/* Print "exploration: error: ..." on stderr and abort.  */
void xb_fatal (const char *fmt, ...)
  __attribute__ ((noreturn, format (printf, 1, 2)));

/* erbium.c: the Erbium variant; wall time in seconds.  */
double xb_run_erbium (const struct xb_run *x);

/* ckring.c: the Concurrency Kit ck_ring peers (SPSC and MPMC).  */
double xb_run_ck_ring_spsc (const struct xb_run *x);
double xb_run_ck_ring_mpmc (const struct xb_run *x);

#ifdef __cplusplus
}
#endif

#endif /* XBENCH_H */
