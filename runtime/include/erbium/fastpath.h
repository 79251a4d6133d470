/* SPDX-License-Identifier: MIT */
/* Erbium runtime: the constants of the inline fast path.

   The hot path exists twice, as C (erbium/sync.h, inlined into the
   program) and as GIMPLE (the plugin's lower.cc, which builds the same
   statements when it lowers a primitive): the values both test and pass
   to the runtime come from here, so that they cannot drift apart.  Plain
   macros only: the plugin (C++, inside GCC) includes this header, and
   cannot include layout.h or sync.h (C11 atomics).  */

#ifndef ERBIUM_FASTPATH_H
#define ERBIUM_FASTPATH_H

/* View kinds: the values of struct er_view's KIND field (layout.h).  */
#define ER_READ 1
#define ER_WRITE 2

/* Operation codes of the primitives, passed to er_misuse and printed by
   misuse and deadlock reports (runtime/src/wait.c, er_op_name).  */
#define ER_OP_COMMIT 1
#define ER_OP_UPDATE 2
#define ER_OP_STALL 3
#define ER_OP_RELEASE 4
#define ER_OP_RECEIVE 5
#define ER_OP_ELEM 6

#endif /* ERBIUM_FASTPATH_H */
