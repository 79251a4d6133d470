/* SPDX-License-Identifier: GPL-3.0-or-later */ /* atomics.c -- transparency test: C11 <stdatomic.h> with threads:
   atomic_fetch_add from several threads, a compare-and-swap loop keeping
   a maximum, an atomic_flag spin lock protecting a plain counter,
   acquire/release message passing, and fetch_or/fetch_and/exchange.
   Final values are deterministic whatever the interleaving.  */
#include <stdio.h>
#include <stdatomic.h>
#include <pthread.h>
#include <stdint.h>

#define NT 4
#define ITERS 50000

static atomic_long total;
static atomic_int maximum;
static atomic_flag lock = ATOMIC_FLAG_INIT;
static long plain;
static atomic_uint bits;

static void *
worker (void *arg)
{
  int t = (int) (intptr_t) arg;
  for (int i = 0; i < ITERS; i++)
    {
      atomic_fetch_add_explicit (&total, i % 10 + t, memory_order_relaxed);
      int v = (i * 7919 + t * 104729) % 1000003;
      int cur = atomic_load (&maximum);
      while (v > cur && !atomic_compare_exchange_weak (&maximum, &cur, v))
	;
      if (i % 16 == 0)
	{
	  while (atomic_flag_test_and_set_explicit (&lock,
						    memory_order_acquire))
	    ;
	  plain += t + 1;
	  atomic_flag_clear_explicit (&lock, memory_order_release);
	}
    }
  atomic_fetch_or (&bits, 1u << (t * 3));
  return NULL;
}

static int payload;
static atomic_int ready;

static void *
producer (void *arg)
{
  (void) arg;
  payload = 4242;
  atomic_store_explicit (&ready, 1, memory_order_release);
  return NULL;
}

static void *
consumer (void *arg)
{
  int *out = arg;
  while (!atomic_load_explicit (&ready, memory_order_acquire))
    ;
  *out = payload;
  return NULL;
}

int
main (void)
{
  pthread_t th[NT];
  for (int t = 0; t < NT; t++)
    pthread_create (&th[t], NULL, worker, (void *) (intptr_t) t);
  for (int t = 0; t < NT; t++)
    pthread_join (th[t], NULL);
  printf ("total %ld max %d plain %ld bits %x\n", atomic_load (&total),
	  atomic_load (&maximum), plain, atomic_load (&bits));

  int got = 0;
  pthread_t p, c;
  pthread_create (&c, NULL, consumer, &got);
  pthread_create (&p, NULL, producer, NULL);
  pthread_join (p, NULL);
  pthread_join (c, NULL);
  printf ("message %d\n", got);

  atomic_uint u = 0xff;
  unsigned old1 = atomic_fetch_and (&u, 0x0f);
  unsigned old2 = atomic_exchange (&u, 77);
  unsigned old3 = atomic_fetch_sub (&u, 7);
  printf ("and %x exch %x sub %u now %u lockfree %d\n", old1, old2, old3,
	  atomic_load (&u), atomic_is_lock_free (&total));
  return 0;
}
