/* SPDX-License-Identifier: GPL-3.0-or-later */
/* chain8-seq.c -- the "sequential" implementation of the grain
   benchmark chain8 (chain8.h): the eight stages in one loop over the
   elements, one thread.  The reference every other implementation's
   digest must equal.

   Usage: grain-chain8-seq [--log2 L] [--verify].  Prints the summary
   line (grain.h); exit status 0, 2 on bad usage.  */
#include "chain8.h"

int
main (int argc, char **argv)
{
  long n;
  float *in, *out;
  if (chain8_setup (argc, argv, "grain-chain8-seq", &n, &in, &out))
    return 2;
  double t0 = grain_now ();
  for (long e = 0; e < n; e++)
    out[e] = chain8_all (in[e]);
  return chain8_finish ("sequential", n, in, out, grain_now () - t0);
}
