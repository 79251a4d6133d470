/* SPDX-License-Identifier: GPL-3.0-or-later */ /* task-rt.h -- helpers shared by the testsuite/task-runtime tests: the
   checks of testsuite/runtime/rt-test.h, and access constructors for
   er_task_create (erbium/task.h).  TASK_RT_FIBERS is defined in the run
   with ERBIUM_FIBERS=1 (task-runtime.exp).  */

#ifndef TASK_RT_H
#define TASK_RT_H

#include "../runtime/rt-test.h"
#include <signal.h>

/* An output of burst B, an input of burst B and horizon H, a peek of
   horizon H, on stream S.  */
#define TR_OUT(s, b) \
  ((struct er_task_access) { (s), ER_ACCESS_OUTPUT, (b), (b) })
#define TR_IN(s, b, h) \
  ((struct er_task_access) { (s), ER_ACCESS_INPUT, (b), (h) })
#define TR_PEEK(s, h) \
  ((struct er_task_access) { (s), ER_ACCESS_PEEK, 0, (h) })

/* A task site named after this file and line, running BODY.  */
#define TR_SITE(body) { (body), __FILE__ ":" TR_STR (__LINE__), 0, 0 }
#define TR_SITE_PER_INSTANCE(body) \
  { (body), __FILE__ ":" TR_STR (__LINE__), ER_SITE_PER_INSTANCE, 0 }
/* A site split into W workers (erbium/task.h, ER_SITE_SPLIT).  */
#define TR_SITE_SPLIT(body, w) \
  { (body), __FILE__ ":" TR_STR (__LINE__), \
    ER_SITE_SPLIT | ER_SITE_WORKERS (w), 0 }
#define TR_STR(x) TR_STR_ (x)
#define TR_STR_(x) #x

/* Create an instance of SITE with the firstprivate value at ARGS (an
   lvalue) and the accesses that follow.  */
#define TR_TASK(site, args, ...)					\
  do {									\
    struct er_task_access tr_acc_[] = { __VA_ARGS__ };			\
    er_task_create (&(site), &(args), sizeof (args), tr_acc_,		\
		    (int) (sizeof tr_acc_ / sizeof tr_acc_[0]), 0);	\
  } while (0)

/* The value the tests write at position P of a stream.  */
static inline int32_t
tr_val (int64_t p)
{
  return (int32_t) ((uint32_t) p * 2654435761u ^ 0x2545f491u);
}

#endif /* TASK_RT_H */
