/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A record or view converts only to a record or view of the same kind and
   element type (qualifiers aside): passed to a process by run, passed to
   a function, assigned or returned.  GCC alone only warns (incompatible
   pointer types), and the process would read its elements as the wrong
   type.  */
/* { dg-do compile } */
/* { dg-options "-O2 -Wno-incompatible-pointer-types" } */

#include <erbium.h>

process cons (record(int) re, long *s) { (void) re; (void) s; }
process reader (view(double) v) { (void) v; }
void helper (record(float) re) { (void) re; }

record(int)
back (record(double) re)
{
  return re;			/* { dg-error ".record\\(double\\). converted to .record\\(int\\).: the element type is part of the type" } */
}

void
f (record(double) rd, record(int) ri, view(int) vi, long *s)
{
  run cons (rd, s);		/* { dg-error ".record\\(double\\). passed to parameter 1 of process .cons., which is a .record\\(int\\).: the element type" } */
  run reader (vi);		/* { dg-error ".view\\(int\\). passed to parameter 1 of process .reader., which is a .view\\(double\\)." } */
  run cons (vi, s);		/* { dg-error ".view\\(int\\). passed to parameter 1 of process .cons., which is a .record\\(int\\).: a view is not a record" } */
  run cons (ri, s);
  helper (ri);			/* { dg-error ".record\\(int\\). converted to .record\\(float\\)." } */
  record(double) rx = ri;	/* { dg-error ".record\\(int\\). converted to .record\\(double\\)." } */
  view(float) vf;
  vf = vi;			/* { dg-error ".view\\(int\\). converted to .view\\(float\\)." } */
  record(const int) rc = ri;	/* qualifiers of the element type do not matter */
  view(int) vr = (view(int)) ri;	/* { dg-error ".record\\(int\\). converted to .view\\(int\\).: a record is not a view" } */
  (void) rx; (void) vf; (void) rc; (void) vr;
}
