/* SPDX-License-Identifier: GPL-3.0-or-later */ /* run p(args) copies the arguments before it returns (paper section 3,
   "Creation": arguments initialise the new process instance): changing
   the caller's variables afterwards changes nothing in the process.
   Arguments of several types, a structure passed by value, and a process
   without parameters.  */
/* { dg-do run } */
/* { dg-output "ok: run arguments copied" } */

#include "er-run.h"

struct big { int a[40]; char tag; };

static _Atomic long seen[8];
static _Atomic int go;

process p (int i, double d, char c, struct big b, const char *s, long *out)
{
  while (!atomic_load (&go))
    rt_sleep_ms (1);
  long sum = 0;
  for (int k = 0; k < 40; k++)
    sum += b.a[k];
  out[0] = i;
  out[1] = (long) (d * 4);
  out[2] = c;
  out[3] = sum;
  out[4] = b.tag;
  out[5] = s[0];
}

static _Atomic int noargs_ran;

process noargs (void)
{
  noargs_ran = 1;
}

int
main (void)
{
  static long out[6];
  int i = 11;
  double d = 2.5;
  char c = 'x';
  struct big b;
  for (int k = 0; k < 40; k++)
    b.a[k] = k;
  b.tag = 'T';
  const char *s = "erbium";
  run p (i, d, c, b, s, out);
  /* Change every argument before the process looks at them.  */
  i = -1; d = -1; c = 0; s = "x";
  for (int k = 0; k < 40; k++)
    b.a[k] = 0;
  b.tag = 0;
  atomic_store (&go, 1);
  run noargs ();
  er_wait_all ();
  RT_EQ (out[0], 11);
  RT_EQ (out[1], 10);
  RT_EQ (out[2], 'x');
  RT_EQ (out[3], 40 * 39 / 2);
  RT_EQ (out[4], 'T');
  RT_EQ (out[5], 'e');
  RT_EQ (noargs_ran, 1);
  (void) seen;
  RT_OK ("run arguments copied");
  return 0;
}
