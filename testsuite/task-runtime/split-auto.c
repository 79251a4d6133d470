/* SPDX-License-Identifier: GPL-3.0-or-later */ /* How many workers a split site gets (erbium/task.h, ER_SITE_SPLIT),
   as ERBIUM_PLACEMENT_REPORT=1 prints it at the site's first instance:
   under auto, the site's share of the work times the cores found,
   rounded (share 100 %: every core; share 1 %: one worker; share not
   known: every core), and a site's own number (3).  Each site then runs
   a pipeline whose values are checked.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-set-target-env-var ERBIUM_PLACEMENT_REPORT "1" } */
/* { dg-output "task site \[^ \]*split-auto.c:\[0-9\]+: (\[0-9\]+) workers? \\(auto; share 100%, \\1 cores\\).*task site \[^ \]*split-auto.c:\[0-9\]+: 1 worker \\(auto; share 1%, \[0-9\]+ cores\\).*task site \[^ \]*split-auto.c:\[0-9\]+: (\[0-9\]+) workers? \\(auto; share 0%, \\2 cores\\).*task site \[^ \]*split-auto.c:\[0-9\]+: 3 workers \\(the site's flags; share 0%.*ok: 4 split sites, 100 instances each" } */

#include "task-rt.h"

#define N 100

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
  *(int32_t *) win[1] = *(const int32_t *) win[0] ^ 0x5a5a5a5a;
}

static void
consume (void *args, void *const *win)
{
  struct job *j = args;
  j->got[j->k] = *(const int32_t *) win[0];
}

static er_site producer = TR_SITE (produce);
static er_site consumer = TR_SITE (consume);
static er_site sites[4] = {
  { stage, __FILE__ ":" TR_STR (__LINE__), ER_SITE_SPLIT | ER_SITE_SHARE (100),
    0 },
  { stage, __FILE__ ":" TR_STR (__LINE__), ER_SITE_SPLIT | ER_SITE_SHARE (1),
    0 },
  { stage, __FILE__ ":" TR_STR (__LINE__), ER_SITE_SPLIT, 0 },
  TR_SITE_SPLIT (stage, 3),
};

int
main (void)
{
  for (int s = 0; s < 4; s++)
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
	RT_CHECK (got[k] == (tr_val (k) ^ 0x5a5a5a5a), "site %d, position "
		  "%d: %d", s, k, got[k]);
    }
  RT_OK ("4 split sites, %d instances each", N);
  return 0;
}
