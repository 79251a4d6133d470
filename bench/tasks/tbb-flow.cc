/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tbb-flow.cc -- the task-creation benchmark's peer "tbb-flow"
   (bench/tasks): the producer-consumer pipeline of tasks.h as a TBB flow
   graph, run by oneTBB's default arena (one thread per core), built as
   bench/fmradio/tbb.cc builds the FM receiver's:

     producer (input_node, serial) -> limiter -> consumer (serial)

   Messages are block numbers; the data stays in a ring.  The producer's
   body writes block I into slot I % TBB_SLOTS, the consumer reads it and
   adds its sum to the total.  The limiter keeps at most TBB_TOKENS
   blocks between the producer and the consumer's end, and the consumer
   takes them in order, so that block I is read before block I +
   TBB_TOKENS + 1 is written (the input_node holds at most one more
   block, written, that the limiter has not let through): TBB_SLOTS slots
   are enough.  With a parallel consumer they were not: the limiter
   bounds how many blocks are in flight, not how old the oldest is, and a
   consumer left waiting in a worker's deque read its slot hundreds of
   blocks late, rewritten (wrong sums).  A serial consumer is also what
   the other programs' consumer site is: its instances in creation order
   on one process (omp-stream, task-api).

   Usage: tasks-tbb-flow --block B --elements N (tasks.h).  Prints the
   summary line; exit status 0, 1 on a wrong sum (or a TBB exception,
   reported), 2 on bad usage.  */
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <tbb/flow_graph.h>
#include "tasks.h"

/* Blocks in flight between the producer and the end of their
   consumers.  */
#define TBB_TOKENS 8
/* Ring slots: the tokens, the input_node's buffered block, and a
   margin.  */
#define TBB_SLOTS (2 * TBB_TOKENS)

using namespace tbb::flow;

int
main (int argc, char **argv)
{
  static const char prog[] = "tasks-tbb-flow";
  tasks_opts o;
  if (tasks_parse (argc, argv, prog, &o))
    return 2;
  long b = o.block, ni = o.elements / b;
  size_t bytes = (size_t) TBB_SLOTS * b * sizeof (uint64_t);
  uint64_t *ring
    = (uint64_t *) aligned_alloc (64, (bytes + 63) & ~(size_t) 63);
  if (!ring)
    {
      fprintf (stderr, "%s: out of memory for %d slots of %ld elements\n",
	       prog, TBB_SLOTS, b);
      return 1;
    }
  alignas (TASKS_TOTAL_ALIGN) static std::atomic<uint64_t> sum (0);

  double t0 = tasks_now ();
  try
    {
      graph g;
      long next = 0;
      input_node<long> producer (g, [&] (tbb::flow_control &fc) -> long {
	if (next == ni)
	  {
	    fc.stop ();
	    return 0;
	  }
	tasks_produce (ring + next % TBB_SLOTS * b, next * b, b);
	return next++;
      });
      limiter_node<long> limit (g, TBB_TOKENS);
      function_node<long, continue_msg> consumer (g, serial,
						  [&] (long i) {
	sum.fetch_add (tasks_consume (ring + i % TBB_SLOTS * b, b),
		       std::memory_order_relaxed);
	return continue_msg ();
      });
      make_edge (producer, limit);
      make_edge (limit, consumer);
      make_edge (consumer, limit.decrementer ());
      producer.activate ();
      g.wait_for_all ();
    }
  catch (const std::exception &e)
    {
      fprintf (stderr, "%s: %s\n", prog, e.what ());
      return 1;
    }
  double secs = tasks_now () - t0;

  free (ring);
  return tasks_report (prog, &o, secs, sum.load ());
}
