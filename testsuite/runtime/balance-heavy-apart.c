/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Load balancing (placement.c): two pipelines, each a heavy producer
   (about 0.3 s of arithmetic) feeding a light consumer, created so that
   count-based placement puts both heavy producers on one core and both
   light consumers on the other (creation order heavy, light, heavy,
   light on two cores; on connect nothing moves: every core already holds
   as many processes).  The balancer must notice, from the processes' CPU
   time, that one core does nearly all the work and exchange a heavy and
   a light process: by the end the two producers run on different CPUs.
   The placement report (ERBIUM_PLACEMENT_REPORT) says what moved.  The
   test keeps to two cores before the runtime starts (keep_two_cores):
   with four or more, every process would have a core of its own from
   the start and the check would hold trivially.  With one core it is
   skipped.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-set-target-env-var ERBIUM_PLACEMENT_REPORT "1" } */
/* { dg-output "ok: heavy producers on different CPUs" } */

#include "rt-test.h"
#include <hwloc.h>
#include <sched.h>

#define B 256			/* elements per burst */
#define NB 400			/* bursts */
#define N (B * NB)
#define WORK 4000		/* arithmetic steps per element */

struct args { er_record *r; int k; };

static int cpu_at_end[2];

static uint32_t
heavy (uint32_t x)
{
  for (int i = 0; i < WORK; i++)
    x = x * 1664525u + 1013904223u;
  return x;
}

static void
producer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, 4 * B);
  for (int b = 0; b < NB; b++)
    {
      er_stall (w, (b + 1) * B);
      uint32_t *q = er_burst (w, b * B, B);
      for (int i = 0; i < B; i++)
	q[i] = heavy (b * B + i);
      er_commit (w, (b + 1) * B);
    }
  cpu_at_end[a->k] = sched_getcpu ();
}

static uint32_t sums[2];

static void
consumer (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, 1);
  er_alloc (rd, 4 * B);
  for (int b = 0; b < NB; b++)
    {
      er_update (rd, (b + 1) * B);
      const uint32_t *q = er_burst (rd, b * B, B);
      for (int i = 0; i < B; i++)
	sums[a->k] += q[i];
      er_release (rd, (b + 1) * B);
    }
}

/* Bind the process to one PU of each of the first two cores of its CPU
   affinity mask, if it has two: the runtime, which reads the mask when it
   starts (placement.c), then sees two cores.  Leaves the mask as it is
   otherwise, or when hwloc fails.  */
static void
keep_two_cores (void)
{
  hwloc_topology_t t;
  if (hwloc_topology_init (&t) != 0)
    return;
  hwloc_bitmap_t allowed = hwloc_bitmap_alloc ();
  hwloc_bitmap_t keep = hwloc_bitmap_alloc ();
  hwloc_bitmap_t pus = hwloc_bitmap_alloc ();
  if (hwloc_topology_load (t) == 0 && allowed && keep && pus
      && hwloc_get_cpubind (t, allowed, HWLOC_CPUBIND_PROCESS) == 0)
    {
      int n = 0;
      hwloc_obj_t c = NULL;
      while (n < 2
	     && (c = hwloc_get_next_obj_by_type (t, HWLOC_OBJ_CORE, c)))
	{
	  hwloc_bitmap_and (pus, c->cpuset, allowed);
	  if (!hwloc_bitmap_iszero (pus))
	    {
	      hwloc_bitmap_set (keep, hwloc_bitmap_first (pus));
	      n++;
	    }
	}
      if (n == 2)
	RT_CHECK (hwloc_set_cpubind (t, keep, HWLOC_CPUBIND_PROCESS) == 0,
		  "cannot bind the test to two cores");
    }
  hwloc_bitmap_free (pus);
  hwloc_bitmap_free (keep);
  hwloc_bitmap_free (allowed);
  hwloc_topology_destroy (t);
}

int
main (void)
{
  keep_two_cores ();
  er_record *r[2];
  for (int k = 0; k < 2; k++)
    {
      r[k] = er_new_record (1, 1, sizeof (uint32_t));
      struct args a = { r[k], k };
      er_run (producer, &a, sizeof a);
      er_run (consumer, &a, sizeof a);
    }
  er_wait_all ();
  uint32_t expect = 0;
  for (int i = 0; i < N; i++)
    expect += heavy (i);
  RT_EQ (sums[0], expect);
  RT_EQ (sums[1], expect);
  if (er_ncores () >= 2)
    RT_CHECK (cpu_at_end[0] != cpu_at_end[1], "both heavy producers ended "
	      "on CPU %d", cpu_at_end[0]);
  RT_OK ("heavy producers on different CPUs");
  return 0;
}
