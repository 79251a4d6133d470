/* SPDX-License-Identifier: GPL-3.0-or-later */
// gomp.cc -- the OpenMP-tasks peer of the exploration benchmark (libgomp):
// the stream is a ring of bursts holding the run's horizon H elements
// (H / K slots of K ints).  For each burst one producer task stores its K
// indices into the burst's slot (depend(out: slot)) and each consumer has a
// task that loads and sums them (depend(in: slot)).  Producer p's tasks
// (bursts b % P == p) are chained by depend(inout) on a per-producer token
// and consumer c's tasks by one on a per-consumer token, so each producer
// and each consumer stays sequential as in the other variants; reusing a
// slot H / K bursts later waits for the consumers of its previous burst
// (the out-after-in dependence).  Two OpenMP threads, bound to the
// producer core and the consumer core; which thread runs which task is
// libgomp's choice.  One thread creates every task (omp single).

#include <omp.h>
#include <vector>

#include "peers.h"

// One pad-separated dependence token per producer or consumer.
struct alignas (128) xb_token
{
  char c;
};

// Run the task version of X once; returns the wall time in seconds.
double
xb_run_gomp_tasks (const xb_run *x)
{
  const int np = x->producers, nc = x->consumers, k = x->burst;
  const long long n = x->n;
  const long long nb = (n + k - 1) / k;
  const int slots = x->horizon / k > 0 ? x->horizon / k : 1;
  std::vector<int> ring (static_cast<size_t> (slots) * k);
  std::vector<xb_token> ptok (static_cast<size_t> (np));
  std::vector<xb_token> ctok (static_cast<size_t> (nc));
  struct alignas (128) acc
  {
    uint64_t sum;
    long long count;
  };
  std::vector<acc> accs (static_cast<size_t> (nc));
  int *rp = ring.data ();
  // (Used only in depend clauses, which -Wunused-variable does not see.)
  [[maybe_unused]] xb_token *pt = ptok.data (), *ct = ctok.data ();
  acc *ac = accs.data ();
  int64_t t0 = 0, t1 = 0;

#pragma omp parallel num_threads (2)
  {
    xb_pin_self (omp_get_thread_num () == 0 ? x->prod_core : x->cons_core);
#pragma omp barrier
#pragma omp single
    {
      t0 = xb_now_ns ();
      for (long long b = 0; b < nb; b++)
	{
	  int *slot = rp + static_cast<size_t> (b % slots) * k;
	  int tl = static_cast<int> (b * k);
	  int len = xb_block_len (b, k, n);
	  long long p = b % np;
#pragma omp task firstprivate (slot, tl, len) \
  depend (out: slot[0]) depend (inout: pt[p])
	  for (int j = 0; j < len; j++)
	    slot[j] = tl + j;
	  for (int c = 0; c < nc; c++)
	    {
	      acc *a = ac + c;
#pragma omp task firstprivate (slot, len, a) \
  depend (in: slot[0]) depend (inout: ct[c])
	      {
		uint64_t s = 0;
		for (int j = 0; j < len; j++)
		  s += static_cast<uint64_t> (slot[j]);
		a->sum += s;
		a->count += len;
	      }
	    }
	}
#pragma omp taskwait
      t1 = xb_now_ns ();
    }
  }
  for (int c = 0; c < nc; c++)
    xb_verify ("gomp-tasks", c + 1, accs[c].count, accs[c].sum, n);
  return static_cast<double> (t1 - t0) * 1e-9;
}
