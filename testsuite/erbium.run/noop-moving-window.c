/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A moving sum over the last 4 elements: the consumer updates i + 1 and
   releases i - 2 (the indices below it are no longer needed).  Each call
   advances its own index (the release index before the call is i - 3),
   so -Werbium-noop must not fire (-Werror), and the program is right.  */
/* { dg-do run } */
/* { dg-options "-O2 -Werror" } */
/* { dg-output "PASS: 1992006 \\(expect 1992006\\)" } */

#include <stdio.h>
#include <erbium.h>

#define N 1000

process producer (record(int) re)
{
  view(int) w = new_write_view (re);
  register_view (w);
  alloc (w, 16);
  for (int i = 0; i < N; i++)
    {
      stall (w, i + 1);
      w[i] = i;
      commit (w, i + 1);
    }
}

process consumer (record(int) re, long *out)
{
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, 8);
  long s = 0;
  update (r, 3);
  for (int i = 3; i < N; i++)
    {
      update (r, i + 1);
      s += r[i] + r[i - 1] + r[i - 2] + r[i - 3];
      release (r, i - 2);
    }
  *out = s;
}

int
main (void)
{
  static long s;
  record(int) re = new_record (1, 1);
  run producer (re);
  run consumer (re, &s);
  er_wait_all ();
  long e = 0;
  for (int i = 3; i < N; i++)
    e += 4L * i - 6;
  printf ("%s: %ld (expect %ld)\n", s == e ? "PASS" : "FAIL", s, e);
  return s != e;
}
