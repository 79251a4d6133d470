/* SPDX-License-Identifier: GPL-3.0-or-later */ /* longdouble.c -- transparency test: long double (x87 extended on
   x86-64) arithmetic: series for e and pi, a continued fraction,
   conversions to and from double and integers, printed with %La.  */
#include <stdio.h>
#include <float.h>
#include <math.h>

static long double
e_series (void)
{
  long double e = 0, term = 1;
  for (int n = 1; n < 30; n++)
    {
      e += term;
      term /= n;
    }
  return e;
}

/* Machin: pi = 16 atan(1/5) - 4 atan(1/239), atan by its series.  */
static long double
atan_inv (int x)
{
  long double x2 = (long double) x * x, term = 1.0L / x, sum = 0;
  for (int n = 0; n < 60; n++)
    {
      long double t = term / (2 * n + 1);
      sum += (n & 1) ? -t : t;
      term /= x2;
    }
  return sum;
}

int
main (void)
{
  long double e = e_series ();
  long double pi = 16 * atan_inv (5) - 4 * atan_inv (239);
  printf ("e  %La\npi %La\n", e, pi);
  printf ("e as double %a, pi as double %a\n", (double) e, (double) pi);

  /* Continued fraction for sqrt(2) from the bottom up.  */
  long double cf = 2;
  for (int i = 0; i < 40; i++)
    cf = 2 + 1 / cf;
  printf ("sqrt2 %La (libm %La)\n", cf - 1, sqrtl (2.0L));

  long double big = 1;
  for (int i = 0; i < 70; i++)
    big *= 2;
  unsigned long long u = (unsigned long long) (big / 32);
  printf ("2^70 %La, /32 as ull %llu\n", big, u);
  printf ("ldbl mant %d eps %La\n", LDBL_MANT_DIG, LDBL_EPSILON);

  long double acc = 0;
  for (int i = 1; i <= 5000; i++)
    acc += 1.0L / ((long double) i * i);
  printf ("basel %.21Lg\n", acc);
  printf ("compare %d %d\n", (double) acc == acc, acc > 1.6449L);
  return 0;
}
