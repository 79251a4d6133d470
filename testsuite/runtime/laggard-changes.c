/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The inline refresh reads only the laggard's index (erbium/layout.h
   er_view.peer, peer_rest): with several peers, update and stall must
   still never grant more than the minimum over all of them, however often
   the laggard changes.  Three writers (wreg = 3) commit at different,
   changing paces and announce each commit index in a shadow counter
   before committing; two registered readers with different bursts check,
   after every update, that each writer has announced at least the granted
   index, and check every element.  The writers' stalls face the two
   readers, whose laggard changes too; and sleeping waiters rely on the
   laggard's wake threshold (er_view.wake) to be woken.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "ok: laggard changes, 3 writers, 2 readers" } */

#include "rt-test.h"
#include <sched.h>

#define W 3
#define B 16
#define NB 3000
#define N (B * NB)
#define H (4 * B)

static _Atomic int shadow[W];

struct args { er_record *r; int k; };

/* Writer K owns blocks b % W == K; every few blocks it pauses for a
   while that depends on K and on the block, so each writer in turn is the
   slowest one.  */
static void
writer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, a->k + 1);
  er_alloc (w, H);
  atomic_store (&shadow[a->k], a->k * B);
  er_commit (w, a->k * B);
  for (int b = a->k; b < NB; b += W)
    {
      int tl = b * B;
      er_stall (w, tl + B);
      int32_t *q = er_burst (w, tl, B);
      for (int i = 0; i < B; i++)
	q[i] = rt_val (tl + i);
      int next = (b + W) * B;
      if (next > N)
	next = N;
      atomic_store (&shadow[a->k], next);
      er_commit (w, next);
      if ((b / W) % 97 == (unsigned) (a->k * 31) % 97)
	rt_sleep_ms (1 + a->k);
      else if ((b / W + a->k) % 13 == 0)
	sched_yield ();
    }
}

/* Reader with id ID and burst K: every grant is checked against the
   writers' announcements, every element against its value.  */
static void
reader (void *p)
{
  struct args *a = p;
  int id = a->k, k = id == 1 ? 5 : 37;
  er_view *v = er_new_read_view (a->r);
  er_register (v, id);
  er_alloc (v, H);
  int tl = 0;
  while (tl < N)
    {
      int want = tl + k < N ? tl + k : N;
      int hd = er_update (v, want);
      RT_EQ (hd, want);
      for (int j = 0; j < W; j++)
	RT_CHECK (atomic_load (&shadow[j]) >= hd, "reader %d granted %d "
		  "but writer %d announced only %d", id, hd, j + 1,
		  atomic_load (&shadow[j]));
      for (int i = tl; i < hd; i++)
	RT_EQ (ER_AT (v, int32_t, i), rt_val (i));
      er_release (v, hd);
      tl = hd;
      if (tl % (7 * B) == id)
	sched_yield ();
    }
  RT_EQ (er_update (v, N + 1), 0);
}

int
main (void)
{
  er_record *r = er_new_record (W, 2, sizeof (int32_t));
  struct args a = { r, 0 };
  for (a.k = 1; a.k <= 2; a.k++)
    er_run (reader, &a, sizeof a);
  for (a.k = 0; a.k < W; a.k++)
    er_run (writer, &a, sizeof a);
  er_wait_all ();
  RT_OK ("laggard changes, 3 writers, 2 readers");
  return 0;
}
