/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Stress: 300 rounds, each on a fresh stream, of 100 accesses drawn by a
   fixed pseudo-random sequence: writers of bursts 1 to 5 from three
   sites, inputs of horizon 1 to 6 and burst 1 to the horizon (sliding
   windows included) from three sites, and peek groups closed by a
   matching tick; the last writers cover every window created.  Each
   reader checks that its window holds the positions the creating
   program computed for it (erbium/task.h: positions are assigned at
   creation in creation order, whatever the sites and whenever their
   processes run).  Some rounds are waited for with taskwait, the others
   left running while the next round is created, so that streams die
   while other rounds run.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "ok: 300 rounds, 0 bad windows" } */

#include "task-rt.h"

struct w { int64_t first; int n; };
struct r { int64_t first; int n; };

static _Atomic long bad, reads;

static void
write_pos (void *args, void *const *win)
{
  struct w *a = args;
  for (int k = 0; k < a->n; k++)
    ((int32_t *) win[0])[k] = tr_val (a->first + k);
}

static void
check_pos (void *args, void *const *win)
{
  struct r *a = args;
  for (int k = 0; k < a->n; k++)
    if (((const int32_t *) win[0])[k] != tr_val (a->first + k))
      atomic_fetch_add (&bad, 1);
  atomic_fetch_add (&reads, 1);
}

static er_site writers[3] = { TR_SITE (write_pos), TR_SITE (write_pos),
  TR_SITE (write_pos) };
static er_site readers[3] = { TR_SITE (check_pos), TR_SITE (check_pos),
  TR_SITE (check_pos) };

static uint64_t rng = 0x9e3779b97f4a7c15u;

static int
draw (int n)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (int) (rng % (uint64_t) n);
}

int
main (void)
{
  long expect = 0;
  for (int round = 0; round < 300; round++)
    {
      er_stream *x = er_stream_new (sizeof (int32_t), "x");
      int64_t wc = 0, rc = 0, need = 0;
      for (int k = 0; k < 100; k++)
	{
	  int what = draw (10);
	  if (what < 4)
	    {
	      struct w a = { wc, 1 + draw (5) };
	      TR_TASK (writers[draw (3)], a, TR_OUT (x, a.n));
	      wc += a.n;
	    }
	  else if (what < 8)
	    {
	      int h = 1 + draw (6), b = 1 + draw (h);
	      struct r a = { rc, h };
	      TR_TASK (readers[draw (3)], a, TR_IN (x, b, h));
	      rc += b;
	      if (rc - b + h > need)
		need = rc - b + h;
	      expect++;
	    }
	  else
	    {
	      int h = 1 + draw (4), n = 1 + draw (3);
	      for (int j = 0; j < n; j++)
		{
		  struct r a = { rc, h };
		  TR_TASK (readers[draw (3)], a, TR_PEEK (x, h));
		  expect++;
		}
	      er_stream_tick (x, h);
	      rc += h;
	      if (rc > need)
		need = rc;
	    }
	}
      while (wc < need)
	{
	  struct w a = { wc, 5 };
	  TR_TASK (writers[draw (3)], a, TR_OUT (x, 5));
	  wc += 5;
	}
      er_stream_release (x);
      if (round % 3 == 0)
	er_taskwait ();
    }
  er_taskwait ();
  RT_EQ (atomic_load (&reads), expect);
  RT_OK ("300 rounds, %ld bad windows", atomic_load (&bad));
  return 0;
}
