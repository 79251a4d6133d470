/* SPDX-License-Identifier: GPL-3.0-or-later */ /* run starts a process named in the call: a call through the process's
   address or any other expression is an error, even where the C front end
   folds it to the same tree as the call by name (`(*&p)(x)', `(*p)(x)',
   `(1 ? p : p)(x)').  Parentheses around the name and macros are
   fine.  */
/* { dg-do compile } */

#include <erbium.h>

process p (record(int) re) { (void) re; }

#define START(q, x) run q (x)
#define NAME p

void
f (record(int) re)
{
  run (*&p) (re);		/* { dg-error ".run. must be followed by a call of a process by name: write .run p\\(...\\);., not a call through its address" } */
  run (&p) (re);		/* { dg-error ".run. must be followed by a call of a process by name" } */
  run (*p) (re);		/* { dg-error ".run. must be followed by a call of a process by name" } */
  run (**p) (re);		/* { dg-error ".run. must be followed by a call of a process by name" } */
  run (1 ? p : p) (re);		/* { dg-error ".run. must be followed by a call of a process by name" } */
  run (0, p) (re);		/* { dg-error ".run. must be followed by a call of a process by name" } */
  run (p) (re);
  run p (re);
  START (p, re);
  run NAME (re);
  run
    p
      (re);
}
