/* SPDX-License-Identifier: GPL-3.0-or-later */
// peers.cc -- C++ queue peers of the exploration benchmark: the kernel of
// erbium.c over boost::lockfree::spsc_queue, moodycamel::ReaderWriterQueue
// and ConcurrentQueue, and tbb::concurrent_bounded_queue, in the same
// harness (start gate, pinning, checksum, wall time).  The Concurrency Kit
// peers follow the same scheme in C (ckring.c: ck_ring.h is not C++).
//
// How a queue carries the configurations of the paper's section 5.1:
//  * Producer p owns the blocks of K indices b with b % P == p, as in the
//    Erbium variant.
//  * Broadcast (several consumers) is done the natural way with queues:
//    each consumer has queues of its own and the producer pushes every
//    block into each of them.
//  * SPSC-only queues (boost-spsc, moodycamel-rwq; ck-ring-spsc) use one
//    queue per producer-consumer pair; consumer c reads block b from the
//    queue of producer b % P, so it sees the stream in order, like an
//    Erbium reader.
//  * Multi-producer queues (moodycamel-cq, tbb-bounded; ck-ring-mpmc) use
//    one queue per consumer, shared by every producer; the consumer takes
//    indices in whatever order they arrive.
//  * Every queue holds the run's horizon H elements, except
//    moodycamel-cq, which cannot be bounded safely (see MoodycamelCq) and
//    grows past its pre-allocated H elements per producer.
//  * A producer moves K indices per iteration: with a bulk API (boost
//    push(arr, k)/pop(arr, k), moodycamel-cq enqueue_bulk and
//    try_dequeue_bulk) it stores the K indices into a local array and
//    pushes it; with an element API each index is enqueued by itself.
//  * Full or empty queue: xb_relax (pause, or sched_yield when a core is
//    shared), the same policy for every peer.

#include <boost/lockfree/spsc_queue.hpp>
#include <concurrentqueue/concurrentqueue.h>
#include <readerwriterqueue/readerwriterqueue.h>
#include <tbb/concurrent_queue.h>

#include <memory>
#include <thread>
#include <vector>

#include "peers.h"

namespace {

// Per-thread scratch array of K ints, on its own cache lines.
struct Scratch
{
  std::vector<int> v;
  // K ints plus padding so that neighbouring arrays never share a line.
  explicit Scratch (int k) : v (static_cast<size_t> (k) + 64) {}
  int *data () { return v.data () + 32; }
};

// Run one configuration with queue implementation Q (see the classes
// below) and return its wall time.  Q::ordered selects the SPSC topology
// (one queue per producer-consumer pair, in-order merge) or the shared one
// (one queue per consumer, any order).
template <class Q>
double
run_queue (const xb_run *x, const char *name)
{
  const int np = x->producers, nc = x->consumers, k = x->burst;
  const long long n = x->n;
  const int yield = x->yield;
  Q q (*x);
  xb_gate gate;
  xb_gate_init (&gate, np + nc, yield);
  std::vector<std::thread> threads;

  for (int c = 0; c < nc; c++)
    threads.emplace_back ([&, c] {
      xb_pin_self (x->cons_core);
      Scratch s (k);
      xb_gate_wait (&gate);
      uint64_t sum = 0;
      long long count = 0;
      if (Q::ordered)
	for (long long b = 0; b * k < n; b++)
	  {
	    int len = xb_block_len (b, k, n);
	    q.pop_exact (static_cast<int> (b % np), c, len, s.data (), sum);
	    count += len;
	  }
      else
	while (count < n)
	  {
	    long long left = n - count;
	    int m = q.pop_some (c, left < k ? static_cast<int> (left) : k,
				s.data (), sum);
	    if (m == 0)
	      xb_relax (yield);
	    count += m;
	  }
      xb_gate_done (&gate);
      xb_verify (name, c + 1, count, sum, n);
    });

  for (int p = 0; p < np; p++)
    threads.emplace_back ([&, p] {
      xb_pin_self (x->prod_core);
      Scratch s (k);
      q.producer_init (p);
      xb_gate_wait (&gate);
      for (long long b = p; b * k < n; b += np)
	{
	  int tl = static_cast<int> (b * k);
	  int len = xb_block_len (b, k, n);
	  if (Q::bulk && k > 1)
	    for (int j = 0; j < len; j++)
	      s.data ()[j] = tl + j;
	  for (int c = 0; c < nc; c++)
	    q.push (p, c, tl, len, s.data ());
	}
    });

  for (auto &t : threads)
    t.join ();
  return xb_gate_seconds (&gate);
}

// Common state of the queue classes: the run's shape and wait policy.
struct QBase
{
  int np, nc, k, h, yield;
  explicit QBase (const xb_run &x)
    : np (x.producers), nc (x.consumers), k (x.burst), h (x.horizon),
      yield (x.yield)
  {
  }
  // Called by producer P in its own thread before the gate.
  void producer_init (int) {}
};

// boost::lockfree::spsc_queue<int>: element push/pop at burst 1, bulk
// push(arr, k) / pop(arr, k) above.
struct BoostSpsc : QBase
{
  static constexpr bool ordered = true, bulk = true;
  using queue = boost::lockfree::spsc_queue<int>;
  std::vector<std::unique_ptr<queue>> qs;	// [p * nc + c]

