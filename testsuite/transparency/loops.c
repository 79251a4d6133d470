/* SPDX-License-Identifier: GPL-3.0-or-later */ /* loops.c -- transparency test: plain counted, while and do-while loops
   (sieve of Eratosthenes, Collatz lengths, digit sums, a nested triangle).
   Prints results that depend on every iteration.  */
#include <stdio.h>
#include <string.h>

#define N 20000

static unsigned char composite[N + 1];

int
main (void)
{
  /* Sieve.  */
  memset (composite, 0, sizeof composite);
  for (int i = 2; (long) i * i <= N; i++)
    if (!composite[i])
      for (int j = i * i; j <= N; j += i)
	composite[j] = 1;
  int count = 0;
  long sum = 0;
  for (int i = 2; i <= N; i++)
    if (!composite[i])
      {
	count++;
	sum += i;
      }
  printf ("primes below %d: %d, sum %ld\n", N, count, sum);

  /* Longest Collatz chain below 30000 (while loop).  */
  int best = 0, best_start = 0;
  for (int s = 1; s < 30000; s++)
    {
      unsigned long x = s;
      int len = 1;
      while (x != 1)
	{
	  x = (x & 1) ? 3 * x + 1 : x / 2;
	  len++;
	}
      if (len > best)
	{
	  best = len;
	  best_start = s;
	}
    }
  printf ("longest collatz below 30000: start %d, length %d\n",
	  best_start, best);

  /* Digit sums with do-while.  */
  unsigned long total = 0;
  for (unsigned n = 0; n < 100000; n += 7)
    {
      unsigned m = n, d = 0;
      do
	{
	  d += m % 10;
	  m /= 10;
	}
      while (m);
      total = total * 31 + d;
    }
  printf ("digit-sum hash: %lu\n", total);

  /* Triangle with break and continue.  */
  long tri = 0;
  for (int i = 0; i < 300; i++)
    {
      if (i % 7 == 3)
	continue;
      for (int j = 0; j <= i; j++)
	{
	  if (j * j > 5 * i)
	    break;
	  tri += (i ^ j) & 15;
	}
    }
  printf ("triangle: %ld\n", tri);
  return 0;
}
