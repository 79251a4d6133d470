/* SPDX-License-Identifier: GPL-3.0-or-later */ /* int128.c -- transparency test: unsigned and signed __int128: large
   factorials, a 128-bit decimal printer, modular multiplication and a
   Miller-Rabin primality test with 64-bit moduli, 128-bit shifts,
   division and comparisons.  */
#include <stdio.h>
#include <stdint.h>

typedef unsigned __int128 u128;
typedef __int128 i128;

static void
print_u128 (u128 v)
{
  char buf[48];
  int i = 47;
  buf[i] = 0;
  do
    {
      buf[--i] = (char) ('0' + (int) (v % 10));
      v /= 10;
    }
  while (v);
  fputs (buf + i, stdout);
}

static void
print_i128 (i128 v)
{
  if (v < 0)
    {
      putchar ('-');
      print_u128 (-(u128) v);
    }
  else
    print_u128 ((u128) v);
}

static uint64_t
mulmod (uint64_t a, uint64_t b, uint64_t m)
{
  return (uint64_t) ((u128) a * b % m);
}

static uint64_t
powmod (uint64_t b, uint64_t e, uint64_t m)
{
  uint64_t r = 1;
  b %= m;
  while (e)
    {
      if (e & 1)
	r = mulmod (r, b, m);
      b = mulmod (b, b, m);
      e >>= 1;
    }
  return r;
}

static int
is_prime (uint64_t n)
{
  if (n < 2)
    return 0;
  static const uint64_t small[] = { 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37 };
  for (int i = 0; i < 12; i++)
    if (n % small[i] == 0)
      return n == small[i];
  uint64_t d = n - 1;
  int s = 0;
  while (!(d & 1))
    {
      d >>= 1;
      s++;
    }
  for (int i = 0; i < 12; i++)
    {
      uint64_t x = powmod (small[i], d, n);
      if (x == 1 || x == n - 1)
	continue;
      int composite = 1;
      for (int r = 1; r < s && composite; r++)
	{
	  x = mulmod (x, x, n);
	  if (x == n - 1)
	    composite = 0;
	}
      if (composite)
	return 0;
    }
  return 1;
}

int
main (void)
{
  u128 f = 1;
  for (int i = 1; i <= 34; i++)
    {
      f *= i;
      if (i % 6 == 4)
	{
	  printf ("%d! = ", i);
	  print_u128 (f);
	  putchar ('\n');
	}
    }
  i128 s = 0;
  for (int i = 0; i < 100; i++)
    s = s * -3 + i;
  printf ("alternating ");
  print_i128 (s);
  printf ("\nhigh %016llx low %016llx\n", (unsigned long long) (f >> 64),
	  (unsigned long long) f);
  u128 big = ((u128) 0x0123456789abcdefull << 64) | 0xfedcba9876543210ull;
  printf ("quot ");
  print_u128 (big / 1000000007u);
  printf (" rem %llu cmp %d\n", (unsigned long long) (big % 1000000007u),
	  big > f);
  uint64_t base = 1000000000000000000ull;
  int found = 0;
  for (uint64_t n = base; found < 5; n++)
    if (is_prime (n))
      {
	printf ("prime %llu\n", (unsigned long long) n);
	found++;
      }
  printf ("mersenne 2^61-1 prime %d, 2^62-1 prime %d\n",
	  is_prime ((1ull << 61) - 1), is_prime ((1ull << 62) - 1));
  return 0;
}
