/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A process runs on a private copy of its arguments (paper section 3,
   "Creation": "passing arbitrary arguments to initialize the new process
   instance"; erbium/process.h er_run: "a copy of the SIZE bytes at ARGS").
   main overwrites (and then frees) its argument buffer right after er_run
   returns, and only then lets the processes look at their arguments:
   each must still see the values it was started with, at an address that
   is not the caller's buffer.  */
/* { dg-do run } */
/* { dg-output "ok: process arguments are private copies" } */

#include "rt-test.h"

#define P 4

struct args { int id; char text[40]; double x; void *caller_copy; };

static _Atomic long go, good;

static void
proc (void *p)
{
  struct args *a = p;
  rt_wait_at_least (&go, 1, "main to overwrite the arguments");
  RT_CHECK (p != a->caller_copy, "process %d runs on the caller's buffer",
	    a->id);
  char want[40];
  snprintf (want, sizeof want, "process number %d", a->id);
  RT_CHECK (strcmp (a->text, want) == 0, "process %d sees text \"%s\"",
	    a->id, a->text);
  RT_CHECK (a->x == a->id * 1.5, "process %d sees x = %g", a->id, a->x);
  /* Writing to the copy is allowed and private.  */
  a->id = -1;
  atomic_fetch_add (&good, 1);
}

int
main (void)
{
  struct args *bufs[P];
  for (int k = 0; k < P; k++)
    {
      struct args *a = malloc (sizeof *a);
      a->id = k;
      snprintf (a->text, sizeof a->text, "process number %d", k);
      a->x = k * 1.5;
      a->caller_copy = a;
      er_run (proc, a, sizeof *a);
      bufs[k] = a;
      /* Reuse of the buffer right after er_run returns.  */
      memset (a, 0x5a, sizeof *a);
    }
  /* A stack buffer reused for every process.  */
  struct args s;
  for (int k = P; k < 2 * P; k++)
    {
      s.id = k;
      snprintf (s.text, sizeof s.text, "process number %d", k);
      s.x = k * 1.5;
      s.caller_copy = &s;
      er_run (proc, &s, sizeof s);
    }
  strcpy (s.text, "overwritten");
  s.id = 1000;
  for (int k = 0; k < P; k++)
    free (bufs[k]);
  atomic_store (&go, 1);
  er_wait_all ();
  RT_EQ (atomic_load (&good), 2 * P);
  RT_EQ (s.id, 1000);
  RT_OK ("process arguments are private copies");
  return 0;
}
