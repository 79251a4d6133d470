/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The layout id (erbium/layout.h, ER_LAYOUT_ID) is a constant of the
   sizes and offsets compiled code relies on: it differs between two
   layouts that differ in one offset only, and a program built from the
   library's headers creates records and streams through them (the
   library takes its id: er_new_record_layout).  Also the version
   (erbium/version.h): ERBIUM_VERSION_STRING is "MAJOR.MINOR" of the
   numeric macros, and the library the program runs with reports the
   same (er_version).  */
/* { dg-do run } */
/* { dg-options "-O2" } */
/* { dg-output "layout 0x\[0-9a-f\]{8} ok\n.*version \[0-9\]+\\.\[0-9\]+ ok" } */

#include "rt-test.h"

/* ER_LAYOUT_ID's terms, evaluated for a view whose KIND moved by one
   byte: the id of a layout that differs in that offset only.  */
#define ID_WITH_KIND_AT(off)						\
  ((uint32_t) (ER_LAYOUT_ID						\
	       - ER_LAYOUT_TERM_ (19, offsetof (er_view, kind))		\
	       + ER_LAYOUT_TERM_ (19, (off))))

int
main (void)
{
  _Static_assert (ER_LAYOUT_ID == ER_LAYOUT_ID, "a constant expression");
  RT_CHECK (ID_WITH_KIND_AT (offsetof (er_view, kind) + 1) != ER_LAYOUT_ID,
	    "a moved field changes the id");
  er_record *r = er_new_record (1, 1, sizeof (int));
  er_view *w = er_new_write_view (r);
  er_view *v = er_new_read_view (r);
  er_register (w, 1);
  er_register (v, 1);
  er_alloc (w, 8);
  er_alloc (v, 8);
  er_stall (w, 4);
  for (int i = 0; i < 4; i++)
    ER_AT (w, int, i) = 7 * i;
  er_commit (w, 4);
  RT_EQ (er_update (v, 4), 4);
  RT_EQ (ER_AT (v, int, 3), 21);
  printf ("layout 0x%08x ok\n", (unsigned) ER_LAYOUT_ID);

  char want[32];
  snprintf (want, sizeof want, "%d.%d", ERBIUM_VERSION_MAJOR,
	    ERBIUM_VERSION_MINOR);
  RT_CHECK (strcmp (want, ERBIUM_VERSION_STRING) == 0, "%s vs %s", want,
	    ERBIUM_VERSION_STRING);
  RT_CHECK (strcmp (er_version (), ERBIUM_VERSION_STRING) == 0,
	    "library %s, headers %s", er_version (), ERBIUM_VERSION_STRING);
  printf ("version %s ok\n", er_version ());
  er_free_view (v, ER_TERMINATE);
  er_free_view (w, ER_TERMINATE);
  return 0;
}
