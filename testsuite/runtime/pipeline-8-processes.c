/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Eight processes on a small machine (2 cores in CI) in a 4-stage
   pipeline, combining work sharing, distribution and broadcast (paper
   section 3): stage 1, two sources sharing record A's blocks (wreg 2);
   stage 2, two workers each taking alternate blocks of A (rreg 2) and
   writing the same blocks of B transformed (wreg 2); stage 3, the same
   from B to C; stage 4, two sinks both reading all of C (rreg 2).  With
   more processes than cores the runtime must yield and sleep rather than
   spin forever; both sinks check every value.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-output "ok: 8 processes in a 4-stage pipeline" } */

#include "rt-test.h"

#define B 128
#define NB 512
#define N (B * NB)

struct args { er_record *in, *out; int k; };

static int32_t
f1 (int32_t x)
{
  return (int32_t) ((uint32_t) x * 3 + 1);	/* wraps, without overflow */
}

static int32_t
f2 (int32_t x)
{
  return x ^ 0x5a5a5a5a;
}

static void
source (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->out);
  er_register (w, a->k + 1);
  er_alloc (w, 4 * B);
  er_commit (w, a->k * B);
  for (int b = a->k; b < NB; b += 2)
    {
      er_stall (w, (b + 1) * B);
      int32_t *q = er_burst (w, b * B, B);
      for (int i = 0; i < B; i++)
	q[i] = rt_val (b * B + i);
      er_commit (w, (b + 2) * B < N ? (b + 2) * B : N);
    }
}

static void
worker (void *p)
{
  struct args *a = p;
  int stage = a->k >> 1, k = a->k & 1;
  er_view *rd = er_new_read_view (a->in);
  er_view *w = er_new_write_view (a->out);
  er_register (rd, k + 1);
  er_register (w, k + 1);
  er_alloc (rd, 2 * B);
  er_alloc (w, 4 * B);
  er_release (rd, k * B);
  er_commit (w, k * B);
  for (int b = k; b < NB; b += 2)
    {
      int tl = b * B, hd = tl + B, next = (b + 2) * B < N ? (b + 2) * B : N;
      er_receive_range (rd, tl, hd);
      RT_EQ (er_update (rd, hd), hd);
      er_stall (w, hd);
      const int32_t *x = er_burst (rd, tl, B);
      int32_t *y = er_burst (w, tl, B);
      for (int i = 0; i < B; i++)
	y[i] = stage == 0 ? f1 (x[i]) : f2 (x[i]);
      er_commit (w, next);
      er_release (rd, next);
    }
}

static long sums[2];
static _Atomic long done[2];

static void
sink (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->in);
  er_register (rd, a->k + 1);
  er_alloc (rd, 3 * B);
  int tl = 0;
  for (;;)
    {
      int hd = er_update (rd, tl + (a->k ? 3 * B : 50));
      if (!hd)
	break;
      const int32_t *q = er_burst (rd, tl, hd - tl);
      for (int i = tl; i < hd; i++)
	{
	  RT_CHECK (q[i - tl] == f2 (f1 (rt_val (i))),
		    "sink %d: index %d holds %d", a->k, i, q[i - tl]);
	  sums[a->k] += q[i - tl];
	}
      er_release (rd, hd);
      tl = hd;
    }
  atomic_store (&done[a->k], tl);
}

int
main (void)
{
  er_record *ra = er_new_record (2, 2, sizeof (int32_t));
  er_record *rb = er_new_record (2, 2, sizeof (int32_t));
  er_record *rc = er_new_record (2, 2, sizeof (int32_t));
  for (int k = 0; k < 2; k++)
    {
      struct args s = { NULL, ra, k }, w1 = { ra, rb, k },
	w2 = { rb, rc, 2 + k }, t = { rc, NULL, k };
      er_run (sink, &t, sizeof t);
      er_run (worker, &w2, sizeof w2);
      er_run (worker, &w1, sizeof w1);
      er_run (source, &s, sizeof s);
    }
  er_wait_all ();
  long expect = 0;
  for (int i = 0; i < N; i++)
    expect += f2 (f1 (rt_val (i)));
  for (int k = 0; k < 2; k++)
    {
      RT_EQ (atomic_load (&done[k]), N);
      RT_EQ (sums[k], expect);
    }
  RT_EQ (er_live_records (), 0);
  RT_OK ("8 processes in a 4-stage pipeline");
  return 0;
}
