/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The program waits for all processes at exit (erbium/process.h: "At exit
   the main thread frees its own views the same way and waits for every
   process").  main starts a consumer and returns while the consumer still
   waits for data; main's own write view is freed with ER_TERMINATE at
   exit, so the consumer gets the terminal index, and a producer process
   that only starts producing after main has returned finishes its stream
   too.  Their last lines are printed after main returned (in either
   order); an exit handler registered by main proves it.  */
/* { dg-do run } */
/* { dg-output "main returns\[^\n\]*\n(?=.*consumer: 12 elements after main returned)(?=.*producer: done after main returned)" } */

#include "rt-test.h"

static _Atomic long main_returned;

static void
note_return (void)
{
  atomic_store (&main_returned, 1);
}

struct args { er_record *r; };

static void
consumer (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, 1);
  er_alloc (rd, 16);
  int tl = rt_read_range (rd, 0, 100, 4);
  RT_EQ (tl, 12);
  RT_EQ (atomic_load (&main_returned), 1);
  printf ("consumer: %d elements after main returned\n", tl);
  fflush (stdout);
}

static void
producer (void *p)
{
  struct args *a = p;
  er_view *w = er_new_write_view (a->r);
  er_register (w, 1);
  er_alloc (w, 8);
  rt_wait_at_least (&main_returned, 1, "main to return");
  rt_sleep_ms (20);
  rt_write_range (w, 0, 1000, 8);
  printf ("producer: done after main returned\n");
  fflush (stdout);
}

static void
sink (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, 1);
  er_alloc (rd, 8);
  RT_EQ (rt_read_range (rd, 0, 2000, 8), 1000);
}

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  er_record *r2 = er_new_record (1, 1, sizeof (int32_t));
  er_view *w = er_new_write_view (r);
  er_register (w, 1);
  er_alloc (w, 16);
  struct args a = { r }, b = { r2 };
  er_run (consumer, &a, sizeof a);
  er_run (producer, &b, sizeof b);
  er_run (sink, &b, sizeof b);
  rt_write_range (w, 0, 12, 16);
  /* After er_run, so that it runs before the runtime's exit handler.  */
  atexit (note_return);
  printf ("main returns\n");
  fflush (stdout);
  return 0;
}