  explicit BoostSpsc (const xb_run &x) : QBase (x)
  {
    for (int i = 0; i < np * nc; i++)
      qs.emplace_back (new queue (static_cast<size_t> (h)));
  }
  // Push indices TL..TL+LEN-1 (in SRC when bulk) from producer P to C.
  void push (int p, int c, int tl, int len, const int *src)
  {
    queue &q = *qs[p * nc + c];
    if (k == 1)
      {
	while (!q.push (tl))
	  xb_relax (yield);
	return;
      }
    while (len > 0)
      {
	size_t m = q.push (src, static_cast<size_t> (len));
	if (m == 0)
	  xb_relax (yield);
	src += m;
	len -= static_cast<int> (m);
      }
  }
  // Pop exactly LEN indices of producer P's queue to consumer C.
  void pop_exact (int p, int c, int len, int *dst, uint64_t &sum)
  {
    queue &q = *qs[p * nc + c];
    if (k == 1)
      {
	int v;
	while (!q.pop (v))
	  xb_relax (yield);
	sum += static_cast<uint64_t> (v);
	return;
      }
    while (len > 0)
      {
	size_t m = q.pop (dst, static_cast<size_t> (len));
	if (m == 0)
	  xb_relax (yield);
	for (size_t j = 0; j < m; j++)
	  sum += static_cast<uint64_t> (dst[j]);
	len -= static_cast<int> (m);
      }
  }
  int pop_some (int, int, int *, uint64_t &) { return 0; }
};

// moodycamel::ReaderWriterQueue<int>: try_enqueue / try_dequeue (no bulk
// API, so every index is its own call).
struct MoodycamelRwq : QBase
{
  static constexpr bool ordered = true, bulk = false;
  using queue = moodycamel::ReaderWriterQueue<int>;
  std::vector<std::unique_ptr<queue>> qs;	// [p * nc + c]

  explicit MoodycamelRwq (const xb_run &x) : QBase (x)
  {
    for (int i = 0; i < np * nc; i++)
      qs.emplace_back (new queue (static_cast<size_t> (h)));
  }
  // Enqueue indices TL..TL+LEN-1 one by one from producer P to C.
  void push (int p, int c, int tl, int len, const int *)
  {
    queue &q = *qs[p * nc + c];
    for (int j = 0; j < len; j++)
      while (!q.try_enqueue (tl + j))
	xb_relax (yield);
  }
  // Dequeue exactly LEN indices of producer P's queue to consumer C.
  void pop_exact (int p, int c, int len, int *, uint64_t &sum)
  {
    queue &q = *qs[p * nc + c];
    for (int j = 0; j < len; j++)
      {
	int v;
	while (!q.try_dequeue (v))
	  xb_relax (yield);
	sum += static_cast<uint64_t> (v);
      }
  }
  int pop_some (int, int, int *, uint64_t &) { return 0; }
};

// moodycamel::ConcurrentQueue<int>, one per consumer, with a producer
// token per producer and queue and a consumer token: enqueue_bulk /
// try_dequeue_bulk for bursts, enqueue / try_dequeue at burst 1.  This
// queue cannot be bounded: its non-allocating try_enqueue forms only draw
// on the pre-allocated block pool, and an explicit producer never gives a
// block back to the pool (it reuses its own emptied blocks), so producers
// that start first can take the whole pool and leave a later producer
// failing forever (the benchmark hung that way with 4 producers, and once
// with 1).  So the queue is pre-sized for H elements per producer and
// grows past that: its producers never wait for the consumer.
struct MoodycamelCq : QBase
{
  static constexpr bool ordered = false, bulk = true;
  using queue = moodycamel::ConcurrentQueue<int>;
  std::vector<std::unique_ptr<queue>> qs;	// [c]
  std::vector<std::unique_ptr<moodycamel::ProducerToken>> ptok;	// [p*nc+c]
  std::vector<std::unique_ptr<moodycamel::ConsumerToken>> ctok;	// [c]

