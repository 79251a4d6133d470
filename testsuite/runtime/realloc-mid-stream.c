/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Reallocation when a view with a larger horizon connects mid-stream
   (erbium/record.h er_alloc: the record's single buffer holds at least the
   largest write plus read horizon; a larger horizon reallocates it while
   the other views keep streaming).  A writer and reader 1 (horizons 64 and 32)
   stream 100000 elements; meanwhile reader 2 connects with horizon 4096,
   which must grow the buffer, registers (id 2, above rreg, so it did not
   gate the start), skips to the writer's current commit index, and reads
   from there to the end (reader 1 waits at N - 1000 for reader 2's
   signal on a second record, so that the join is mid-stream).  Every
   element both readers see must be right,
   and reader 1's view must report the larger slot count afterwards.  */
/* { dg-do run } */
/* { dg-output "ok: reallocation mid-stream kept every element" } */

#include "rt-test.h"

#define N 100000

static _Atomic long committed;	/* the writer's commit index, published */
static _Atomic long r2_joined;
static uint64_t slots_before, slots_after, slots_r2;

struct args { er_record *r, *sig; };

static void
writer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, 64);
  for (int tl = 0; tl < N; tl += 16)
    {
      rt_write_range (w, tl, tl + 16, 16);
      atomic_store (&committed, tl + 16);
    }
}

static void
reader1 (void *p)
{
  struct args *a = p;
  er_view *sig = er_new_read_view (a->sig);
  er_register (sig, 1);
  er_alloc (sig, 1);
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, 1);
  er_alloc (rd, 32);
  slots_before = rt_info (rd).slots;
  int tl = rt_read_range (rd, 0, N / 2, 13);
  RT_EQ (tl, N / 2);
  /* Go no further than N - 1000 before reader 2 has joined, so that it
     joins mid-stream: wait for its signal on a second record.  (Waiting
     outside the runtime would not do: a reallocation waits for every
     view's owner to reach a primitive.)  */
  RT_EQ (rt_read_range (rd, tl, N - 1000, 13), N - 1000);
  RT_EQ (er_update (sig, 1), 1);
  RT_EQ (atomic_load (&r2_joined), 1);
  tl = N - 1000;
  RT_EQ (rt_read_range (rd, tl, N, 13), N);
  RT_EQ (er_update (rd, N + 1), 0);
  slots_after = rt_info (rd).slots;
}

static void
reader2 (void *p)
{
  struct args *a = p;
  er_view *sig = er_new_write_view (a->sig);
  er_register (sig, 1);
  er_alloc (sig, 1);
  er_view *rd = er_new_read_view (a->r);
  er_alloc (rd, 4096);
  slots_r2 = rt_info (rd).slots;
  er_register (rd, 2);
  /* Registered from release 0: the writer can get at most its horizon
     past what it had been allowed; the elements from its published
     commit index on are still in the buffer and now protected.  */
  int start = (int) atomic_load (&committed);
  RT_CHECK (start >= N / 4 && start < N - 500, "joined at %d", start);
  er_release (rd, start);
  atomic_store (&r2_joined, 1);
  er_stall (sig, 1);
  ER_AT (sig, int32_t, 0) = 1;
  er_commit (sig, 1);
  /* Bursts of 24: the writer (horizon 64) can only run 64 past this
     view's release index.  */
  RT_EQ (rt_read_range (rd, start, N, 24), N);
  RT_EQ (er_update (rd, N + 1), 0);
}

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_record *sig = er_new_record (1, 1, sizeof (int32_t));
  struct args a = { r, sig };
  er_run (writer, &a, sizeof a);
  er_run (reader1, &a, sizeof a);
  rt_wait_at_least (&committed, N / 4, "the stream to be under way");
  er_run (reader2, &a, sizeof a);
  er_wait_all ();
  RT_CHECK (slots_before >= 96, "slots %llu", (unsigned long long) slots_before);
  RT_CHECK (slots_r2 >= 4096 + 64, "slots after alloc(4096): %llu",
	    (unsigned long long) slots_r2);
  RT_CHECK (slots_after > slots_before && slots_after == slots_r2,
	    "reader 1 sees %llu slots, before %llu, reader 2 %llu",
	    (unsigned long long) slots_after,
	    (unsigned long long) slots_before, (unsigned long long) slots_r2);
  RT_OK ("reallocation mid-stream kept every element");
  return 0;
}
