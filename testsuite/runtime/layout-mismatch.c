/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A program compiled for another layout of records and views than the
   library's (erbium/layout.h, ER_LAYOUT_ID: here -DER_CACHE_LINE=256
   against a library built with 128, which moves every field of a view's
   second line) stops at its first record with one message naming both
   layout ids, before any of its inline primitives reads a view through
   the wrong offsets (erbium/record.h, er_new_record_layout).  The program
   prints its own id first; the message must name it, then the library's.  */
/* { dg-do run } */
/* { dg-options "-O2 -DER_CACHE_LINE=256" } */
/* { dg-shouldfail "layout mismatch" } */
/* { dg-output "program layout (0x\[0-9a-f\]{8})\n.*erbium: error: new_record: the program was compiled for the record and view layout \\1, but liberbium \[0-9\]+\\.\[0-9\]+ was built for layout 0x\[0-9a-f\]{8} \\(rule: " } */

#include "rt-test.h"

int
main (void)
{
  RT_EQ (offsetof (er_view, own), 256);
  printf ("program layout 0x%08x\n", (unsigned) ER_LAYOUT_ID);
  fflush (stdout);
  er_record *r = er_new_record (1, 1, sizeof (int));
  er_view *w = er_new_write_view (r);
  er_alloc (w, 8);
  er_stall (w, 4);
  printf ("error: a program of another layout ran\n");
  return 0;
}
