/* SPDX-License-Identifier: GPL-3.0-or-later */ /* er_task_create_range (erbium/task.h): N instances created at once get
   the positions and the firstprivate values N calls of er_task_create
   would give them.  A producer range and a consumer range on one stream
   (the consumer's input a sliding window: burst 2, horizon 5), a peek
   range, fields of 1, 2, 4 and 8 bytes and a pointer stepped, a range of
   0 instances, a range between single instances of the same site, and
   the fallbacks (an undeferred range, a site with a process per
   instance) checked against the values written; taskwait waits for
   every instance of a range.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-output "ok: ranges of 1000 instances" } */

#include "task-rt.h"

#define N 1000

struct job
{
  uint8_t u8;
  int16_t i16;
  int32_t i32;
  int64_t i64;
  int32_t *slot;		/* stepped by one element */
  int32_t *got;			/* not stepped */
  int64_t *seen;
};

/* Writes tr_val of its positions, from its I64 (the first position).  */
static void
produce (void *args, void *const *win)
{
  struct job *j = args;
  int32_t *out = win[0];
  out[0] = tr_val (2 * j->i64);
  out[1] = tr_val (2 * j->i64 + 1);
  /* Every stepped field, as instance I64 must see it.  */
  if (j->u8 != (uint8_t) (250 + j->i64) || j->i16 != (int16_t) (-3 * j->i64)
      || j->i32 != (int32_t) (7 + 1000000 * j->i64))
    j->seen[j->i64] = -1;
  *j->slot = (int32_t) j->i64;
  j->i64 = -99;			/* a body may write its copy */
}

/* A sliding window of 5 at positions [2k, 2k + 5).  */
static void
consume (void *args, void *const *win)
{
  struct job *j = args;
  const int32_t *in = win[0];
  int64_t k = j->i64, ok = 1;
  for (int e = 0; e < 5; e++)
    if (2 * k + e < 2 * N && in[e] != tr_val (2 * k + e))
      ok = 0;
  j->got[k] = ok ? 1 : 2;
}

/* Every instance peeks at the same 3 positions.  */
static void
peek (void *args, void *const *win)
{
  struct job *j = args;
  const int32_t *in = win[0];
  j->seen[j->i64] += in[0] == tr_val (0) && in[2] == tr_val (2);
}

static er_site producer = TR_SITE (produce);
static er_site consumer = TR_SITE (consume);
static er_site peeker = TR_SITE (peek);
static er_site producer_pi = TR_SITE_PER_INSTANCE (produce);

static const struct er_task_step steps[] = {
  { offsetof (struct job, u8), 1, 1 },
  { offsetof (struct job, i16), 2, -3 },
  { offsetof (struct job, i32), 4, 1000000 },
  { offsetof (struct job, i64), 8, 1 },
  { offsetof (struct job, slot), 8, sizeof (int32_t) },
};

static void
run (er_site *site, int flags)
{
  int32_t *slots = calloc (N, sizeof *slots);
  int32_t *got = calloc (N, sizeof *got);
  int64_t *seen = calloc (N, sizeof *seen);
  er_stream *x = er_stream_new (sizeof (int32_t), "x");
  struct er_task_access out = TR_OUT (x, 2);
  struct er_task_access in = TR_IN (x, 2, 5);
  struct er_task_access pk = TR_PEEK (x, 3);
  struct job j = { 250, 0, 7, 0, slots, got, seen };
  /* Instances 0 .. 9 one by one, then 10 .. N - 1 as a range.  */
  for (int k = 0; k < 10; k++)
    {
      struct job jk = { (uint8_t) (250 + k), (int16_t) (-3 * k),
	7 + 1000000 * k, k, slots + k, got, seen };
      er_task_create (site, &jk, sizeof jk, &out, 1, flags);
    }
  struct job j10 = { (uint8_t) 260, -30, 7 + 10000000, 10, slots + 10, got,
    seen };
  er_task_create_range (site, &j10, sizeof j10, &out, 1, flags, N - 10,
			steps, 5);
  /* A range of 0 instances creates nothing, moves nothing.  */
  er_task_create_range (site, &j, sizeof j, &out, 1, flags, 0, steps, 5);
  er_task_create_range (&peeker, &j, sizeof j, &pk, 1, 0, N, steps + 3, 1);
  er_task_create_range (&consumer, &j, sizeof j, &in, 1, 0, N, steps + 3,
			1);
  /* The windows past the last written position: 3 more elements.  */
  er_task_create (site, &j, sizeof j, &out, 1, flags);
  er_task_create (site, &j, sizeof j, &out, 1, flags);
  er_stream_release (x);
  er_taskwait ();
  for (int k = 0; k < N; k++)
    {
      RT_CHECK (slots[k] == k || k == 0, "instance %d wrote %d", k,
		slots[k]);
      RT_CHECK (got[k] == 1, "consumer instance %d: %s", k,
		got[k] ? "wrong data" : "did not run");
      RT_CHECK (seen[k] == 1, "instance %d: %s", k, seen[k] < 0
		? "wrong stepped fields" : "peek did not run once");
    }
  free (slots);
  free (got);
  free (seen);
}

int
main (void)
{
  run (&producer, 0);
  run (&producer, ER_TASK_UNDEFERRED);
  run (&producer_pi, 0);
  RT_OK ("ranges of %d instances", N);
  return 0;
}
