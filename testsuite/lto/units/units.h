/* SPDX-License-Identifier: GPL-3.0-or-later */ /* units.h -- the two units of testsuite/lto/lto.exp's separately
   compiled program: producer.c writes 0 .. UNITS_N - 1 one element at
   a time, main.c sums them one element at a time and checks the sum.  */

#ifndef UNITS_H
#define UNITS_H

#include <erbium.h>

/* Elements in the stream.  */
#define UNITS_N 20000

/* The producer, defined in producer.c: writes UNITS_N ints into RE.  */
process producer (record(int) re);

#endif /* UNITS_H */
