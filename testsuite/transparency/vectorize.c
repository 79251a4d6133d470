/* SPDX-License-Identifier: GPL-3.0-or-later */ /* vectorize.c -- transparency test: loops and nested loops GCC vectorises
   at -O3 (saxpy, int/float reductions, a matrix product, a stencil, a
   conditional store, a strided gather, type conversion).  Values are
   exactly representable or summed in a fixed order so the output does not
   depend on vectorisation.  */
#include <stdio.h>
#include <stdint.h>

#define N 1024
#define M 64

static float xa[N], ya[N];
static int32_t ia[N], ib[N], ic[N];
static double ma[M][M], mb[M][M], mc[M][M];
static int16_t sa[N];
static int64_t wide[N];

static void
saxpy (int n, float a, const float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static void
matmul (int n, double (*restrict c)[M], double (*restrict a)[M],
	double (*restrict b)[M])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      c[i][j] = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
	c[i][j] += a[i][k] * b[k][j];
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    {
      xa[i] = (float) (i % 17);
      ya[i] = (float) (i % 5) * 0.5f;
      ia[i] = i * 3 - 700;
      ib[i] = (i * 7919) % 1000 - 500;
      sa[i] = (int16_t) (i * 37);
    }
  saxpy (N, 2.0f, xa, ya);
  double fs = 0;
  for (int i = 0; i < N; i++)
    fs += ya[i];
  printf ("saxpy sum %.1f, y[1000] %.2f\n", fs, ya[1000]);

  /* Integer reduction, min/max, conditional.  */
  int64_t s = 0;
  int32_t mn = ia[0], mx = ia[0];
  for (int i = 0; i < N; i++)
    {
      ic[i] = ia[i] * ib[i] + (ia[i] > ib[i] ? ia[i] : ib[i]);
      s += ic[i];
      mn = ic[i] < mn ? ic[i] : mn;
      mx = ic[i] > mx ? ic[i] : mx;
    }
  printf ("int: sum %lld min %d max %d\n", (long long) s, mn, mx);

  /* Matrix product with small exact values.  */
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      {
	ma[i][j] = (i + 2 * j) % 7 - 3;
	mb[i][j] = (3 * i + j) % 5 - 2;
      }
  matmul (M, mc, ma, mb);
  double tr = 0, all = 0;
  for (int i = 0; i < M; i++)
    {
      tr += mc[i][i];
      for (int j = 0; j < M; j++)
	all += mc[i][j] * ((i + j) % 3);
    }
  printf ("matmul trace %.0f weighted %.0f\n", tr, all);

  /* Stencil into a second array, then widening conversion.  */
  for (int i = 1; i < N - 1; i++)
    ib[i] = ia[i - 1] + 2 * ia[i] + ia[i + 1];
  for (int i = 0; i < N; i++)
    wide[i] = (int64_t) sa[i] * ib[i];
  int64_t ws = 0;
  for (int i = 0; i < N; i++)
    ws ^= wide[i] + i;
  printf ("stencil/widen xor %lld\n", (long long) ws);

  /* Strided access and a conditional store.  */
  int strided = 0;
  for (int i = 0; i < N; i += 4)
    strided += ia[i] - ia[i + 2];
  for (int i = 0; i < N; i++)
    if (ic[i] & 1)
      ia[i] = -ia[i];
  int64_t cs = 0;
  for (int i = 0; i < N; i++)
    cs += (int64_t) ia[i] * (i + 1);
  printf ("strided %d, cond-store checksum %lld\n", strided, (long long) cs);

  /* Byte-wise loop.  */
  unsigned char bytes[N];
  for (int i = 0; i < N; i++)
    bytes[i] = (unsigned char) (i * 13 + 7);
  unsigned bsum = 0;
  for (int i = 0; i < N; i++)
    bsum += (unsigned) (bytes[i] >> 2) | 1;
  printf ("bytes %u\n", bsum);
  return 0;
}
