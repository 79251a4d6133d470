/* SPDX-License-Identifier: GPL-3.0-or-later */ /* stripmine.h -- common start of the testsuite/erbium.run/stripmine-*.c
   programs (pass erbium-stripmine).  Each program streams values
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

/* The main of a program with one stream, written last in the file (so
   that it moves no line the dg-final scans cite): makes a record RE of
   elements of type T, runs PROD (RE) then CONS (RE), waits for both
   (er_wait_all), then runs CHECK and prints the "ok: " line with
   RT_OK (__VA_ARGS__), which the test's dg-output expects.  CHECK is the
   statements that compare what the processes computed with the
   sequential reference, e.g. RT_EQ (sum, reference ()), or several of
   them separated by ';' (a comma only inside parentheses); a failed check
   aborts before the "ok: " line, naming the line of the check that
   failed.  The arguments after CHECK are RT_OK's: a string literal, then
   the values its format prints, if any.  A program whose main does more
   (three processes, arguments, set-up before the records) writes it out;
   the plugin sees the same main either way.  */
#define SM_MAIN_PAIR(T, prod, cons, check, ...)	\
  int						\
  main (void)					\
  {						\
    record(T) re = new_record (1, 1);		\
    run prod (re);				\
    run cons (re);				\
    er_wait_all ();				\
    { check; }					\
    RT_OK (__VA_ARGS__);			\
    return 0;					\
  }

/* The same with two streams, each on a record of its own, A and B, both
   of elements of type T: runs PROD_A (A), CONS_A (A), PROD_B (B),
   CONS_B (B) in that order, waits for all four, then CHECK and
   RT_OK (__VA_ARGS__) as above.  */
#define SM_MAIN_TWO_PAIRS(T, prod_a, cons_a, prod_b, cons_b, check, ...) \
  int						\
  main (void)					\
  {						\
    record(T) a = new_record (1, 1);		\
    record(T) b = new_record (1, 1);		\
    run prod_a (a);				\
    run cons_a (a);				\
    run prod_b (b);				\
    run cons_b (b);				\
    er_wait_all ();				\
    { check; }					\
    RT_OK (__VA_ARGS__);			\
    return 0;					\
  }

#endif /* SM_STRIPMINE_H */
