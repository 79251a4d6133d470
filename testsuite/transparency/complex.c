/* SPDX-License-Identifier: GPL-3.0-or-later */ /* complex.c -- transparency test: _Complex float, double and long double
   arithmetic, a small recursive FFT checked against a direct DFT, a
   Mandelbrot membership grid, and complex libm calls.  */
#include <stdio.h>
#include <complex.h>
#include <math.h>

#define N 16

static void
fft (double complex *x, int n, int stride, double complex *out)
{
  if (n == 1)
    {
      out[0] = x[0];
      return;
    }
  fft (x, n / 2, 2 * stride, out);
  fft (x + stride, n / 2, 2 * stride, out + n / 2);
  for (int k = 0; k < n / 2; k++)
    {
      double complex t = cexp (-2 * M_PI * I * k / n) * out[k + n / 2];
      double complex e = out[k];
      out[k] = e + t;
      out[k + n / 2] = e - t;
    }
}

int
main (void)
{
  double complex in[N], out[N];
  for (int i = 0; i < N; i++)
    in[i] = (i % 4) - 1.5 + I * ((i * 3) % 5);
  fft (in, N, 1, out);
  double maxerr = 0;
  for (int k = 0; k < N; k++)
    {
      double complex d = 0;
      for (int j = 0; j < N; j++)
	d += in[j] * cexp (-2 * M_PI * I * j * k / N);
      double err = cabs (d - out[k]);
      maxerr = err > maxerr ? err : maxerr;
      printf ("X[%2d] = %9.4f %+9.4fi\n", k, creal (out[k]), cimag (out[k]));
    }
  printf ("fft vs dft below 1e-9: %d\n", maxerr < 1e-9);

  /* Mandelbrot in float complex.  */
  for (int y = -6; y <= 6; y++)
    {
      for (int x = -20; x <= 8; x++)
	{
	  float complex c = x / 10.0f + I * (y / 6.0f), z = 0;
	  int it = 0;
	  while (it < 50 && crealf (z) * crealf (z) + cimagf (z) * cimagf (z) <= 4)
	    {
	      z = z * z + c;
	      it++;
	    }
	  putchar (it == 50 ? '#' : " .:-=+*%@"[it % 9]);
	}
      putchar ('\n');
    }

  long double complex lz = 1.0L + 2.0L * I;
  for (int i = 0; i < 10; i++)
    lz = lz * lz / (1.0L + cabsl (lz));
  printf ("long double complex %La %La\n", creall (lz), cimagl (lz));

  double complex w = csqrt (-4.0 + 0 * I) + clog (I) + cpow (2.0 + I, 3.0);
  printf ("csqrt+clog+cpow %.12f %.12f conj %.3f\n", creal (w), cimag (w),
	  cimag (conj (w)));
  return 0;
}
