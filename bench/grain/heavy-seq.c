/* SPDX-License-Identifier: GPL-3.0-or-later */
/* heavy-seq.c -- the "sequential" implementation of the grain benchmark
   heavy-stage (heavy.h): source, stage and sink in one loop over the
   elements, one thread.  The reference every other implementation's
   digest must equal.

   Usage: grain-heavy-seq [--log2 L] [--verify].  Prints the summary
   line (grain.h); exit status 0, 2 on bad usage.  */
#include "heavy.h"

int
main (int argc, char **argv)
{
  long n;
  float *out;
  if (heavy_setup (argc, argv, "grain-heavy-seq", &n, &out))
    return 2;
  double t0 = grain_now ();
  for (long e = 0; e < n; e++)
    out[e] = heavy_poly (heavy_input (e));
  return heavy_finish ("sequential", n, out, grain_now () - t0);
}
