/* SPDX-License-Identifier: GPL-3.0-or-later */ /* int indices wrap past 2^31 and 2^32 in a producer/consumer process pair
   (paper section 3, "Resource management"; erbium/sync.h: each index is
   translated relative to the view's own index).  The writer (horizon 2^20)
   and the reader (horizon 2^19, odd bursts of 2^19 - 3, not aligned with
   the writer's bursts of 3 * 2^17) stream 2^32 + 2^18 indices counted in
   wrapping int variables (as unsigned, to avoid signed overflow).  Each
   element holds its 64-bit index; bursts near 0, 2^31 and 2^32 are written
   and checked in full, the others at their ends.  The reader also checks
   the update index the runtime reports, which is 64-bit.  (The reader's
   requests never land on a multiple of 2^32: update returns its int
   argument, and a returned 0 means termination.)  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "ok: a process pair streamed across 2\\^31 and 2\\^32" } */

#include "rt-test.h"

#define HW (1 << 20)
#define BW (3 << 17)
#define HR (1 << 19)
#define BR (HR - 3)
#define END ((1ull << 32) + (1ull << 18))

struct elt { uint32_t lo, hi; };
struct args { er_record *r; };

/* Does [T, T + N) come within D of 0, 2^31 or 2^32?  The writer writes
   every element of its bursts within 2^21 of a crossing point, the reader
   checks every element of its bursts within 2^19 of one (any writer burst
   overlapping such a reader burst is then entirely written).  */
static int
near_point (uint64_t t, uint64_t n, uint64_t d)
{
  static const uint64_t points[] = { 0, 1ull << 31, 1ull << 32 };
  for (int k = 0; k < 3; k++)
    if (t < points[k] + d && points[k] < t + n + d)
      return 1;
  return 0;
}

static void
writer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, HW);
  for (uint64_t t = 0; t < END; t += BW)
    {
      uint64_t n = END - t < BW ? END - t : BW;
      er_stall (w, (int) (uint32_t) (t + n));
      struct elt *q = er_burst (w, (int) (uint32_t) t, (int) n);
      if (near_point (t, n, 1 << 21))
	for (uint64_t k = 0; k < n; k++)
	  q[k] = (struct elt) { (uint32_t) (t + k), (uint32_t) ((t + k) >> 32) };
      else
	{
	  q[0] = (struct elt) { (uint32_t) t, (uint32_t) (t >> 32) };
	  uint64_t e = t + n - 1;
	  q[n - 1] = (struct elt) { (uint32_t) e, (uint32_t) (e >> 32) };
	}
      er_commit (w, (int) (uint32_t) (t + n));
    }
}

static uint64_t reached;

static void
check (const struct elt *q, uint64_t t)
{
  RT_CHECK (q->lo == (uint32_t) t && q->hi == (uint32_t) (t >> 32),
	    "index %#llx holds %#x:%08x", (unsigned long long) t, q->hi,
	    q->lo);
}

static void
reader (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, 1);
  er_alloc (rd, HR);
  uint64_t t = 0;
  unsigned tl = 0;		/* the program's wrapping index */
  for (;;)
    {
      int hd = er_update (rd, (int) (tl + BR));
      if (hd == 0)
	break;
      uint64_t n = (unsigned) hd - tl;
      RT_CHECK (n > 0 && n <= BR, "update(%d) returned %d", (int) (tl + BR),
		hd);
      RT_EQ (rt_info (rd).stall_or_update, (long long) (t + n));
      const struct elt *q = er_burst (rd, (int) tl, (int) n);
      if (near_point (t, n, 1 << 19))
	for (uint64_t k = 0; k < n; k++)
	  check (&q[k], t + k);
      else
	{
	  /* The writer's bursts end at multiples of BW: check the first
	     and last element of each writer burst inside this one.  */
	  for (uint64_t s = (t + BW - 1) / BW * BW; s < t + n; s += BW)
	    {
	      check (&q[s - t], s);
	      if (s > t)
		check (&q[s - t - 1], s - 1);
	    }
	}
      er_release (rd, hd);
      tl = (unsigned) hd;
      t += n;
    }
  reached = t;
}

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (struct elt));
  struct args a = { r };
  er_run (writer, &a, sizeof a);
  er_run (reader, &a, sizeof a);
  er_wait_all ();
  RT_EQ (reached, END);
  RT_OK ("a process pair streamed across 2^31 and 2^32");
  return 0;
}
