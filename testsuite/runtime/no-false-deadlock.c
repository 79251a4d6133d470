/* SPDX-License-Identifier: GPL-3.0-or-later */ /* No false deadlock (docs/runtime.md: a deadlock is reported only when all
   live threads are blocked and none can proceed): while one process computes for
   1.5 s without touching the runtime, a consumer waits in update for its
   result and a second consumer waits behind the first, and the main thread
   waits at exit.  Everyone but the computing process is asleep in the
   runtime; the program must finish normally with the right result.  */
/* { dg-do run } */
/* { dg-timeout 30 } */
/* { dg-output "ok: no false deadlock during a 1.5 s computation" } */

#include "rt-test.h"

struct args { er_record *in, *out; };

static volatile double sink;

static void
compute (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->out);
  er_register (w, 1);
  er_alloc (w, 4);
  /* Busy computation, no runtime call, for 1.5 s.  */
  double t0 = rt_now (), x = 0;
  long iters = 0;
  while (rt_now () - t0 < 1.5)
    for (int k = 0; k < 10000; k++, iters++)
      x += 1.0 / (1.0 + (double) (iters & 1023));
  sink = x;
  er_stall (w, 4);
  for (int i = 0; i < 4; i++)
    ER_AT (w, int32_t, i) = rt_val (i);
  er_commit (w, 4);
}

static void
relay (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->in);
  er_view *w = er_new_write_view (a->out);
  er_register (rd, 1);
  er_register (w, 1);
  er_alloc (rd, 4);
  er_alloc (w, 4);
  RT_EQ (er_update (rd, 4), 4);
  er_stall (w, 4);
  for (int i = 0; i < 4; i++)
    ER_AT (w, int32_t, i) = ER_AT (rd, int32_t, i) + 1;
  er_commit (w, 4);
  er_release (rd, 4);
}

static _Atomic long result_ok;

static void
sink_proc (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->in);
  er_register (rd, 1);
  er_alloc (rd, 4);
  RT_EQ (er_update (rd, 4), 4);
  for (int i = 0; i < 4; i++)
    RT_EQ (ER_AT (rd, int32_t, i), rt_val (i) + 1);
  er_release (rd, 4);
  RT_EQ (er_update (rd, 5), 0);
  atomic_store (&result_ok, 1);
}

int
main (void)
{
  er_record *a = er_new_record (1, 1, sizeof (int32_t));
  er_record *b = er_new_record (1, 1, sizeof (int32_t));
  struct args pc = { NULL, a }, pr = { a, b }, ps = { b, NULL };
  er_run (sink_proc, &ps, sizeof ps);
  er_run (relay, &pr, sizeof pr);
  er_run (compute, &pc, sizeof pc);
  er_wait_all ();
  RT_EQ (atomic_load (&result_ok), 1);
  RT_OK ("no false deadlock during a 1.5 s computation");
  return 0;
}
