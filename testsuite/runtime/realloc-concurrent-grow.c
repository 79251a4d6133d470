/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Two processes grow their views of one record at the same time (alloc
   again with a larger horizon, erbium/record.h er_alloc).  The second
   waits in alloc for the first one's reallocation to end, and meanwhile
   must park its own view, which already has a window: the first one's
   reallocation waits for it (this was reported as a deadlock).  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "ok: concurrent reallocations" } */

#include "rt-test.h"

#define ROUNDS 100

static er_record *rec;
static _Atomic int ready;

static void
grow (void *p)
{
  int h = *(int *) p;
  er_view *v = er_new_read_view (rec);	/* observer: id 0 */
  er_alloc (v, 4);
  /* Both allocate their small window first, then both grow.  */
  atomic_fetch_add (&ready, 1);
  while (atomic_load (&ready) < 2)
    ;
  er_alloc (v, h);
  RT_EQ (rt_info (v).horizon, h);
  RT_CHECK (rt_info (v).slots >= (uint64_t) h + 4, "slots %llu",
	    (unsigned long long) rt_info (v).slots);
  er_free_view (v, ER_TERMINATE);
}

int
main (void)
{
  for (int k = 0; k < ROUNDS; k++)
    {
      rec = er_new_record (0, 0, sizeof (int32_t));
      er_view *w = er_new_write_view (rec);
      er_alloc (w, 4);
      atomic_store (&ready, 0);
      int h1 = 1024 + k, h2 = 2048 + k;
      er_run (grow, &h1, sizeof h1);
      er_run (grow, &h2, sizeof h2);
      er_wait_all ();
      RT_CHECK (rt_info (w).slots >= (uint64_t) h2 + 4, "slots %llu",
		(unsigned long long) rt_info (w).slots);
      er_free_view (w, ER_TERMINATE);
    }
  RT_OK ("concurrent reallocations");
  return 0;
}
