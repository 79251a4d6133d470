/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The uses of views and records in GNU C nested functions are checked
   like those of any function: the view kinds known from the enclosing
   function's initialisations, pointer uses of views and subscripts of
   records.  */
/* { dg-do compile } */

#include <erbium.h>

process p (record(int) re)
{
  view(int) w = new_write_view (re);
  view(int) r = new_read_view (re);
  int bad_kind (int i) { return update (w, i); }	/* { dg-error ".update. on write view .w." } */
  int star (void) { return *r; }			/* { dg-error "dereferencing a view" } */
  int rec (int i) { return re[i]; }			/* { dg-error "subscript or dereference of a record" } */
  void fine (int i)
  {
    void deeper (int j) { commit (r, j + 1); }		/* { dg-error ".commit. on read view .r." } */
    stall (w, i + 1);
    w[i] = r[i];
    commit (w, i + 1);
    deeper (i);
  }
  bad_kind (1);
  star ();
  rec (2);
  fine (4);
}
