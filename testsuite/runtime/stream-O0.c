/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The inline primitives work unoptimised (erbium/sync.h: static inline,
   always_inline): a producer/consumer/relay chain built at -O0, with a
   broadcast to two readers and termination, gives the right checksums.  */
/* { dg-do run } */
/* { dg-options "-O0" } */
/* { dg-output "ok: -O0 stream" } */

#include "rt-test.h"

#define N 20000

struct args { er_record *in, *out; int id; };

static void
producer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->out);
  er_register (w, 1);
  er_alloc (w, 32);
  rt_write_range (w, 0, N, 7);
}

static void
relay (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->in);
  er_view *w = er_new_write_view (a->out);
  er_register (rd, 1);
  er_register (w, 1);
  er_alloc (rd, 16);
  /* Bursts of up to 16 while the consumers read 5 or 10 at a time: the
     write horizon must hold one burst plus what a consumer may still be
     waiting for.  */
  er_alloc (w, 32);
  int tl = 0;
  for (;;)
    {
      int hd = er_update (rd, tl + 16);
      if (!hd)
	break;
      er_stall (w, hd);
      for (int i = tl; i < hd; i++)
	ER_AT (w, int32_t, i)
	  = (int32_t) ((uint32_t) ER_AT (rd, int32_t, i) * 3 + 1);
      er_commit (w, hd);
      er_release (rd, hd);
      tl = hd;
    }
}

static long sums[3];

static void
consumer (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->in);
  er_register (rd, a->id);
  er_alloc (rd, 8 * a->id);
  int tl = 0;
  for (;;)
    {
      int hd = er_update (rd, tl + 5 * a->id);
      if (!hd)
	break;
      for (int i = tl; i < hd; i++)
	{
	  RT_EQ (ER_AT (rd, int32_t, i),
		 (int32_t) ((uint32_t) rt_val (i) * 3 + 1));
	  sums[a->id] += ER_AT (rd, int32_t, i);
	}
      er_release (rd, hd);
      tl = hd;
    }
  RT_EQ (tl, N);
}

int
main (void)
{
  er_record *a = er_new_record (1, 1, sizeof (int32_t));
  er_record *b = er_new_record (1, 2, sizeof (int32_t));
  struct args pa = { NULL, a, 0 }, pr = { a, b, 0 }, c1 = { b, NULL, 1 },
    c2 = { b, NULL, 2 };
  er_run (consumer, &c1, sizeof c1);
  er_run (consumer, &c2, sizeof c2);
  er_run (relay, &pr, sizeof pr);
  er_run (producer, &pa, sizeof pa);
  er_wait_all ();
  long expect = 0;
  for (int i = 0; i < N; i++)
    expect += (int32_t) ((uint32_t) rt_val (i) * 3 + 1);
  RT_EQ (sums[1], expect);
  RT_EQ (sums[2], expect);
  RT_EQ (er_live_records (), 0);
  RT_OK ("-O0 stream");
  return 0;
}
