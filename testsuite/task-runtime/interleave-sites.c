/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Several writer sites and several reader sites on one stream share its
   write and read counters, so data interleave in the creating control
   program's order, whatever the sites (OMP-STREAM-SPEC.md 6.2, and the
   expected outputs of OpenStream's tests t003, t006 and t008 in its
   section 8), through the C API:
   t003: a producer of (42, 43) before the loop, then per iteration i a
     producer of (2i, 2i + 1) and a consumer of 2 from site A (odd i) or
     B (even i): consumer 0 reads (42, 43), consumer i + 1 reads
     (2i, 2i + 1); a final tick (x >> 2) drops (18, 19);
   t006: even iterations produce 2 values, odd ones 3, from two sites; a
     reader of horizon 5 on odd iterations gets the even producer's pair
     followed by the odd producer's three;
   t008: bursts of 2 every iteration, readers of horizon 2 (site A) at
     even i and of horizon 4 (site B) at i % 4 == 0, created A then B:
     A at i % 4 == 0 reads (2i, 2i + 1), B there 2i + 2 .. 2i + 5, A at
     i % 4 == 2 reads (2i + 2, 2i + 3).
   Each result is stored by the consumer under its iteration and checked
   after taskwait.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-output "ok: t003, t006 and t008 interleavings" } */

#include "task-rt.h"

struct w { int n; int32_t v[5]; };
struct r { int n; int32_t *dst; };

static void
write_vals (void *args, void *const *win)
{
  struct w *a = args;
  for (int k = 0; k < a->n; k++)
    ((int32_t *) win[0])[k] = a->v[k];
}

static void
read_vals (void *args, void *const *win)
{
  struct r *a = args;
  for (int k = 0; k < a->n; k++)
    a->dst[k] = ((const int32_t *) win[0])[k];
}

/* Distinct sites, as distinct pragmas would be.  */
static er_site prod_before = TR_SITE (write_vals);
static er_site prod_loop = TR_SITE (write_vals);
static er_site prod_odd = TR_SITE (write_vals);
static er_site cons_a = TR_SITE (read_vals);
static er_site cons_b = TR_SITE (read_vals);
static er_site cons_5 = TR_SITE (read_vals);

static void
t003 (void)
{
  int32_t got[10][2];
  er_stream *x = er_stream_new (sizeof (int32_t), "x");
  struct w p0 = { 2, { 42, 43 } };
  TR_TASK (prod_before, p0, TR_OUT (x, 2));
  for (int i = 0; i < 10; i++)
    {
      struct w p = { 2, { 2 * i, 2 * i + 1 } };
      TR_TASK (prod_loop, p, TR_OUT (x, 2));
      struct r c = { 2, got[i] };
      if (i % 2)
	TR_TASK (cons_a, c, TR_IN (x, 2, 2));
      else
	TR_TASK (cons_b, c, TR_IN (x, 2, 2));
    }
  er_stream_tick (x, 2);
  er_stream_release (x);
  er_taskwait ();
  RT_EQ (got[0][0], 42);
  RT_EQ (got[0][1], 43);
  for (int i = 0; i < 9; i++)
    {
      RT_EQ (got[i + 1][0], 2 * i);
      RT_EQ (got[i + 1][1], 2 * i + 1);
    }
}

static void
t006 (void)
{
  int32_t got[20][5];
  er_stream *x = er_stream_new (sizeof (int32_t), "x");
  for (int i = 0; i < 20; i++)
    {
      if (i % 2 == 0)
	{
	  struct w p = { 2, { 10 * i, 10 * i + 1 } };
	  TR_TASK (prod_loop, p, TR_OUT (x, 2));
	}
      else
	{
	  struct w p = { 3, { 10 * i, 10 * i + 1, 10 * i + 2 } };
	  TR_TASK (prod_odd, p, TR_OUT (x, 3));
	  struct r c = { 5, got[i] };
	  TR_TASK (cons_5, c, TR_IN (x, 5, 5));
	}
    }
  er_stream_release (x);
  er_taskwait ();
  for (int i = 1; i < 20; i += 2)
    {
      int e = 10 * (i - 1);
      int32_t want[5] = { e, e + 1, 10 * i, 10 * i + 1, 10 * i + 2 };
      for (int k = 0; k < 5; k++)
	RT_CHECK (got[i][k] == want[k], "t006 consumer %d element %d: %d, "
		  "expected %d", i, k, got[i][k], want[k]);
    }
}

static void
t008 (void)
{
  int32_t a[40][2], b[40][4];
  er_stream *x = er_stream_new (sizeof (int32_t), "x");
  for (int i = 0; i < 40; i++)
    {
      struct w p = { 2, { 2 * i, 2 * i + 1 } };
      TR_TASK (prod_loop, p, TR_OUT (x, 2));
      if (i % 2 == 0)
	{
	  struct r c = { 2, a[i] };
	  TR_TASK (cons_a, c, TR_IN (x, 2, 2));
	}
      if (i % 4 == 0)
	{
	  struct r c = { 4, b[i] };
	  TR_TASK (cons_b, c, TR_IN (x, 4, 4));
	}
    }
  er_stream_release (x);
  er_taskwait ();
  for (int i = 0; i < 40; i += 4)
    {
      RT_EQ (a[i][0], 2 * i);
      RT_EQ (a[i][1], 2 * i + 1);
      for (int k = 0; k < 4; k++)
	RT_EQ (b[i][k], 2 * i + 2 + k);
      RT_EQ (a[i + 2][0], 2 * (i + 2) + 2);
      RT_EQ (a[i + 2][1], 2 * (i + 2) + 3);
    }
}

int
main (void)
{
  t003 ();
  t006 ();
  t008 ();
  RT_OK ("t003, t006 and t008 interleavings");
  return 0;
}
