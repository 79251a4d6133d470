/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A reader registers and then allocates a larger window while its writer
   already waits in stall for the reader: the writer must park for the
   reallocation.  Regression test for a race in er_resync (runtime/src/
   record.c): it read the record's generation after checking for a pending
   reallocation, so a writer could take the new generation without
   parking and then spin in stall forever while alloc waited for it.  The
   race hit about one run in 200 of a two-process program; 3000 rounds
   here give it many chances.  */
/* { dg-do run } */
/* { dg-output "ok: realloc race" } */
#include "er-run.h"

process writer (record(int) re)
{
  view(int) w = new_write_view (re);
  register_view (w);
  alloc (w, 64);
  for (int i = 0; i < 200; i++)
    {
      stall (w, i + 1);
      w[i] = i;
      commit (w, i + 1);
    }
}

int
main (void)
{
  for (int k = 0; k < 3000; k++)
    {
      record(int) re = new_record (1, 1);
      run writer (re);
      view(int) r = new_read_view (re);
      register_view (r);
      alloc (r, 128);
      int s = 0;
      for (int i = 0; i < 200; i++)
	{
	  update (r, i + 1);
	  s += r[i];
	  release (r, i + 1);
	}
      RT_EQ (s, 199 * 100);
      free_view (r);
      er_wait_all ();
    }
  RT_OK ("realloc race");
  return 0;
}
