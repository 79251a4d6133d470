/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A program of the language compiled for another layout of records and
   views (erbium/layout.h: -DER_CACHE_LINE=256, the library has 128):
   the plugin's new_record calls er_new_record with the program's layout
   id, and the program stops at that first record with the message naming
   both ids, before its processes run (the plugin's lowering reads the
   fields of the program's struct er_view, so the wrong offsets would be
   used from there on).  */
/* { dg-do run } */
/* { dg-options "-O2 -DER_CACHE_LINE=256" } */
/* { dg-shouldfail "layout mismatch" } */
/* { dg-output "erbium: error: new_record: the program was compiled for the record and view layout 0x\[0-9a-f\]{8}, but liberbium \[0-9.\]+ was built for layout 0x\[0-9a-f\]{8} \\(rule: " } */

#include "er-run.h"

process
producer (record(int) re)
{
  view(int) w = new_write_view (re);
  register_view (w, 1);
  alloc (w, 8);
  for (int i = 0; i < 64; i++)
    {
      stall (w, i + 1);
      w[i] = i;
      commit (w, i + 1);
    }
}

int
main (void)
{
  record(int) re = new_record (1, 0);
  run producer (re);
  printf ("error: a program of another layout ran\n");
  return 0;
}
