/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Work sharing across writers (paper section 3, "Simple example": "use a
   stride to separate accesses into disjoint index ranges"): four writers
   (wreg = 4) produce blocks of B indices round-robin; writer k writes
   block b when b % 4 == k, then commits up to the start of its next block
   (it owns nothing in between).  The single reader's update waits for the
   minimum commit index of the four, so it sees every element in order.  */
/* { dg-do run } */
/* { dg-output "ok: 4 writers on strided blocks, 1 reader" } */

#include "rt-test.h"

#define W 4
#define B 64
#define NB 2000
#define N (B * NB)

struct args { er_record *r; int k; };

static void
writer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, a->k + 1);
  er_alloc (w, 4 * B);
  er_commit (w, a->k * B);
  for (int b = a->k; b < NB; b += W)
    {
      int tl = b * B;
      er_stall (w, tl + B);
      int32_t *q = er_burst (w, tl, B);
      for (int i = 0; i < B; i++)
	q[i] = rt_val (tl + i);
      int next = (b + W) * B;
      er_commit (w, next < N ? next : N);
    }
}

int
main (void)
{
  er_record *r = er_new_record (W, 1, sizeof (int32_t));
  struct args a = { r, 0 };
  for (a.k = 0; a.k < W; a.k++)
    er_run (writer, &a, sizeof a);
  er_view *rd = er_new_read_view (r);
  er_register (rd, 1);
  er_alloc (rd, 3 * B);
  /* Bursts that do not align with the writers' blocks.  */
  RT_EQ (rt_read_range (rd, 0, N, 3 * B - 7), N);
  RT_EQ (er_update (rd, N + 1), 0);
  er_wait_all ();
  RT_OK ("4 writers on strided blocks, 1 reader");
  return 0;
}
