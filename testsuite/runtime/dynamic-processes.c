/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Dynamic process creation (paper section 3, "Creation": "a sequential
   main thread spawning concurrent processes dynamically"; erbium/process.h
   "Processes may create processes").  Main runs a launcher process, which
   creates a record, runs a producer and a consumer on it and returns at
   once; the producer itself runs a helper process that produces the
   second half of the stream through a second write view (work sharing by
   halves).  main's er_wait_all must wait for the whole tree, and the
   consumer's result must be complete.  */
/* { dg-do run } */
/* { dg-output "ok: processes started by processes" } */

#include "rt-test.h"

#define N 4000

struct args { er_record *r; int depth; };

static _Atomic long consumed, nprocs;
static long sum;

static void
helper (void *p)
{
  struct args *a = p;
  atomic_fetch_add (&nprocs, 1);
  er_view *w = er_new_write_view (a->r);
  er_register (w, 2);
  er_alloc (w, 16);
  er_commit (w, N / 2);		/* the first half is the producer's */
  rt_write_range (w, N / 2, N, 16);
}

static void
producer (void *p)
{
  struct args *a = p;
  atomic_fetch_add (&nprocs, 1);
  er_run (helper, a, sizeof *a);
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, 16);
  rt_write_range (w, 0, N / 2, 16);
  er_commit (w, N);		/* nothing more of ours */
}

static void
consumer (void *p)
{
  struct args *a = p;
  atomic_fetch_add (&nprocs, 1);
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, 1);
  er_alloc (rd, 16);
  int tl = 0;
  for (;;)
    {
      int hd = er_update (rd, tl + 16);
      if (!hd)
	break;
      for (int i = tl; i < hd; i++)
	{
	  RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
	  sum += rt_val (i);
	}
      er_release (rd, hd);
      tl = hd;
    }
  atomic_store (&consumed, tl);
}

static void
launcher (void *p)
{
  struct args *a = p;
  atomic_fetch_add (&nprocs, 1);
  if (a->depth > 0)
    {
      /* One more level of nesting before the real work.  */
      struct args b = { NULL, a->depth - 1 };
      er_run (launcher, &b, sizeof b);
      return;
    }
  struct args b = { er_new_record (2, 1, sizeof (int32_t)), 0 };
  er_run (consumer, &b, sizeof b);
  er_run (producer, &b, sizeof b);
  er_wait_all ();		/* from a process: returns at once */
}

int
main (void)
{
  struct args a = { NULL, 2 };
  er_run (launcher, &a, sizeof a);
  er_wait_all ();
  long expect = 0;
  for (int i = 0; i < N; i++)
    expect += rt_val (i);
  RT_EQ (atomic_load (&nprocs), 6);
  RT_EQ (atomic_load (&consumed), N);
  RT_EQ (sum, expect);
  RT_EQ (er_live_records (), 0);
  RT_OK ("processes started by processes");
  return 0;
}
