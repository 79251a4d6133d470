/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The window is mirrored (erbium/sync.h er_elem, er_burst): the N elements
   from any index I on, N up to the record's slot count, are contiguous in
   memory, so a burst crossing the buffer's wrap point is plain pointer
   arithmetic.  Writer and reader horizons 512 + 512 give a 1024-slot
   buffer of ints; bursts of 512 starting at offsets that are not multiples
   of the slot count cross the wrap point again and again, written and
   read only through er_burst pointers and cross-checked with er_elem.
   Finally a burst of exactly SLOTS elements starting just before the wrap
   point aliases er_elem of every index it covers.  */
/* { dg-do run } */
/* { dg-output "ok: mirrored window gives contiguous bursts across the wrap point" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r);
  er_register (w, 1);
  er_register (rd, 1);
  er_alloc (w, 512);
  er_alloc (rd, 512);
  const int slots = (int) rt_info (w).slots;
  RT_CHECK (slots >= 1024 && (slots & (slots - 1)) == 0, "slots %d", slots);

  int crossings = 0;
  int tl = 300;
  rt_write_range (w, 0, tl, 512);
  RT_EQ (rt_read_range (rd, 0, tl, 512), tl);
  for (int round = 0; round < 64; round++)
    {
      int n = 512 - (round % 3) * 37;
      er_stall (w, tl + n);
      int32_t *q = er_burst (w, tl, n);
      for (int k = 0; k < n; k++)
	q[k] = rt_val (tl + k);
      if (tl / slots != (tl + n - 1) / slots)
	crossings++;
      er_commit (w, tl + n);
      RT_EQ (er_update (rd, tl + n), tl + n);
      const int32_t *p = er_burst (rd, tl, n);
      for (int k = 0; k < n; k++)
	{
	  RT_EQ (p[k], rt_val (tl + k));
	  RT_EQ (ER_AT (rd, int32_t, tl + k), rt_val (tl + k));
	}
      er_release (rd, tl + n);
      tl += n;
    }
  RT_CHECK (crossings >= 10, "only %d bursts crossed the wrap point",
	    crossings);

  /* A full-slot-count burst from just before the wrap point.  */
  int start = (tl / slots + 1) * slots - 3;
  const int32_t *p = er_burst (rd, start, slots);
  for (int k = 0; k < slots; k++)
    RT_CHECK (p[k] == *(int32_t *) er_elem (rd, start + k),
	      "burst element %d (index %d) differs from er_elem", k,
	      start + k);
  /* Aliasing, not just equal values: a store through the second half is
     seen at the index's own address.  */
  int32_t *q = er_burst (w, start, slots);
  q[5] = 0x1234567;
  RT_EQ (*(int32_t *) er_elem (w, start + 5), 0x1234567);
  RT_EQ (*(int32_t *) er_elem (w, start + 5 - slots), 0x1234567);

  er_free_view (w, ER_TERMINATE);
  er_free_view (rd, ER_TERMINATE);
  RT_OK ("mirrored window gives contiguous bursts across the wrap point");
  return 0;
}
