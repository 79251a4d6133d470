/* SPDX-License-Identifier: GPL-3.0-or-later */ /* 40 000 records with small windows alive at once (runtime/src/mirror.c,
   "Arenas"): each window is mapped twice, and a kernel mapping per copy
   would need 80 000 mappings, more than Linux's default
   vm.max_map_count of 65530.  Small windows share arenas, where a window
   costs about one mapping: the test checks that the process's mappings
   (lines of /proc/self/maps) grow by at most 1.1 per window.  Every
   window must still be mirrored: each record streams to just before its
   buffer's wrap point, then a burst through er_burst crosses it, and the
   reader checks every element of that burst with er_elem.  Two element
   sizes (4 and 12 bytes) give windows of two sizes.  At the end every
   view is freed and every record deallocated (er_live_records).  */
/* { dg-do run } */
/* { dg-timeout 120 } */
/* { dg-output "ok: 40000 records with small windows alive at once" } */

#include "rt-test.h"

#define NR 40000
#define H 512			/* each side's horizon: 1024 slots */
#define CROSS 16		/* the burst across the wrap point */

/* The 12-byte element.  */
struct e12
{
  uint32_t v[3];
};

struct rec
{
  er_record *r;
  er_view *w, *rd;
  int esize;
};

static struct rec recs[NR];

/* Lines of /proc/self/maps.  */
static long
mappings (void)
{
  FILE *f = fopen ("/proc/self/maps", "r");
  RT_CHECK (f, "cannot open /proc/self/maps");
  long n = 0;
  int c;
  while ((c = getc (f)) != EOF)
    n += c == '\n';
  fclose (f);
  return n;
}

/* The value of element I of record K (a few of its bytes).  */
static uint32_t
val (int k, int i)
{
  return (uint32_t) k * 2654435761u + (uint32_t) i;
}

int
main (void)
{
  /* The runtime's own start-up (topology) first, so that its mappings
     are not counted.  */
  (void) er_ncores ();
  long before = mappings ();
  for (int k = 0; k < NR; k++)
    {
      struct rec *x = &recs[k];
      x->esize = k % 4 == 3 ? 12 : 4;
      x->r = er_new_record (1, 1, x->esize);
      x->w = er_new_write_view (x->r);
      x->rd = er_new_read_view (x->r);
      er_register (x->w, 1);
      er_register (x->rd, 1);
      er_alloc (x->w, H);
      er_alloc (x->rd, H);
    }
  long after = mappings ();
  RT_CHECK (after - before <= NR + NR / 10,
	    "%d windows took %ld mappings (%ld before, %ld after)", NR,
	    after - before, before, after);

  for (int k = 0; k < NR; k++)
    {
      struct rec *x = &recs[k];
      int slots = (int) rt_info (x->w).slots;
      RT_CHECK (slots >= 2 * H, "record %d: %d slots", k, slots);
      /* Up to CROSS / 2 before the wrap point, unread.  */
      int tl = 0, end = slots - CROSS / 2;
      while (tl < end)
	{
	  int hd = tl + H < end ? tl + H : end;
	  er_stall (x->w, hd);
	  er_commit (x->w, hd);
	  RT_EQ (er_update (x->rd, hd), hd);
	  er_release (x->rd, hd);
	  tl = hd;
	}
      /* The burst across it, written through one pointer.  */
      er_stall (x->w, tl + CROSS);
      char *q = er_burst (x->w, tl, CROSS);
      for (int i = 0; i < CROSS; i++)
	{
	  uint32_t v = val (k, tl + i);
	  memcpy (q + (size_t) i * x->esize, &v, sizeof v);
	}
      er_commit (x->w, tl + CROSS);
      RT_EQ (er_update (x->rd, tl + CROSS), tl + CROSS);
      for (int i = 0; i < CROSS; i++)
	{
	  /* Read as whole elements: the plugin's window addressing
	     (testsuite/runtime-lowered) takes the element size from the
	     type read.  */
	  const void *e = er_elem (x->rd, tl + i);
	  uint32_t v = x->esize == 12 ? ((const struct e12 *) e)->v[0]
				      : *(const uint32_t *) e;
	  RT_EQ (v, val (k, tl + i));
	}
      er_release (x->rd, tl + CROSS);
    }

  /* First created first: the oldest views are the deepest in their
     owner's list, which a view leaves in constant time.  */
  for (int k = 0; k < NR; k++)
    {
      er_free_view (recs[k].w, ER_TERMINATE);
      er_free_view (recs[k].rd, ER_HANDOVER);
    }
  RT_EQ (er_live_records (), 0);
  RT_OK ("%d records with small windows alive at once", NR);
  return 0;
}
