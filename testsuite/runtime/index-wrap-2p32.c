/* SPDX-License-Identifier: GPL-3.0-or-later */ /* int indices wrap transparently past 2^31 and 2^32 (paper section 3,
   "Resource management": the runtime translates index arguments so that
   the program's index variables "can wrap-around safely"; erbium/sync.h).
   One thread owns a writer and a reader of horizon 2^20 and streams
   2^32 + 2^21 indices in bursts of 2^20, keeping its own 64-bit count and
   passing (int) casts of it.  Each element holds its 64-bit index (low and
   high words): most bursts touch only their first, middle and last
   elements; the bursts around index 0, 2^31 and 2^32 are written and
   checked completely.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "ok: indices wrapped past 2\\^31 and 2\\^32" } */

#include "rt-test.h"

#define H (1 << 20)

struct elt { uint32_t lo, hi; };

static int
idx (uint64_t t)
{
  return (int) (uint32_t) t;
}

/* Does [T, T + H) contain or touch a crossing point?  */
static int
full (uint64_t t)
{
  static const uint64_t points[] = { 0, 1ull << 31, 1ull << 32 };
  for (int k = 0; k < 3; k++)
    if (t <= points[k] + 1 && points[k] <= t + H)
      return 1;
  return 0;
}

static void
put (struct elt *q, uint64_t t)
{
  q->lo = (uint32_t) t;
  q->hi = (uint32_t) (t >> 32);
}

static void
check (const struct elt *q, uint64_t t)
{
  RT_CHECK (q->lo == (uint32_t) t && q->hi == (uint32_t) (t >> 32),
	    "index %#llx holds %#x:%08x", (unsigned long long) t, q->hi,
	    q->lo);
}

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (struct elt));
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r);
  er_register (w, 1);
  er_register (rd, 1);
  er_alloc (w, H);
  er_alloc (rd, H);

  const uint64_t end = (1ull << 32) + 2 * H;
  uint64_t nfull = 0;
  for (uint64_t t = 0; t < end; t += H)
    {
      int tl = idx (t), hd = idx (t + H);
      er_stall (w, hd);
      RT_EQ (rt_info (w).stall_or_update, (long long) (t + H));
      struct elt *q = er_burst (w, tl, H);
      if (full (t))
	for (uint64_t k = 0; k < H; k++)
	  put (&q[k], t + k);
      else
	{
	  put (&q[0], t);
	  put (&q[H / 2], t + H / 2);
	  put (&q[H - 1], t + H - 1);
	}
      er_commit (w, hd);
      RT_EQ (rt_info (w).commit_or_release, (long long) (t + H));

      RT_EQ (er_update (rd, hd), hd);
      const struct elt *p = er_burst (rd, tl, H);
      if (full (t))
	{
	  nfull++;
	  for (uint64_t k = 0; k < H; k++)
	    check (&p[k], t + k);
	  /* Element by element too, with the wrapped int index.  */
	  for (uint64_t k = 0; k < H; k += 4099)
	    check (er_elem (rd, idx (t + k)), t + k);
	}
      else
	{
	  check (&p[0], t);
	  check (&p[H / 2], t + H / 2);
	  check (&p[H - 1], t + H - 1);
	}
      er_release (rd, hd);
      RT_EQ (rt_info (rd).commit_or_release, (long long) (t + H));
    }
  RT_CHECK (nfull >= 3, "only %llu full bursts", (unsigned long long) nfull);

  /* Termination at a wrapped index: update returns the wrapped int.  */
  er_stall (w, idx (end + 3));
  for (uint64_t t = end; t < end + 3; t++)
    put (er_elem (w, idx (t)), t);
  er_commit (w, idx (end + 3));
  er_free_view (w, ER_TERMINATE);
  RT_EQ (er_update (rd, idx (end + 5)), idx (end + 3));
  for (uint64_t t = end; t < end + 3; t++)
    check (er_elem (rd, idx (t)), t);
  RT_EQ (er_update (rd, idx (end + 5)), 0);
  RT_OK ("indices wrapped past 2^31 and 2^32");
  return 0;
}
