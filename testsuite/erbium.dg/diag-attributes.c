/* SPDX-License-Identifier: GPL-3.0-or-later */ /* record(T) and view(T) are pointer types with an attribute; the
   attributes on anything else are errors.  */
/* { dg-do compile } */

#include <erbium.h>

int __attribute__ ((erbium_view)) a;	/* { dg-error ".erbium_view. attribute applies to pointer types only" } */
typedef int __attribute__ ((erbium_record)) rec_t;	/* { dg-error ".erbium_record. attribute applies to pointer types only" } */
void *__attribute__ ((erbium_view)) b;	/* { dg-error ".view\\(T\\). needs an object type T" } */
int *__attribute__ ((erbium_view, erbium_record)) c;	/* { dg-error "both a record and a view" } */
view(int) ok;
record(double) ok2;
