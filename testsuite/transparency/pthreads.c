/* SPDX-License-Identifier: GPL-3.0-or-later */ /* pthreads.c -- transparency test: POSIX threads with deterministic
   output: a parallel sum over disjoint slices, a mutex-protected counter,
   a condition-variable ping-pong with strict alternation, a barrier, and
   results printed in a fixed order after joining.  */
#include <stdio.h>
#include <pthread.h>
#include <stdint.h>

#define NT 4
#define N 400000

static uint32_t data[N];
static uint64_t partial[NT];

static void *
slice_sum (void *arg)
{
  int t = (int) (intptr_t) arg;
  uint64_t s = 0;
  for (int i = t * (N / NT); i < (t + 1) * (N / NT); i++)
    s += (uint64_t) data[i] * (i % 7 + 1);
  partial[t] = s;
  return NULL;
}

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static long counter;

static void *
bump (void *arg)
{
  int n = (int) (intptr_t) arg;
  for (int i = 0; i < n; i++)
    {
      pthread_mutex_lock (&mu);
      counter += i % 3;
      pthread_mutex_unlock (&mu);
    }
  return NULL;
}

static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int turn;
static char trace[64];
static int tpos;

static void *
player (void *arg)
{
  int me = (int) (intptr_t) arg;
  for (int round = 0; round < 10; round++)
    {
      pthread_mutex_lock (&mu);
      while (turn != me)
	pthread_cond_wait (&cv, &mu);
      trace[tpos++] = me ? 'o' : 'x';
      turn = 1 - me;
      pthread_cond_broadcast (&cv);
      pthread_mutex_unlock (&mu);
    }
  return NULL;
}

static pthread_barrier_t bar;
static int phase_val[NT];

static void *
phases (void *arg)
{
  int t = (int) (intptr_t) arg;
  phase_val[t] = t * t + 1;
  pthread_barrier_wait (&bar);
  /* After the barrier every slot is written: read the neighbour's.  */
  int nb = phase_val[(t + 1) % NT];
  pthread_barrier_wait (&bar);
  phase_val[t] += nb;
  return NULL;
}

int
main (void)
{
  uint32_t x = 12345;
  for (int i = 0; i < N; i++)
    {
      x = x * 1103515245u + 12345u;
      data[i] = x >> 8;
    }
  pthread_t th[NT];
  for (int t = 0; t < NT; t++)
    pthread_create (&th[t], NULL, slice_sum, (void *) (intptr_t) t);
  uint64_t total = 0;
  for (int t = 0; t < NT; t++)
    {
      pthread_join (th[t], NULL);
      total += partial[t];
      printf ("slice %d: %llu\n", t, (unsigned long long) partial[t]);
    }
  printf ("total %llu\n", (unsigned long long) total);

  for (int t = 0; t < NT; t++)
    pthread_create (&th[t], NULL, bump, (void *) (intptr_t) (10000 * (t + 1)));
  for (int t = 0; t < NT; t++)
    pthread_join (th[t], NULL);
  printf ("counter %ld\n", counter);

  pthread_t a, b;
  pthread_create (&a, NULL, player, (void *) 0);
  pthread_create (&b, NULL, player, (void *) 1);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  printf ("ping-pong %s\n", trace);

  pthread_barrier_init (&bar, NULL, NT);
  for (int t = 0; t < NT; t++)
    pthread_create (&th[t], NULL, phases, (void *) (intptr_t) t);
  for (int t = 0; t < NT; t++)
    pthread_join (th[t], NULL);
  pthread_barrier_destroy (&bar);
  for (int t = 0; t < NT; t++)
    printf ("phase %d: %d\n", t, phase_val[t]);
  return 0;
}
