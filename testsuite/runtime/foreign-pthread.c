/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Library use from foreign threads (erbium/process.h, docs/runtime.md: any
   thread may own views; runtime/src: a plain pthread counts for deadlock
   detection and its views are freed with ER_TERMINATE when it exits). Two
   plain pthreads, not started by er_run, stream through a record: the writer
   exits without freeing its view, and the reader sees the termination.  A
   third pthread exchanges data with an er_run process.  */
/* { dg-do run } */
/* { dg-output "ok: views used from plain pthreads" } */

#include <pthread.h>
#include "rt-test.h"

#define N 20000

static er_record *r1, *r2;
static long got1, got2;

static void *
pwriter (void *p)
{
  (void) p;
  er_view *w = er_new_write_view (r1);
  er_register (w, 1);
  er_alloc (w, 32);
  rt_write_range (w, 0, N, 10);
  return NULL;			/* thread exit terminates the stream */
}

static void *
preader (void *p)
{
  (void) p;
  er_view *rd = er_new_read_view (r1);
  er_register (rd, 1);
  er_alloc (rd, 16);
  got1 = rt_read_range (rd, 0, 2 * N, 16);
  er_free_view (rd, ER_TERMINATE);
  return NULL;
}

static void
process_writer (void *p)
{
  (void) p;
  er_view *w = er_new_write_view (r2);
  er_register (w, 1);
  er_alloc (w, 16);
  rt_write_range (w, 0, N, 8);
}

static void *
preader2 (void *p)
{
  (void) p;
  er_view *rd = er_new_read_view (r2);
  er_register (rd, 1);
  er_alloc (rd, 8);
  got2 = rt_read_range (rd, 0, 2 * N, 5);
  return NULL;
}

int
main (void)
{
  r1 = er_new_record (1, 1, sizeof (int32_t));
  r2 = er_new_record (1, 1, sizeof (int32_t));
  pthread_t t1, t2, t3;
  RT_EQ (pthread_create (&t2, NULL, preader, NULL), 0);
  RT_EQ (pthread_create (&t1, NULL, pwriter, NULL), 0);
  RT_EQ (pthread_create (&t3, NULL, preader2, NULL), 0);
  er_run (process_writer, NULL, 0);
  RT_EQ (pthread_join (t1, NULL), 0);
  RT_EQ (pthread_join (t2, NULL), 0);
  RT_EQ (pthread_join (t3, NULL), 0);
  er_wait_all ();
  RT_EQ (got1, N);
  RT_EQ (got2, N);
  RT_EQ (er_live_records (), 0);
  RT_OK ("views used from plain pthreads");
  return 0;
}
