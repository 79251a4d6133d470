/* SPDX-License-Identifier: GPL-3.0-or-later */
/* erbium.c -- the Erbium variant of the exploration benchmark (paper
   section 5.1), written against the runtime's C API (erbium/runtime.h).

   One record connects every producer and consumer: new_record(P, C) with
   P registered write views and C registered read views, each with the
   run's horizon.  A producer stalls for its burst, stores each index once
   straight into the shared window (er_burst: the window is mirrored, so a
   burst is contiguous whatever its position) and commits.  With several
   producers, producer p writes the blocks b % P == p and commits past the
   blocks it does not own (paper section 3, "use a stride to separate
   accesses into disjoint index ranges").  Every consumer updates, loads
   each index once, releases, and sees the whole stream (broadcast); it
   stops when update returns 0 (the producers' processes returned, which
   terminates their views).  Producers run on one core and consumers on
   another through er_run_on; waiting is the runtime's own (spin, yield,
   futex).  */

#include <stdio.h>
#include <stdlib.h>
#include <erbium/runtime.h>
#include "xbench.h"

/* Arguments of one producer or consumer process (copied by er_run).  */
struct xb_eargs
{
  const struct xb_run *x;
  er_record *rec;
  xb_gate *gate;
  int id;			/* view id, 1.. */
};

/* Producer process: write the blocks it owns, one store per index.  */
static void
xb_erbium_producer (void *p)
{
  const struct xb_eargs *a = p;
  const struct xb_run *x = a->x;
  const int k = x->burst, np = x->producers, me = a->id - 1;
  const long long n = x->n;
  er_view *w = er_new_write_view (a->rec);
  er_register (w, a->id);
  er_alloc (w, x->horizon);
  xb_gate_wait (a->gate);

  /* Nothing of this producer's below its first block.  */
  long long first = (long long) me * k;
  er_commit (w, (int) (first < n ? first : n));
  for (long long b = me; b * k < n; b += np)
    {
      int tl = (int) (b * k);
      int len = xb_block_len (b, k, n);
      er_stall (w, tl + len);
      int *q = er_burst (w, tl, len);
      for (int j = 0; j < len; j++)
	q[j] = tl + j;
      /* Publish this block and the blocks of the other producers up to
	 this producer's next one.  */
      long long next = (b + np) * (long long) k;
      er_commit (w, (int) (next < n ? next : n));
    }
  /* Returning frees the view with ER_TERMINATE: the end of the stream.  */
}

/* Consumer process: load every index once, check the sum.  */
static void
xb_erbium_consumer (void *p)
{
  const struct xb_eargs *a = p;
  const struct xb_run *x = a->x;
  const int k = x->burst;
  const long long n = x->n;
  er_view *r = er_new_read_view (a->rec);
  er_register (r, a->id);
  er_alloc (r, x->horizon);
  xb_gate_wait (a->gate);

  int tl = 0;
  long long count = 0;
  uint64_t sum = 0;
  for (;;)
    {
      int hd = er_update (r, tl + k);
      if (!hd)
	break;
      const int *q = er_burst (r, tl, hd - tl);
      for (int j = 0; j < hd - tl; j++)
	sum += (uint64_t) q[j];
      er_release (r, hd);
      count += hd - tl;
      tl = hd;
      if (count == n)
	/* Everything received: the transfer is over (the termination
	   handshake that follows is not part of it).  */
	xb_gate_done (a->gate);
    }
  xb_verify ("erbium", a->id, count, sum, n);
}

/* Run the Erbium variant of X once; returns the wall time in seconds.  */
double
xb_run_erbium (const struct xb_run *x)
{
  er_record *rec = er_new_record (x->producers, x->consumers, sizeof (int));
  /* Size the record's buffer (largest write plus largest read horizon)
     before any process allocates: a temporary unregistered read view
     with twice the horizon.  Otherwise the second view's alloc would
     reallocate the buffer while the first view's owner waits at the start
     gate, outside any primitive, and never parks for it.  */
  er_view *sizer = er_new_read_view (rec);
  er_alloc (sizer, 2 * x->horizon);
  er_free_view (sizer, ER_TERMINATE);

  xb_gate gate;
  xb_gate_init (&gate, x->producers + x->consumers, x->yield);
  struct xb_eargs a = { x, rec, &gate, 0 };
  for (a.id = 1; a.id <= x->consumers; a.id++)
    er_run_on (x->cons_core, xb_erbium_consumer, &a, sizeof a);
  for (a.id = 1; a.id <= x->producers; a.id++)
    er_run_on (x->prod_core, xb_erbium_producer, &a, sizeof a);
  er_wait_all ();
  return xb_gate_seconds (&gate);
}
