/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Split sites under repetition (erbium/task.h, ER_SITE_SPLIT): 200 runs,
   each a producer, two split stages in a row (2, 3 or 4 workers each,
   drawn at random) and a consumer, with a random burst (1 .. 8), a
   random number of instances (1 .. 300), random uneven costs, and the
   instances created one by one or as ranges (er_task_create_range);
   every value the consumer reads is checked against the sequential
   computation, and the streams are released while the instances run
   (they live on until the last one ends).  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "ok: 200 runs of two split stages" } */

#include "task-rt.h"

#define RUNS 200
#define NMAX 300

struct job { int64_t k; int b; int cost; uint32_t salt; int32_t *got; };

static void
produce (void *args, void *const *win)
{
  struct job *j = args;
  for (int e = 0; e < j->b; e++)
    ((int32_t *) win[0])[e] = tr_val (j->k * j->b + e);
}

static int32_t
step (int32_t v, uint32_t salt)
{
  return (int32_t) (((uint32_t) v ^ salt) * 2246822519u + 374761393u);
}

static void
stage (void *args, void *const *win)
{
  struct job *j = args;
  const int32_t *in = win[0];
  int32_t *out = win[1];
  volatile uint32_t sink = 0;
  for (long n = 0; n < ((j->k * 2654435761u + j->salt) % 7) * j->cost; n++)
    sink += (uint32_t) n;
  for (int e = 0; e < j->b; e++)
    out[e] = step (in[e], j->salt);
}

static void
consume (void *args, void *const *win)
{
  struct job *j = args;
  for (int e = 0; e < j->b; e++)
    j->got[j->k * j->b + e] = ((const int32_t *) win[0])[e];
}

static er_site producer = TR_SITE (produce);
static er_site consumer = TR_SITE (consume);
static er_site stages[2][3] = {
  { TR_SITE_SPLIT (stage, 2), TR_SITE_SPLIT (stage, 3),
    TR_SITE_SPLIT (stage, 4) },
  { TR_SITE_SPLIT (stage, 2), TR_SITE_SPLIT (stage, 3),
    TR_SITE_SPLIT (stage, 4) },
};

static const struct er_task_step step_k[] = {
  { offsetof (struct job, k), 8, 1 },
};

static uint32_t rnd = 12345;

static uint32_t
next_rand (void)
{
  rnd = rnd * 1103515245u + 12345u;
  return rnd >> 8;
}

/* Create instance K's tasks (or, RANGE, all N instances') of the
   pipeline P -> S1 -> S2 -> C over x, y, z.  */
static void
create (er_site *s1, er_site *s2, er_stream **xyz, struct job j,
	uint32_t salt2, int64_t n, int range)
{
  struct er_task_access a0 = TR_OUT (xyz[0], j.b);
  struct er_task_access a1[] = { TR_IN (xyz[0], j.b, j.b),
				 TR_OUT (xyz[1], j.b) };
  struct er_task_access a2[] = { TR_IN (xyz[1], j.b, j.b),
				 TR_OUT (xyz[2], j.b) };
  struct er_task_access a3 = TR_IN (xyz[2], j.b, j.b);
  struct job j2 = j;
  j2.salt = salt2;
  if (range)
    {
      er_task_create_range (&producer, &j, sizeof j, &a0, 1, 0, n, step_k, 1);
      er_task_create_range (s1, &j, sizeof j, a1, 2, 0, n, step_k, 1);
      er_task_create_range (s2, &j2, sizeof j2, a2, 2, 0, n, step_k, 1);
      er_task_create_range (&consumer, &j, sizeof j, &a3, 1, 0, n, step_k,
			    1);
      return;
    }
  er_task_create (&producer, &j, sizeof j, &a0, 1, 0);
  er_task_create (s1, &j, sizeof j, a1, 2, 0);
  er_task_create (s2, &j2, sizeof j2, a2, 2, 0);
  er_task_create (&consumer, &j, sizeof j, &a3, 1, 0);
}

static void
run (int r)
{
  int b = 1 + next_rand () % 8;
  int64_t n = 1 + next_rand () % NMAX;
  int range = next_rand () % 2;
  er_site *s1 = &stages[0][next_rand () % 3];
  er_site *s2 = &stages[1][next_rand () % 3];
  uint32_t salt1 = next_rand (), salt2 = next_rand ();
  int32_t *got = calloc ((size_t) (n * b), sizeof *got);
  er_stream *xyz[3];
  er_stream_new_array (xyz, 3, sizeof (int32_t), "xyz");
  struct job j = { 0, b, (int) (next_rand () % 5000), salt1, got };
  if (range)
    create (s1, s2, xyz, j, salt2, n, 1);
  else
    for (int64_t k = 0; k < n; k++)
      {
	j.k = k;
	create (s1, s2, xyz, j, salt2, 1, 0);
      }
  for (int s = 0; s < 3; s++)
    er_stream_release (xyz[s]);
  er_taskwait ();
  for (int64_t p = 0; p < n * b; p++)
    RT_CHECK (got[p] == step (step (tr_val (p), salt1), salt2),
	      "run %d (burst %d, %lld instances, %s): position %lld holds "
	      "%d, expected %d", r, b, (long long) n,
	      range ? "ranges" : "one by one", (long long) p, got[p],
	      step (step (tr_val (p), salt1), salt2));
  free (got);
}

int
main (void)
{
  for (int r = 0; r < RUNS; r++)
    run (r);
  RT_OK ("%d runs of two split stages", RUNS);
  return 0;
}
