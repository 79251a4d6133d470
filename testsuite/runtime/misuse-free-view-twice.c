/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Misuse: free_view twice (erbium/record.h er_free_view: "a second
   free_view of V is reported (naming its record and view) and aborts,
   also after its record went").  The first free_view of a record's only
   view deallocates the record (paper section 3, "Termination"); more
   records and views are created and freed, which may take over the freed
   memory; the second free_view must still be recognised, and reported with
   the first record's and view's numbers, without reading freed memory
   (AddressSanitizer accepts this test too).  */
/* { dg-do run } */
/* { dg-shouldfail "free_view twice" } */
/* { dg-output "freed once\[^\n\]*\n.*erbium: error: free_view\\(record 1 write view 1\\): view already freed \\(rule: a view is freed once" } */

#include "rt-test.h"

int
main (void)
{
  er_record *r = er_new_record (0, 0, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_alloc (w, 8);
  er_free_view (w, ER_HANDOVER);
  RT_EQ (er_live_records (), 0);
  /* Views and records to take over the freed memory.  */
  for (int k = 0; k < 8; k++)
    {
      er_record *o = er_new_record (0, 0, sizeof (int32_t));
      er_view *a = er_new_write_view (o), *b = er_new_read_view (o);
      er_alloc (a, 8);
      er_free_view (b, ER_TERMINATE);
      if (k < 7)
	er_free_view (a, ER_TERMINATE);
    }
  RT_EQ (er_live_records (), 1);
  printf ("freed once\n");
  fflush (stdout);
  er_free_view (w, ER_TERMINATE);	/* misuse: aborts */
  printf ("error: the second free_view was not reported\n");
  return 0;
}
