/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: a trip count known only at run time (it
   depends on argc and reaches the processes as an argument; 10007 when
   the program runs without arguments, no multiple of any burst).  The
   producer is a while loop.  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-unknown-n 10007" } */
/* { dg-final { scan-plugin-dump {loop at line 30: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 43: strip-mined, burst [0-9]+} erbium-stripmine } } */

#include "stripmine.h"

static int f (int i) { return (i ^ 0x55) - 40; }

int sum;

static SM_REFERENCE int
reference (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += f (i);
  return s;
}

process producer (record(int) re, int n)
{
  SM_WRITER (int, w, re, SM_HORIZON);
  int i = 0;
  while (i < n)		/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      stall (w, i + 1);
      w[i] = f (i);
      commit (w, i + 1);
      i++;
    }
}

process consumer (record(int) re, int n)
{
  SM_READER (int, r, re, SM_HORIZON);
  int s = 0;
  for (int i = 0; i < n; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      update (r, i + 1);
      s += r[i];
      release (r, i + 1);
    }
  sum = s;
}

int
main (int argc, char **argv)
{
  int n = 10007 + 1000 * (argc - 1);
  (void) argv;
  record(int) re = new_record (1, 1);
  run producer (re, n);
  run consumer (re, n);
  er_wait_all ();
  RT_EQ (sum, reference (n));
  RT_OK ("stripmine-unknown-n %d", n);
  return 0;
}
