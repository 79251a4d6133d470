/* SPDX-License-Identifier: GPL-3.0-or-later */ /* commit and stall need a write view, update, release, receive and
   receive_range a read view (paper section 3); the plugin knows the kind
   when the view variable is initialised by new_read_view/new_write_view.  */
/* { dg-do compile } */

#include <erbium.h>

void
f (record(int) re, int tl)
{
  view(int) r = new_read_view (re);
  view(int) w = new_write_view (re);
  commit (r, tl + 1);		/* { dg-error ".commit. on read view .r." } */
  stall (r, tl + 1);		/* { dg-error ".stall. on read view .r." } */
  update (w, tl + 1);		/* { dg-error ".update. on write view .w." } */
  release (w, tl + 1);		/* { dg-error ".release. on write view .w." } */
  receive (w, tl + 1);		/* { dg-error ".receive. on write view .w." } */
  receive_range (w, tl, tl + 1); /* { dg-error ".receive_range. on write view .w." } */
  commit (w, tl + 1);
  stall (w, tl + 1);
  update (r, tl + 1);
  release (r, tl + 1);
}

/* Unknown kinds (parameters, mixed assignments) are not diagnosed.  */
void
g (record(int) re, view(int) p, int c)
{
  view(int) m = new_read_view (re);
  if (c)
    m = new_write_view (re);
  commit (m, 4);
  update (p, 4);
}
