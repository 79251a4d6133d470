/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Two threads free the last two views of a record at nearly the same
   time, many times (erbium/record.h er_free_view: "Concurrent free_view
   of a record's last views is safe"; paper section 3, "Termination": the
   record is deallocated when its last view is freed).  Each round a
   writer commits 4 values and frees its view with ER_TERMINATE while the
   reader waits for more in update; the reader, woken, sees the end of
   the stream and frees the last view, which deallocates the record.  The
   writer must be done with the record by then: its wake-up of the
   reader, after the record's lock was released, touched freed memory
   (AddressSanitizer and ThreadSanitizer builds of the runtime report
   it).  Here each round checks the values read and that the record was
   deallocated.  The threads are plain pthreads that own their views and
   meet at barriers outside the runtime; the writer's short sleep only
   lets the reader fall asleep in update (the wake-up then takes a system
   call, a wider window for the defect); the result never depends on
   it.  */
/* { dg-do run } */
/* { dg-output "ok: 4000 rounds of concurrent last free_view" } */

#include "rt-test.h"
#include <pthread.h>

#define ROUNDS 4000

static pthread_barrier_t bar;
static er_record *cur;

/* One side of every round: connect, stream, free, meet the others.  */
static void *
side (void *p)
{
  int write = p != NULL;
  for (int k = 0; k < ROUNDS; k++)
    {
      pthread_barrier_wait (&bar);	/* the round's record exists */
      er_view *v = write ? er_new_write_view (cur) : er_new_read_view (cur);
      er_register (v, 1);
      er_alloc (v, 4);
      pthread_barrier_wait (&bar);	/* both connected */
      if (write)
	{
	  rt_write_range (v, 0, 4, 4);
	  usleep (50);
	}
      else
	/* Values 0..3, then the end of the stream.  */
	RT_EQ (rt_read_range (v, 0, 16, 4), 4);
      er_free_view (v, ER_TERMINATE);
      pthread_barrier_wait (&bar);	/* both freed */
    }
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_barrier_init (&bar, NULL, 3);
  RT_CHECK (pthread_create (&a, NULL, side, (void *) 1) == 0, "thread");
  RT_CHECK (pthread_create (&b, NULL, side, NULL) == 0, "thread");
  for (int k = 0; k < ROUNDS; k++)
    {
      RT_EQ (er_live_records (), 0);
      cur = er_new_record (1, 1, sizeof (int32_t));
      pthread_barrier_wait (&bar);
      pthread_barrier_wait (&bar);
      pthread_barrier_wait (&bar);
      RT_EQ (er_live_records (), 0);
    }
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  RT_OK ("%d rounds of concurrent last free_view", ROUNDS);
  return 0;
}
