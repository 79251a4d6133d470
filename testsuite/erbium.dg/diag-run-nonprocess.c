/* SPDX-License-Identifier: GPL-3.0-or-later */ /* run starts processes only.  */
/* { dg-do compile } */

#include <erbium.h>

void plain (int n) { (void) n; }
process worker (int n) { (void) n; }

void
f (void (*fp) (int), int x)
{
  run plain (1);		/* { dg-error ".run. of .plain., which is not a process" } */
  run fp (2);			/* { dg-error ".run. must be followed by a call of a process" } */
  run (void) x;			/* { dg-error ".run. must be followed by a call of a process" } */
  run worker (x);
}
