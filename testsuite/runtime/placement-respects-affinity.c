/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Placement (placement.c) keeps to the process's CPU affinity mask: a
   program started under `taskset -c K` must not have its processes bound
   to other CPUs.  The test restricts itself to one CPU (the one it runs
   on) before its first runtime call, as taskset would, then runs four
   communicating processes (more than cores, so that placement and
   balancing both have work) and checks that the runtime counts one core
   and that every process, at every burst, ran on the allowed CPU.  The
   values passed through the pipeline are checked as well.  On a machine
   with one CPU the check holds trivially.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "ok: processes kept to the affinity mask" } */

#include "rt-test.h"
#include <sched.h>

#define B 512			/* elements per burst */
#define NB 200			/* bursts */
#define N (B * NB)
#define STAGES 4

struct args { er_record *in, *out; int k; };

static int allowed_cpu;
static _Atomic int wrong_cpu = -1;	/* a CPU a process ran on, if wrong */
static uint64_t total;

static void
note_cpu (void)
{
  int c = sched_getcpu ();
  if (c != allowed_cpu)
    atomic_store (&wrong_cpu, c);
}

/* Stage K: reads IN (the first stage makes 0, 1, 2, ... instead), adds
   K, writes OUT (the last stage adds what it reads to TOTAL instead).  */
static void
stage (void *p)
{
  struct args *a = p;
  er_view *rd = NULL, *wr = NULL;
  /* The last stage's sum, stored in TOTAL once at its end: only that
     stage may touch TOTAL (ThreadSanitizer sees the load the compiler
     hoists out of the loop in every stage otherwise).  */
  uint64_t sum = 0;
  if (a->in)
    {
      rd = er_new_read_view (a->in);
      er_register (rd, 1);
      er_alloc (rd, 4 * B);
    }
  if (a->out)
    {
      wr = er_new_write_view (a->out);
      er_register (wr, 1);
      er_alloc (wr, 4 * B);
    }
  for (int b = 0; b < NB; b++)
    {
      const uint32_t *q = NULL;
      uint32_t *o = NULL;
      if (rd)
	{
	  er_update (rd, (b + 1) * B);
	  q = er_burst (rd, b * B, B);
	}
      if (wr)
	{
	  er_stall (wr, (b + 1) * B);
	  o = er_burst (wr, b * B, B);
	}
      for (int i = 0; i < B; i++)
	{
	  uint32_t v = q ? q[i] : (uint32_t) (b * B + i);
	  if (o)
	    o[i] = v + a->k;
	  else
	    sum += v;
	}
      note_cpu ();
      if (rd)
	er_release (rd, (b + 1) * B);
      if (wr)
	er_commit (wr, (b + 1) * B);
    }
  if (!wr)
    total = sum;
}

int
main (void)
{
  allowed_cpu = sched_getcpu ();
  RT_CHECK (allowed_cpu >= 0, "sched_getcpu failed");
  cpu_set_t one;
  CPU_ZERO (&one);
  CPU_SET (allowed_cpu, &one);
  RT_CHECK (sched_setaffinity (0, sizeof one, &one) == 0,
	    "could not restrict the test to CPU %d", allowed_cpu);

  er_record *r[STAGES - 1];
  for (int k = 0; k < STAGES - 1; k++)
    r[k] = er_new_record (1, 1, sizeof (uint32_t));
  RT_EQ (er_ncores (), 1);
  for (int k = 0; k < STAGES; k++)
    {
      struct args a = { k ? r[k - 1] : NULL, k < STAGES - 1 ? r[k] : NULL,
			k };
      er_run (stage, &a, sizeof a);
    }
  er_wait_all ();

  /* Stages 1 .. STAGES - 2 add their K; the last one sums.  */
  uint64_t expect = 0;
  for (uint64_t i = 0; i < N; i++)
    expect += i + (STAGES - 2) * (STAGES - 1) / 2;
  RT_EQ (total, expect);
  RT_CHECK (atomic_load (&wrong_cpu) == -1, "a process ran on CPU %d, "
	    "outside the affinity mask (CPU %d)", atomic_load (&wrong_cpu),
	    allowed_cpu);
  RT_OK ("processes kept to the affinity mask");
  return 0;
}
