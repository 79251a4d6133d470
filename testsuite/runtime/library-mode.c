/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Library mode (erbium/sync.h: -DER_LIBRARY_MODE calls the out-of-line
   copies exported by liberbium instead of inlining, same names, same
   semantics).  A producer/consumer process pair with termination, a
   receive and a receive_range, compiled in library mode: the results must
   be the same, and the primitives must be real calls (checked in the
   assembly and by taking their addresses).  */
/* { dg-do run } */
/* { dg-options "-O2 -DER_LIBRARY_MODE -save-temps" } */
/* { dg-output "ok: library mode" } */
/* { dg-final { scan-assembler {\mcall\s+er_commit\M} } } */
/* { dg-final { scan-assembler {\mcall\s+er_update\M} } } */
/* { dg-final { scan-assembler {\mcall\s+er_stall\M} } } */
/* { dg-final { scan-assembler {\mcall\s+er_release\M} } } */
/* { dg-final { scan-assembler {\mcall\s+er_elem\M} } } */

#include "rt-test.h"

#ifndef ER_LIBRARY_MODE
#error "this test must be compiled with -DER_LIBRARY_MODE"
#endif

#define N 5000

struct args { er_record *r; };

static void
producer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, 16);
  for (int i = 0; i < N; i++)
    {
      er_stall (w, i + 1);
      ER_AT (w, int32_t, i) = rt_val (i);
      er_commit (w, i + 1);
    }
}

int
main (void)
{
  /* Real functions: their addresses can be taken and are distinct.  */
  void *fns[] = { (void *) er_commit, (void *) er_update, (void *) er_stall,
    (void *) er_release, (void *) er_elem, (void *) er_burst,
    (void *) er_receive, (void *) er_receive_range };
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < i; j++)
      RT_CHECK (fns[i] != fns[j], "functions %d and %d coincide", i, j);

  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  struct args a = { r };
  er_run (producer, &a, sizeof a);
  er_view *rd = er_new_read_view (r);
  er_register (rd, 1);
  er_alloc (rd, 16);
  long sum = 0, expect = 0;
  int tl = 0;
  for (;;)
    {
      er_receive (rd, tl + 10);
      er_receive_range (rd, tl, tl + 10);
      int hd = er_update (rd, tl + 10);
      if (!hd)
	break;
      for (int i = tl; i < hd; i++)
	{
	  RT_EQ (ER_AT (rd, int32_t, i), rt_val (i));
	  sum += *(int32_t *) er_elem (rd, i);
	}
      er_release (rd, hd);
      tl = hd;
    }
  for (int i = 0; i < N; i++)
    expect += rt_val (i);
  RT_EQ (tl, N);
  RT_EQ (sum, expect);
  er_wait_all ();
  RT_OK ("library mode");
  return 0;
}
