/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Observer contract (erbium/record.h, after er_new_read_view; paper section
   3, "Creation": non-registered views "may safely miss parts of the data
   stream").  An observer (a read view without an id) never reads a value
   the writers overwrote silently: the indices it holds are those from
   er_valid_from(v, i) up to its update index, and each of them holds the
   value written there.  One thread plays writer and readers, so that what
   is missed is exact: a writer with horizon H = 64 that committed C may
   have written below C + H, so in a window of S slots everything below
   C + H - S may be overwritten.
     1. Keeping up (the observer updates after every burst): nothing missed.
     2. Falling behind (the writer commits 3 S more): every index below
	C + H - S is missed, er_valid_from says so (beyond the update
	index: where to resume), and resuming there reads correct values.
     3. The observer's update never takes the inline path:
	er_update_upto grants nothing, although the indices are committed.
     4. A registered reader that unregisters keeps the values it holds,
	though the writer then overwrites their slots.
     5. An observer that registers counts as missed what it holds below
	C + H - S, and from then on holds the writer back.
     6. The writer terminates: the observer reads the end of the stream.
   Index checking is on: no read here is outside a view's window or
   missed.  */
/* { dg-do run } */
/* { dg-set-target-env-var ERBIUM_CHECK "1" } */
/* { dg-output "ok: observer missed exactly what was overwritten" } */

#include "rt-test.h"

#define H 64
#define B 32

/* Read [TL, HD) of R, which must hold all of it, checking every value.  */
static void
check_held (er_view *r, int tl, int hd)
{
  RT_EQ (er_valid_from (r, tl), tl);
  for (int i = tl; i < hd; i++)
    RT_CHECK (ER_AT (r, int32_t, i) == rt_val ((uint32_t) i),
	      "index %d holds %d, expected %d", i, ER_AT (r, int32_t, i),
	      rt_val ((uint32_t) i));
}

/* Observer O reads [TL, HD) in bursts, all of it held.  */
static void
observe (er_view *o, int tl, int hd)
{
  for (; tl < hd; tl += B)
    {
      RT_EQ (er_update (o, tl + B), tl + B);
      check_held (o, tl, tl + B);
      er_release (o, tl + B);
    }
}

int
main (void)
{
  er_record *r = er_new_record (1, 0, sizeof (int32_t));
  er_view *w = er_new_write_view (r), *o = er_new_read_view (r);
  er_register (w, 1);
  er_alloc (w, H);
  er_alloc (o, H);
  int s = (int) rt_info (o).slots;
  RT_CHECK (s >= 2 * H, "window of %d slots", s);
  RT_EQ (rt_info (o).id, 0);

  /* 1. Keeping up.  */
  for (int tl = 0; tl < 4 * s; tl += B)
    {
      rt_write_range (w, tl, tl + B, B);
      observe (o, tl, tl + B);
    }
  int c = 4 * s;

  /* 2. Falling behind.  */
  rt_write_range (w, c, c + 3 * s, B);
  c += 3 * s;
  int lost = c + H - s;
  RT_EQ (er_update (o, 4 * s + B), 4 * s + B);
  RT_EQ (er_valid_from (o, 4 * s), lost);
  RT_EQ (er_valid_from (o, lost + 5), lost + 5);
  er_release (o, lost);
  observe (o, lost, c);

  /* 3. Committed, yet not granted inline.  */
  rt_write_range (w, c, c + B, B);
  c += B;
  RT_EQ (er_update_upto (o, c - B + 1, c), c - B);
  RT_EQ (rt_info (o).single_peer, 0);
  observe (o, c - B, c);

  /* 4. A registered reader holds [c, c + B), unregisters, and the writer
     overwrites those slots many times.  */
  er_view *g = er_new_read_view (r);
  RT_EQ (er_register (g, 1), 1);
  er_alloc (g, H);
  er_release (g, c);
  rt_write_range (w, c, c + B, B);
  observe (o, c, c + B);
  RT_EQ (er_update (g, c + B), c + B);
  check_held (g, c, c + B);
  RT_EQ (er_register (g, -1), -1);
  rt_write_range (w, c + B, c + 3 * s, B);
  check_held (g, c, c + B);
  c += 3 * s;
  er_free_view (g, ER_TERMINATE);

  /* 5. The observer holds [c - B, c) of an older pass... */
  er_release (o, c - H);
  observe (o, c - H, c - B);
  RT_EQ (er_update (o, c), c);
  check_held (o, c - B, c);
  /* ... the writer moves on by S (the observer misses what the writer
     may have overwritten when it registers) ...  */
  rt_write_range (w, c, c + s - H, B);
  lost = c + s - H + H - s;
  RT_EQ (er_register (o, 2), 2);
  RT_EQ (er_valid_from (o, c - B), lost);
  /* ... and from then on holds the writer back: its horizon above the
     observer's release index, no more.  */
  c += s - H;
  er_release (o, c);
  er_stall (w, c + H);
  RT_EQ (er_stall_upto (w, c + H + 1, c + 2 * H), c + H);
  rt_write_range (w, c, c + H, B);
  c += H;
  RT_EQ (er_update (o, c), c);
  check_held (o, c - H, c);
  er_release (o, c);
  RT_EQ (er_register (o, -1), -1);

  /* 6. The end of the stream.  */
  rt_write_range (w, c, c + 2 * s, B);
  c += 2 * s;
  er_free_view (w, ER_TERMINATE);
  /* A freed writer writes no more: only the last S indices are kept.  */
  er_release (o, c - s);
  RT_EQ (er_update (o, c - s + B), c - s + B);
  RT_EQ (er_valid_from (o, c - s - B), c - s);
  check_held (o, c - s, c - s + B);
  er_release (o, c - s + B);
  observe (o, c - s + B, c);
  RT_EQ (er_update (o, c + 1), 0);
  er_free_view (o, ER_TERMINATE);
  RT_OK ("observer missed exactly what was overwritten");
  return 0;
}
