/* util.h -- the two small helpers every build of the FM receiver uses
   (fmradio.c, fmradio-seq.c): the smaller of two sample
   counts and the wall clock.  Header only.  */
#ifndef FM_UTIL_H
#define FM_UTIL_H

#include <time.h>

/* The smaller of A and B (samples).  */
static inline long
fm_min (long a, long b)
{
  return a < b ? a : b;
}

/* CLOCK_MONOTONIC in seconds, for the wall times the builds print.  */
static inline double
fm_now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

#endif /* FM_UTIL_H */