  explicit MoodycamelCq (const xb_run &x) : QBase (x)
  {
    for (int c = 0; c < nc; c++)
      {
	qs.emplace_back (new queue (static_cast<size_t> (h) * np,
				    static_cast<size_t> (np), 0));
	ctok.emplace_back (new moodycamel::ConsumerToken (*qs.back ()));
      }
    ptok.resize (static_cast<size_t> (np * nc));
  }
  // Producer P's tokens, made in its own thread.
  void producer_init (int p)
  {
    for (int c = 0; c < nc; c++)
      ptok[p * nc + c].reset (new moodycamel::ProducerToken (*qs[c]));
  }
  // Push indices TL..TL+LEN-1 (in SRC for bursts) from producer P to C.
  void push (int p, int c, int tl, int len, const int *src)
  {
    queue &q = *qs[c];
    moodycamel::ProducerToken &t = *ptok[p * nc + c];
    bool ok = k == 1 ? q.enqueue (t, tl)
      : q.enqueue_bulk (t, src, static_cast<size_t> (len));
    if (!ok)
      xb_fatal ("moodycamel-cq: enqueue failed (out of memory)");
  }
  void pop_exact (int, int, int, int *, uint64_t &) {}
  // Dequeue up to MAX indices from consumer C's queue; returns how many.
  int pop_some (int c, int max, int *dst, uint64_t &sum)
  {
    queue &q = *qs[c];
    if (k == 1)
      {
	int v;
	if (!q.try_dequeue (*ctok[c], v))
	  return 0;
	sum += static_cast<uint64_t> (v);
	return 1;
      }
    size_t m = q.try_dequeue_bulk (*ctok[c], dst, static_cast<size_t> (max));
    for (size_t j = 0; j < m; j++)
      sum += static_cast<uint64_t> (dst[j]);
    return static_cast<int> (m);
  }
};

// tbb::concurrent_bounded_queue<int> with capacity H, one per consumer:
// the non-blocking try_push / try_pop, so that the shared wait policy
// applies (push/pop would use TBB's own blocking).
struct TbbBounded : QBase
{
  static constexpr bool ordered = false, bulk = false;
  using queue = tbb::concurrent_bounded_queue<int>;
  std::vector<std::unique_ptr<queue>> qs;	// [c]

  explicit TbbBounded (const xb_run &x) : QBase (x)
  {
    for (int c = 0; c < nc; c++)
      {
	qs.emplace_back (new queue);
	qs.back ()->set_capacity (h);
      }
  }
  // Push indices TL..TL+LEN-1 one by one into consumer C's queue.
  void push (int, int c, int tl, int len, const int *)
  {
    queue &q = *qs[c];
    for (int j = 0; j < len; j++)
      while (!q.try_push (tl + j))
	xb_relax (yield);
  }
  void pop_exact (int, int, int, int *, uint64_t &) {}
  // Pop up to MAX indices from consumer C's queue; returns how many.
  int pop_some (int c, int max, int *, uint64_t &sum)
  {
    queue &q = *qs[c];
    int m = 0, v = 0;
    while (m < max && q.try_pop (v))
      {
	sum += static_cast<uint64_t> (v);
	m++;
      }
    return m;
  }
};

} // namespace

// boost::lockfree::spsc_queue peer.
double
xb_run_boost_spsc (const xb_run *x)
{
  return run_queue<BoostSpsc> (x, "boost-spsc");
}

// moodycamel::ReaderWriterQueue peer.
double
xb_run_moodycamel_rwq (const xb_run *x)
{
  return run_queue<MoodycamelRwq> (x, "moodycamel-rwq");
}

// moodycamel::ConcurrentQueue peer.
double
xb_run_moodycamel_cq (const xb_run *x)
{
  return run_queue<MoodycamelCq> (x, "moodycamel-cq");
}

// tbb::concurrent_bounded_queue peer.
double
xb_run_tbb_bounded (const xb_run *x)
{
  return run_queue<TbbBounded> (x, "tbb-bounded");
}
