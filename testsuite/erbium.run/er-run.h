/* SPDX-License-Identifier: GPL-3.0-or-later */ /* er-run.h -- common start of the testsuite/erbium.run programs: the
   checking helpers of testsuite/runtime/rt-test.h (RT_CHECK, RT_EQ,
   RT_OK, rt_wait_at_least, RT_EXPECT_STUCK, rt_val, rt_info), then the
   Erbium language of <erbium.h>.  The system headers come first, before
   the language's macros (process, run, ...) exist; library mode first so
   that <erbium.h> finds the runtime declarations it needs.  */

#ifndef ER_RUN_H
#define ER_RUN_H

#define ER_LIBRARY_MODE 1
#include "../runtime/rt-test.h"
#include <erbium.h>

#endif /* ER_RUN_H */
