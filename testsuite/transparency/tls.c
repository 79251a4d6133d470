/* SPDX-License-Identifier: GPL-3.0-or-later */ /* tls.c -- transparency test: thread-local storage: _Thread_local and
   __thread variables (initialised and zero), a thread-local array used
   as per-thread scratch, addresses of thread-local objects differing
   between threads (compared, not printed), and results gathered in
   thread order.  */
#include <stdio.h>
#include <pthread.h>
#include <stdint.h>

#define NT 4

static _Thread_local int tl_counter = 5;
static __thread long tl_scratch[32];
static _Thread_local const int *tl_addr;
static long results[NT];
static const void *addrs[NT];

static void
work (int t)
{
  for (int i = 0; i < 32; i++)
    tl_scratch[i] = (long) t * i + tl_counter;
  for (int r = 0; r < 1000; r++)
    {
      tl_counter += (r ^ t) & 3;
      tl_scratch[r & 31] += tl_counter;
    }
}

static void *
thread_main (void *arg)
{
  int t = (int) (intptr_t) arg;
  tl_addr = &tl_counter;
  work (t);
  long s = 0;
  for (int i = 0; i < 32; i++)
    s = s * 3 + tl_scratch[i];
  results[t] = s + tl_counter;
  addrs[t] = tl_addr;
  return NULL;
}

int
main (void)
{
  pthread_t th[NT];
  for (int t = 0; t < NT; t++)
    pthread_create (&th[t], NULL, thread_main, (void *) (intptr_t) t);
  for (int t = 0; t < NT; t++)
    pthread_join (th[t], NULL);
  for (int t = 0; t < NT; t++)
    printf ("thread %d: %ld\n", t, results[t]);
  int distinct = 1;
  for (int a = 0; a < NT; a++)
    for (int b = a + 1; b < NT; b++)
      distinct &= addrs[a] != addrs[b];
  printf ("distinct addresses %d\n", distinct);
  printf ("main counter untouched %d scratch[3] %ld\n", tl_counter,
	  tl_scratch[3]);
  work (7);
  printf ("main after work %d\n", tl_counter);
  return 0;
}
