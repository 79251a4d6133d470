/* SPDX-License-Identifier: GPL-3.0-or-later */ /* GNU C nested functions that use views of the function they are defined
   in: the plugin rewrites their subscripts and checks their primitives
   like those of any function (the C front end genericizes them with
   their outermost function).  A producer commits through a nested
   function, a consumer reads and releases through a nested function that
   is not inlined and one nested in it, and main runs the processes from a
   nested function.  Included by nested-function-views-O*.c.  */

#include <stdio.h>
#include <erbium.h>

#define N 100000

static long total;

process prod (record(int) re, int n)
{
  view(int) w = new_write_view (re);
  register_view (w);
  alloc (w, 64);
  void put (int i) { stall (w, i + 1); w[i] = i; commit (w, i + 1); }
  for (int i = 0; i < n; i++)
    put (i);
}

process cons (record(int) re, int n)
{
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, 64);
  long s = 0;
  __attribute__ ((noinline)) void take (int i)
  {
    int elem (int j) { return r[j]; }
    update (r, i + 1);
    s += elem (i);
    release (r, i + 1);
  }
  for (int i = 0; i < n; i++)
    take (i);
  total = s;
}

int
main (void)
{
  record(int) re = new_record (1, 1);
  void start (int n) { run prod (re, n); run cons (re, n); }
  start (N);
  er_wait_all ();
  long want = (long) N * (N - 1) / 2;
  printf ("sum %ld, expected %ld: %s\n", total, want,
	  total == want ? "ok" : "WRONG");
  return total != want;
}
