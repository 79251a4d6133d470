/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A process cannot be a GNU C nested function: run starts it
   asynchronously on a copy of its arguments, and it may outlive the
   function that ran it, whose frame its static chain would point into.
   Rejected where it is defined, whether or not it uses that frame, at
   every optimisation level (no internal compiler error in the
   inliner).  A file-scope process run from a nested function is
   fine.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include <erbium.h>

process worker (int n) { (void) n; }

int
main (void)
{
  int k = 3;
  process inner (int x) { k = x; }	/* { dg-error "process .inner. is defined inside function .main.: a process runs asynchronously" } */
  process alone (int x) { (void) x; }	/* { dg-error "process .alone. is defined inside function .main." } */
  void start (int n) { run worker (n); }
  run inner (1);
  run alone (2);
  start (k);
  return k;
}
