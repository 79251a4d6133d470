/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Peeks and ticks on a site split into 2 workers (erbium/task.h,
   ER_SITE_SPLIT): each round a producer writes 8 elements of x, then 8
   instances of the split site peek at that window of x (horizon 8, the
   read counter does not move) and each writes one element of y, the
   dot product of the window with its own row of coefficients, which
   it reads with a sliding input of c (burst 1, horizon 8: rows overlap,
   as a window read by several instances); a tick discards the window
   of x.  A consumer reads y.  The instances finish out of order (uneven
   cost), and every value of y is checked: what W = 1 gives.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-output "ok: 40 rounds of 8 peeks on 2 workers" } */

#include "task-rt.h"

#define ROUNDS 40
#define M 8

struct job { int64_t k; int64_t *got; };

static void
produce (void *args, void *const *win)
{
  struct job *j = args;
  for (int e = 0; e < M; e++)
    ((int32_t *) win[0])[e] = tr_val (j->k * M + e) & 0xffff;
}

static void
coeffs (void *args, void *const *win)
{
  (void) args;
  for (int e = 0; e < ROUNDS * M + M; e++)
    ((int32_t *) win[0])[e] = e % 13 - 6;
}

/* Instance K of round R: its row of c starts at position K (of the
   whole run), x's window at R * M.  */
static int64_t
dot_val (int64_t r, int64_t k)
{
  int64_t v = 0;
  for (int e = 0; e < M; e++)
    v += (int64_t) (tr_val (r * M + e) & 0xffff) * ((k + e) % 13 - 6);
  return v;
}

static void
dot (void *args, void *const *win)
{
  struct job *j = args;
  const int32_t *x = win[0], *c = win[1];
  int64_t v = 0;
  for (int e = 0; e < M; e++)
    v += (int64_t) x[e] * c[e];
  volatile uint32_t sink = 0;
  for (long n = 0; n < (j->k % 3) * 20000; n++)
    sink += (uint32_t) n;
  *(int64_t *) win[2] = v;
}

static void
consume (void *args, void *const *win)
{
  struct job *j = args;
  j->got[j->k] = *(const int64_t *) win[0];
}

static er_site producer = TR_SITE (produce);
static er_site coefficients = TR_SITE (coeffs);
static er_site splitter = TR_SITE_SPLIT (dot, 2);
static er_site consumer = TR_SITE (consume);

int
main (void)
{
  int64_t *got = calloc (ROUNDS * M, sizeof *got);
  er_stream *x = er_stream_new (sizeof (int32_t), "x");
  er_stream *c = er_stream_new (sizeof (int32_t), "c");
  er_stream *y = er_stream_new (sizeof (int64_t), "y");
  struct job j0 = { 0, got };
  TR_TASK (coefficients, j0, TR_OUT (c, ROUNDS * M + M));
  for (int64_t r = 0; r < ROUNDS; r++)
    {
      struct job jr = { r, got };
      TR_TASK (producer, jr, TR_OUT (x, M));
      for (int k = 0; k < M; k++)
	{
	  struct job j = { r * M + k, got };
	  TR_TASK (splitter, j, TR_PEEK (x, M), TR_IN (c, 1, M),
		   TR_OUT (y, 1));
	  TR_TASK (consumer, j, TR_IN (y, 1, 1));
	}
      er_stream_tick (x, M);
    }
  er_stream_release (x);
  er_stream_release (c);
  er_stream_release (y);
  er_taskwait ();
  for (int64_t r = 0; r < ROUNDS; r++)
    for (int k = 0; k < M; k++)
      RT_CHECK (got[r * M + k] == dot_val (r, r * M + k), "round %lld, "
		"instance %d: got %lld, expected %lld", (long long) r, k,
		(long long) got[r * M + k], (long long) dot_val (r, r * M + k));
  free (got);
  RT_OK ("%d rounds of %d peeks on 2 workers", ROUNDS, M);
  return 0;
}
