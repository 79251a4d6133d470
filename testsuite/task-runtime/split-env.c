/* SPDX-License-Identifier: GPL-3.0-or-later */ /* ERBIUM_SPLIT=3 gives every split site 3 workers (erbium/task.h,
   ER_SITE_SPLIT; docs/environment.md), whatever its flags ask (here 2,
   and auto), and leaves the sites that are not split alone; the report
   of ERBIUM_PLACEMENT_REPORT=1 says so, and the values are checked.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-set-target-env-var ERBIUM_PLACEMENT_REPORT "1" } */
/* { dg-set-target-env-var ERBIUM_SPLIT "3" } */
/* { dg-output "task site \[^ \]*split-env.c:\[0-9\]+: 3 workers \\(ERBIUM_SPLIT; .*task site \[^ \]*split-env.c:\[0-9\]+: 3 workers \\(ERBIUM_SPLIT; .*ok: 2 split sites on 3 workers" } */

#include "task-rt.h"

#define N 64

struct job { int64_t k; int32_t *got; };

static void
produce (void *args, void *const *win)
{
  struct job *j = args;
  *(int32_t *) win[0] = tr_val (j->k);
}

static void
stage (void *args, void *const *win)
{
  (void) args;
  *(int32_t *) win[1] = *(const int32_t *) win[0] + 17;
}

static void
consume (void *args, void *const *win)
{
  struct job *j = args;
  j->got[j->k] = *(const int32_t *) win[0];
}

static er_site producer = TR_SITE (produce);
static er_site consumer = TR_SITE (consume);
static er_site sites[2] = {
  TR_SITE_SPLIT (stage, 2),
  { stage, __FILE__ ":" TR_STR (__LINE__), ER_SITE_SPLIT | ER_SITE_SHARE (50),
    0 },
};

int
main (void)
{
  for (int s = 0; s < 2; s++)
    {
      int32_t got[N];
      er_stream *x = er_stream_new (sizeof (int32_t), "x");
      er_stream *y = er_stream_new (sizeof (int32_t), "y");
      for (int64_t k = 0; k < N; k++)
	{
	  struct job j = { k, got };
	  TR_TASK (producer, j, TR_OUT (x, 1));
	  TR_TASK (sites[s], j, TR_IN (x, 1, 1), TR_OUT (y, 1));
	  TR_TASK (consumer, j, TR_IN (y, 1, 1));
	}
      er_stream_release (x);
      er_stream_release (y);
      er_taskwait ();
      for (int k = 0; k < N; k++)
	RT_CHECK (got[k] == tr_val (k) + 17, "site %d, position %d: %d", s, k,
		  got[k]);
    }
  RT_OK ("2 split sites on 3 workers");
  return 0;
}
