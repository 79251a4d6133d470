/* SPDX-License-Identifier: GPL-3.0-or-later */ /* vla.c -- transparency test: variable-length arrays: 1-D and 2-D VLAs
   of run-time size, VLA parameters, sizeof of a VLA, pointers to VLA
   rows, a VLA in a loop body (reallocated each iteration), and typedefs
   of VLA types.  */
#include <stdio.h>
#include <stdlib.h>

static void
fill (int n, int m, double a[n][m])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = (i + 1) * 10 + j;
}

static void
transpose (int n, int m, double (*restrict dst)[n],
	   double (*restrict src)[m])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      dst[j][i] = src[i][j];
}

static double
trace_prod (int n, double a[n][n], double b[n][n])
{
  double t = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      t += a[i][k] * b[k][i];
  return t;
}

static int
pascal_row_sum (int n)
{
  int row[n + 1];
  for (int i = 0; i <= n; i++)
    {
      row[i] = 1;
      for (int j = i - 1; j > 0; j--)
	row[j] = (row[j] + row[j - 1]) % 10007;
    }
  int s = 0;
  for (int i = 0; i <= n; i++)
    s += row[i];
  return s;
}

int
main (int argc, char **argv)
{
  (void) argv;
  int n = 5 + argc, m = 3 + 2 * argc;	/* run-time sizes: 6 and 5 */
  double a[n][m], t[m][n];
  printf ("sizeof a %zu sizeof row %zu\n", sizeof a, sizeof a[0]);
  fill (n, m, a);
  transpose (n, m, t, a);
  double s = 0;
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      s = s * 0.5 + t[j][i];
  printf ("transpose hash %.6f\n", s);

  int k = n + 1;
  typedef double sq[k][k];
  sq *x = malloc (sizeof (sq)), *y = malloc (sizeof (sq));
  for (int i = 0; i < k; i++)
    for (int j = 0; j < k; j++)
      {
	(*x)[i][j] = i - j;
	(*y)[i][j] = (i * j) % 4;
      }
  printf ("trace(xy) %.1f for k=%d, sizeof %zu\n", trace_prod (k, *x, *y),
	  k, sizeof (sq));
  free (x);
  free (y);

  for (int len = 1; len < 40; len += 6)
    printf ("pascal %d -> %d\n", len, pascal_row_sum (len));

  long total = 0;
  for (int len = 1; len < 200; len++)
    {
      char buf[len];
      for (int i = 0; i < len; i++)
	buf[i] = (char) (i * len);
      for (int i = 0; i < len; i++)
	total += buf[i];
    }
  printf ("loop vla total %ld\n", total);
  return 0;
}
