/* stripmine.h -- common start of the testsuite/erbium.run/stripmine-*.c
   programs (issue 4, pass erbium-stripmine).  Each program streams values
   between processes with element-at-a-time loops, as people write them
   (one stall/update per element, one commit/release per element), and
   checks every value it computes against the same computation done
   sequentially in main.  The same program is scanned: the dump of
   erbium-stripmine says which loops were strip-mined (burst N) and why
   not, and -fopt-info-vec reports "loop vectorized" at the line of each
   strip-mined loop (dg-optimized).

   The sequential reference computations are SM_REFERENCE functions:
   never vectorised, so that every "optimized:" message of -fopt-info-vec
   comes from a stream loop, and no dg-optimized is needed elsewhere.  */

#ifndef SM_STRIPMINE_H
#define SM_STRIPMINE_H

#include "er-run.h"

/* Default horizon of the tests' views, in elements.  */
#define SM_HORIZON 4096

#define SM_REFERENCE \
  __attribute__ ((noinline, noclone, optimize ("no-tree-vectorize")))

/* Declare W, a write view (R, a read view) of record RE with elements of
   type T, registered with the next id, with horizon H.  */
#define SM_WRITER(T, w, re, h)			\
  view(T) w = new_write_view (re);		\
  register_view (w);				\
  alloc (w, (h))
#define SM_READER(T, r, re, h)			\
  view(T) r = new_read_view (re);		\
  register_view (r);				\
  alloc (r, (h))

#endif /* SM_STRIPMINE_H */
