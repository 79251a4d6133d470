/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Termination by free_view(w, ER_TERMINATE) (paper section 3,
   "Termination"; erbium/record.h er_free_view): an update beyond the
   writer's terminal commit index does not wait, returns that smaller index
   once, and every later update that would have waited returns 0.  */
/* { dg-do run } */
/* { dg-output "update\\(16\\) = 10, then 0, 0\[^\n\]*\n.*ok: update reports termination" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r);
  er_register (w, 1);
  er_register (rd, 1);
  er_alloc (w, 16);
  er_alloc (rd, 16);

  rt_write_range (w, 0, 10, 16);
  RT_EQ (er_update (rd, 4), 4);
  er_free_view (w, ER_TERMINATE);

  /* Indices up to the terminal commit are still delivered normally.  */
  RT_EQ (er_update (rd, 6), 6);
  int a = er_update (rd, 16);
  for (int i = 0; i < 10; i++)
    RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
  er_release (rd, 10);
  int b = er_update (rd, 16);
  int c = er_update (rd, 20);
  printf ("update(16) = %d, then %d, %d\n", a, b, c);
  RT_EQ (a, 10);
  RT_EQ (b, 0);
  RT_EQ (c, 0);
  er_free_view (rd, ER_TERMINATE);
  RT_OK ("update reports termination");
  return 0;
}
