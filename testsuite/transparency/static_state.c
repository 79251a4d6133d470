/* SPDX-License-Identifier: GPL-3.0-or-later */ /* static_state.c -- transparency test: static and global state: static
   locals keeping state between calls (a generator, a memo table),
   globals modified through pointers, file-scope constant tables,
   constructors and destructors (GNU attributes), tentative definitions
   and an atexit handler printing the final state.  */
#include <stdio.h>
#include <stdlib.h>

int global_counter;
int tentative;
static long history[16];
static const int primes[] = { 2, 3, 5, 7, 11, 13, 17, 19, 23, 29 };
static int ctor_ran;

__attribute__ ((constructor)) static void
early (void)
{
  ctor_ran = 17;
  global_counter = 100;
}

__attribute__ ((destructor)) static void
late (void)
{
  printf ("destructor: counter %d\n", global_counter);
}

static void
at_exit_handler (void)
{
  printf ("atexit: tentative %d history[3] %ld\n", tentative, history[3]);
}

/* Returns successive Fibonacci numbers.  */
static unsigned long
next_fib (void)
{
  static unsigned long a = 0, b = 1;
  unsigned long r = a;
  unsigned long t = a + b;
  a = b;
  b = t;
  return r;
}

static unsigned long
memo_binomial (int n, int k)
{
  static unsigned long memo[40][40];
  static int calls;
  calls++;
  if (k == 0 || k == n)
    return 1;
  if (memo[n][k])
    return memo[n][k];
  unsigned long r = memo_binomial (n - 1, k - 1) + memo_binomial (n - 1, k);
  memo[n][k] = r;
  if (n == 39 && k == 19)
    printf ("binomial calls %d\n", calls);
  return r;
}

static int *
counter_ptr (void)
{
  return &global_counter;
}

int
main (void)
{
  atexit (at_exit_handler);
  printf ("ctor %d counter %d\n", ctor_ran, global_counter);
  for (int i = 0; i < 16; i++)
    history[i] = (long) next_fib ();
  for (int i = 0; i < 16; i++)
    printf ("%ld ", history[i]);
  printf ("\nfib continues %lu\n", next_fib ());
  printf ("C(39,19) %lu C(30,7) %lu\n", memo_binomial (39, 19),
	  memo_binomial (30, 7));
  for (int i = 0; i < 10; i++)
    {
      *counter_ptr () += primes[i];
      tentative ^= primes[i] << i;
    }
  printf ("counter %d tentative %d\n", global_counter, tentative);
  return 0;
}
