/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Peeks and ticks (OMP-STREAM-SPEC.md 6.4, 6.5, and OpenStream's tests
   t002, t100, t101 and t102 in its section 8), through the C API: every
   peek created between two advancing accesses sees the window of the
   next one; a tick after peeks discards that window; data stay until
   the tick, so a producer may run ahead of the peekers.
   t002: ten rounds of (producer of i, two peekers, tick (x));
   t100: one producer of 12345, ten peekers, tick (x);
   t101: ten rounds of (producer of j, ten peekers, tick (x));
   t102: a 1024-element window, ten peekers each summing it (523776),
     tick (x >> 1024), three rounds.
   Each peeker stores what it saw under its round and number.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-output "ok: t002, t100, t101, t102" } */

#include "task-rt.h"

struct w { int n; int32_t base; };
struct p { int n; int64_t *dst; };

static void
write_seq (void *args, void *const *win)
{
  struct w *a = args;
  for (int k = 0; k < a->n; k++)
    ((int32_t *) win[0])[k] = a->base + k;
}

/* Store the sum of the window (its only element for n == 1).  */
static void
peek_sum (void *args, void *const *win)
{
  struct p *a = args;
  int64_t s = 0;
  for (int k = 0; k < a->n; k++)
    s += ((const int32_t *) win[0])[k];
  *a->dst = s;
}

static er_site producer = TR_SITE (write_seq);
static er_site peeker1 = TR_SITE (peek_sum);
static er_site peeker2 = TR_SITE (peek_sum);

int
main (void)
{
  /* t002 */
  int64_t g2[10][2];
  er_stream *x = er_stream_new (sizeof (int32_t), "x");
  for (int i = 0; i < 10; i++)
    {
      struct w pr = { 1, i };
      TR_TASK (producer, pr, TR_OUT (x, 1));
      struct p a = { 1, &g2[i][0] }, b = { 1, &g2[i][1] };
      TR_TASK (peeker1, a, TR_PEEK (x, 1));
      TR_TASK (peeker2, b, TR_PEEK (x, 1));
      er_stream_tick (x, 1);
    }
  er_stream_release (x);

  /* t100 */
  int64_t g100[10];
  x = er_stream_new (sizeof (int32_t), "x");
  struct w one = { 1, 12345 };
  TR_TASK (producer, one, TR_OUT (x, 1));
  for (int j = 0; j < 10; j++)
    {
      struct p a = { 1, &g100[j] };
      TR_TASK (peeker1, a, TR_PEEK (x, 1));
    }
  er_stream_tick (x, 1);
  er_stream_release (x);

  /* t101 */
  int64_t g101[10][10];
  x = er_stream_new (sizeof (int32_t), "x");
  for (int j = 0; j < 10; j++)
    {
      struct w pr = { 1, j };
      TR_TASK (producer, pr, TR_OUT (x, 1));
      for (int i = 0; i < 10; i++)
	{
	  struct p a = { 1, &g101[j][i] };
	  if (i % 2)
	    TR_TASK (peeker1, a, TR_PEEK (x, 1));
	  else
	    TR_TASK (peeker2, a, TR_PEEK (x, 1));
	}
      er_stream_tick (x, 1);
    }
  er_stream_release (x);

  /* t102 */
  int64_t g102[3][10];
  x = er_stream_new (sizeof (int32_t), "x");
  for (int round = 0; round < 3; round++)
    {
      struct w pr = { 1024, 0 };
      TR_TASK (producer, pr, TR_OUT (x, 1024));
      for (int i = 0; i < 10; i++)
	{
	  struct p a = { 1024, &g102[round][i] };
	  TR_TASK (peeker1, a, TR_PEEK (x, 1024));
	}
      er_stream_tick (x, 1024);
    }
  er_stream_release (x);

  er_taskwait ();
  for (int i = 0; i < 10; i++)
    {
      RT_EQ (g2[i][0], i);
      RT_EQ (g2[i][1], i);
      RT_EQ (g100[i], 12345);
      for (int j = 0; j < 10; j++)
	RT_EQ (g101[j][i], j);
      for (int round = 0; round < 3; round++)
	RT_EQ (g102[round][i], 523776);
    }
  RT_OK ("t002, t100, t101, t102");
  return 0;
}
