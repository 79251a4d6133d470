/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A process has no return value, no variable argument list, and its
   address is never taken (paper section 3, "Creation").  */
/* { dg-do compile } */
/* { dg-options "-O2 -Wno-return-type" } */

#include <erbium.h>

__attribute__ ((erbium_process)) int bad (int x) { return x; }	/* { dg-error "process .bad. has a return value" } */

__attribute__ ((erbium_process)) void var (int n, ...) { (void) n; }	/* { dg-error "process .var. is variadic" } */

process p (int x)
{
  if (x)
    return x;			/* { dg-error "process .p. returns a value" } */
}

void (*fp) (int);

void
f (void)
{
  fp = p;			/* { dg-error "address of process .p. taken" } */
  void (*q) (int) = &p;		/* { dg-error "address of process .p. taken" } */
  (void) q;
}

int x __attribute__ ((erbium_process));	/* { dg-error "applies to functions only" } */
