/* SPDX-License-Identifier: GPL-3.0-or-later */ /* float.c -- transparency test: float and double arithmetic (Newton
   iterations, Kahan summation, a Runge-Kutta integration, libm calls,
   rounding modes of conversions, special values).  Results are printed
   with %a or %.17g so any change of a single bit shows.  */
#include <stdio.h>
#include <math.h>
#include <float.h>

static double
newton_sqrt (double a)
{
  double x = a > 1 ? a : 1;
  for (int i = 0; i < 60; i++)
    x = 0.5 * (x + a / x);
  return x;
}

/* y' = -2ty, y(0) = 1, with classical RK4.  */
static double
rk4 (int steps)
{
  double t = 0, y = 1, h = 1.0 / steps;
  for (int i = 0; i < steps; i++)
    {
      double k1 = -2 * t * y;
      double k2 = -2 * (t + h / 2) * (y + h / 2 * k1);
      double k3 = -2 * (t + h / 2) * (y + h / 2 * k2);
      double k4 = -2 * (t + h) * (y + h * k3);
      y += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
      t += h;
    }
  return y;
}

int
main (void)
{
  for (int i = 2; i < 40; i += 9)
    printf ("sqrt(%d): newton %a libm %a\n", i, newton_sqrt (i), sqrt (i));

  /* Naive and Kahan sums of 1/k.  */
  float naive = 0, kahan = 0, comp = 0;
  for (int k = 1; k <= 200000; k++)
    {
      float term = 1.0f / k;
      naive += term;
      float y = term - comp;
      float t = kahan + y;
      comp = (t - kahan) - y;
      kahan = t;
    }
  printf ("harmonic float: naive %a kahan %a\n", naive, kahan);

  double acc = 0;
  for (int i = 0; i < 1000; i++)
    acc += sin (i * 0.01) * exp (-i * 0.001) + log1p (i) / (1 + i);
  printf ("libm mix %.17g\n", acc);

  printf ("rk4 %.17g (exact %.17g)\n", rk4 (1000), exp (-1.0));

  volatile double zero = 0.0;
  double inf = 1.0 / zero, nan = zero / zero;
  printf ("inf %g -inf %g nan-is-nan %d isinf %d signbit(-0) %d\n", inf,
	  -inf, isnan (nan), isinf (inf), signbit (-zero) != 0);
  printf ("dbl eps %a min %a max %a\n", DBL_EPSILON, DBL_MIN, DBL_MAX);

  double vals[] = { 2.5, -2.5, 3.5, -0.5, 1e300, 123456.789 };
  for (int i = 0; i < 6; i++)
    printf ("%g: rint %g floor %g ceil %g trunc %g lround %ld\n", vals[i],
	    rint (vals[i]), floor (vals[i]), ceil (vals[i]), trunc (vals[i]),
	    fabs (vals[i]) < 1e18 ? lround (vals[i]) : 0L);

  float f = 1.0f;
  int steps = 0;
  while (f + 1.0f != 1.0f)
    {
      f /= 2;
      steps++;
    }
  printf ("float halvings %d, fma %a\n", steps, fma (0.1, 10.0, -1.0));
  return 0;
}
