/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Distributing a stream among workers with receive_range (paper section 3,
   "Data streaming": receive_range "allows to subsample data streams and to
   distribute data among workers"): three registered readers take blocks
   of B round-robin.  Worker k announces its block with receive_range,
   updates to the block's end, checks it, and then releases up to the start
   of its next block (the blocks in between are the others', which hold
   them with their own release index).  Every element is seen exactly once:
   the per-worker sums add up to the stream's sum.  */
/* { dg-do run } */
/* { dg-output "ok: receive_range distributes blocks to 3 workers" } */

#include "rt-test.h"

#define K 3
#define B 64
#define NB 1500
#define N (B * NB)

struct args { er_record *r; int k; };

static long sums[K];
static long blocks[K];

static void
worker (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, a->k + 1);
  er_alloc (rd, B);
  er_release (rd, a->k * B);
  for (int b = a->k; b < NB; b += K)
    {
      int tl = b * B, hd = tl + B;
      er_receive_range (rd, tl, hd);
      RT_EQ (er_update (rd, hd), hd);
      const int32_t *q = er_burst (rd, tl, B);
      for (int i = 0; i < B; i++)
	{
	  RT_EQ (q[i], rt_val (tl + i));
	  sums[a->k] += q[i];
	}
      blocks[a->k]++;
      int next = (b + K) * B;
      er_release (rd, next < N ? next : N);
    }
  int hd = er_update (rd, N + 1);
  RT_CHECK (hd == N || hd == 0, "update past the end returned %d", hd);
}

int
main (void)
{
  er_record *r = er_new_record (1, K, sizeof (int32_t));
  struct args a = { r, 0 };
  for (a.k = 0; a.k < K; a.k++)
    er_run (worker, &a, sizeof a);
  er_view *w = er_new_write_view (r);
  er_register (w, 1);
  er_alloc (w, 4 * B);
  rt_write_range (w, 0, N, B);
  er_free_view (w, ER_TERMINATE);
  er_wait_all ();
  long expect = 0, got = 0, nb = 0;
  for (int i = 0; i < N; i++)
    expect += rt_val (i);
  for (int k = 0; k < K; k++)
    {
      RT_EQ (blocks[k], NB / K);
      got += sums[k];
      nb += blocks[k];
    }
  RT_EQ (nb, NB);
  RT_EQ (got, expect);
  RT_OK ("receive_range distributes blocks to 3 workers");
  return 0;
}
