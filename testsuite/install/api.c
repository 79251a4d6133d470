/* SPDX-License-Identifier: GPL-3.0-or-later */ /* api.c -- used by install.exp: a program of the runtime's C API only
   (<erbium/runtime.h>, no language extension): a producer process writes
   0 .. N-1 into a record in bursts, a consumer process sums them.  It
   links with liberbium, hwloc and pthread, so it checks that erbium-gcc
   finds the headers and adds the libraries when linking.  Prints
   "api sum S" and exits 0 when S is the expected sum, 1 otherwise.  */
#include <stdio.h>
#include <erbium/runtime.h>

#define N 10000
#define BURST 10
#define HORIZON 40

struct args { er_record *re; };
static long sum;

static void
producer (void *p)
{
  er_view *v = er_new_write_view (((struct args *) p)->re);
  er_register (v, 1);
  er_alloc (v, HORIZON);
  for (int tl = 0; tl < N; tl += BURST)
    {
      er_stall (v, tl + BURST);
      for (int i = tl; i < tl + BURST; i++)
	ER_AT (v, int, i) = i;
      er_commit (v, tl + BURST);
    }
}

static void
consumer (void *p)
{
  er_view *v = er_new_read_view (((struct args *) p)->re);
  er_register (v, 1);
  er_alloc (v, HORIZON);
  int tl = 0, hd;
  while ((hd = er_update (v, tl + BURST)) != 0)
    {
      for (int i = tl; i < hd; i++)
	sum += ER_AT (v, int, i);
      er_release (v, hd);
      tl = hd;
    }
}

int
main (void)
{
  struct args a = { er_new_record (1, 1, sizeof (int)) };
  er_run (producer, &a, sizeof a);
  er_run (consumer, &a, sizeof a);
  er_wait_all ();
  printf ("api sum %ld\n", sum);
  return sum == (long) N * (N - 1) / 2 ? 0 : 1;
}
