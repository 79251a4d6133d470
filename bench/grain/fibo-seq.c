/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fibo-seq.c -- the "sequential" implementation of the grain benchmark
   fibo (fibo.h): the plain recursion, one thread (the cut-off changes
   nothing here).

   Usage: grain-fibo-seq [--n N] [--cut C] [--verify].  Prints the
   summary line (grain.h); exit status 0, 1 on a wrong result, 2 on bad
   usage.  */
#include "fibo.h"

int
main (int argc, char **argv)
{
  long n, cut;
  int verify;
  if (fibo_setup (argc, argv, "grain-fibo-seq", &n, &cut, &verify))
    return 2;
  double t0 = grain_now ();
  long f = fibo_seq (n);
  return fibo_finish ("sequential", n, cut, f, grain_now () - t0, verify);
}
