/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The runtime takes elements of 1 byte to 1 MiB (er_new_record): a larger
   element type is an error at the declaration of the record or view (or
   at new_record and new_read_view for a type completed later), once per
   type and function, stating the limit.  1 MiB itself is fine.  */
/* { dg-do compile } */

#include <erbium.h>

struct big { char b[4 << 20]; };
struct mib { char b[1 << 20]; };
struct late;

process p (record(struct big) rb)	/* { dg-error "element type .struct big. of a record or view has 4194304 bytes, more than the limit of the runtime, 1 MiB \\(1048576 bytes\\) per element" } */
{
  view(struct big) v = new_read_view (rb);
  (void) v;
}

void
f (void)
{
  record(struct mib) rm = new_record (1, 1);
  view(struct mib) vm = new_write_view (rm);
  record(struct big) rb = new_record (1, 1);	/* { dg-error "element type .struct big. of a record or view has 4194304 bytes" } */
  view(struct big) vb = new_write_view (rb);
  (void) vm; (void) vb;
}

struct late { char b[2 << 20]; };

void
g (record(struct late) *out)
{
  *out = new_record (1, 1);	/* { dg-error "element type .struct late. of a record or view has 2097152 bytes" } */
}
