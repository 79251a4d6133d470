/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The fiber mode that runtime-fibers.exp asks for (ERBIUM_FIBERS=1) is
   the one the programs get, so that the runtime tests this directory
   runs again exercise fibers and not threads (runtime/src/fiber.c):
   er_ncores () + 1 processes, alive together in a pipeline, run on at
   most er_ncores () threads (one worker per core), where threads would
   give each its own: that count is what tells fibers from threads, and
   it fails in thread mode.  Also checked, true in either mode:
   er_use_fibers, called once processes run, changes nothing and says so
   (-1), and the pipeline's sum.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-output "ok: processes run as fibers of per-core workers" } */

#include "../runtime/rt-test.h"
#include <pthread.h>

#define B 64
#define N (B * 64)
#define MAXP 65

struct args { er_record *in, *out; int k; };

static pthread_t self_of[MAXP];
static long sum;

static void
stage (void *p)
{
  struct args *a = p;
  self_of[a->k] = pthread_self ();
  er_view *rd = a->in ? er_new_read_view (a->in) : NULL;
  er_view *w = a->out ? er_new_write_view (a->out) : NULL;
  if (rd)
    {
      er_register (rd, 1);
      er_alloc (rd, 2 * B);
    }
  if (w)
    {
      er_register (w, 1);
      er_alloc (w, 2 * B);
    }
  for (int tl = 0; tl < N; tl += B)
    {
      if (rd)
	RT_EQ (er_update (rd, tl + B), tl + B);
      if (w)
	er_stall (w, tl + B);
      for (int i = tl; i < tl + B; i++)
	{
	  int32_t v = rd ? ER_AT (rd, int32_t, i) : rt_val (i);
	  if (w)
	    ER_AT (w, int32_t, i) = v;
	  else
	    sum += v;
	}
      if (rd)
	er_release (rd, tl + B);
      if (w)
	er_commit (w, tl + B);
    }
}

int
main (void)
{
  int n = er_ncores () + 1;
  RT_CHECK (n <= MAXP, "%d cores: more than the test's %d processes", n - 1,
	    MAXP);
  er_record *r[MAXP];
  for (int k = 0; k + 1 < n; k++)
    r[k] = er_new_record (1, 1, sizeof (int32_t));
  for (int k = 0; k < n; k++)
    {
      struct args a = { k ? r[k - 1] : NULL, k + 1 < n ? r[k] : NULL, k };
      er_run (stage, &a, sizeof a);
    }
  RT_EQ (er_use_fibers (0), -1);
  er_wait_all ();
  long expect = 0;
  for (int i = 0; i < N; i++)
    expect += rt_val (i);
  RT_EQ (sum, expect);
  int distinct = 0;
  for (int k = 0; k < n; k++)
    {
      int seen = 0;
      for (int j = 0; j < k; j++)
	seen |= pthread_equal (self_of[j], self_of[k]);
      distinct += !seen;
    }
  RT_CHECK (distinct <= n - 1, "%d processes ran on %d threads: not fibers",
	    n, distinct);
  RT_OK ("processes run as fibers of per-core workers");
  return 0;
}
