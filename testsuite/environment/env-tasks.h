/* SPDX-License-Identifier: GPL-3.0-or-later */ /* env-tasks.h -- the task pipeline the testsuite/environment tests of
   ERBIUM_SPLIT and ERBIUM_PLACEMENT_REPORT run in their children: three
   task sites (erbium/task.h), the middle one split into 2 workers by its
   flags (ER_SITE_SPLIT, ER_SITE_WORKERS), so that the placement report
   names its workers at its first instance.  */

#ifndef ENV_TASKS_H
#define ENV_TASKS_H

#include "../task-runtime/task-rt.h"
#include "env-test.h"

#define ENV_N 16

struct env_job { int64_t k; int32_t *got; };

static void
env_produce (void *args, void *const *win)
{
  struct env_job *j = args;
  *(int32_t *) win[0] = tr_val (j->k);
}

static void
env_stage (void *args, void *const *win)
{
  (void) args;
  *(int32_t *) win[1] = *(const int32_t *) win[0] ^ 1;
}

static void
env_consume (void *args, void *const *win)
{
  struct env_job *j = args;
  j->got[j->k] = *(const int32_t *) win[0];
}

static er_site env_producer = TR_SITE (env_produce);
static er_site env_splitter = TR_SITE_SPLIT (env_stage, 2);
static er_site env_consumer = TR_SITE (env_consume);

/* Run ENV_N instances of the pipeline, check what reached its end, and
   print "child done".  */
static void
env_pipeline (void)
{
  int32_t got[ENV_N];
  er_stream *x = er_stream_new (sizeof (int32_t), "x");
  er_stream *y = er_stream_new (sizeof (int32_t), "y");
  for (int64_t k = 0; k < ENV_N; k++)
    {
      struct env_job j = { k, got };
      TR_TASK (env_producer, j, TR_OUT (x, 1));
      TR_TASK (env_splitter, j, TR_IN (x, 1, 1), TR_OUT (y, 1));
      TR_TASK (env_consumer, j, TR_IN (y, 1, 1));
    }
  er_stream_release (x);
  er_stream_release (y);
  er_taskwait ();
  for (int k = 0; k < ENV_N; k++)
    RT_EQ (got[k], tr_val (k) ^ 1);
  printf ("child done\n");
}

#endif
