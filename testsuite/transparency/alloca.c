/* SPDX-License-Identifier: GPL-3.0-or-later */ /* alloca.c -- transparency test: alloca in loops, in recursion and with
   sizes known only at run time; each block is filled and checked, and
   the pointers' alignment is checked (not printed: addresses vary).  */
#include <stdio.h>
#include <alloca.h>
#include <string.h>
#include <stdint.h>

static long
rec (int depth, int width)
{
  if (depth == 0)
    return width;
  int *buf = alloca (width * sizeof *buf);
  for (int i = 0; i < width; i++)
    buf[i] = depth * i;
  long below = rec (depth - 1, width + 3);
  long s = 0;
  for (int i = 0; i < width; i++)
    s += buf[i];
  return s + below * 2;
}

static int
palindromes (const char *const *w, int n)
{
  int count = 0;
  for (int k = 0; k < n; k++)
    {
      size_t len = strlen (w[k]);
      char *r = alloca (len + 1);
      for (size_t i = 0; i < len; i++)
	r[i] = w[k][len - 1 - i];
      r[len] = 0;
      count += strcmp (r, w[k]) == 0;
    }
  return count;
}

int
main (int argc, char **argv)
{
  (void) argv;
  printf ("rec %ld\n", rec (12, 4 + argc));
  const char *w[] = { "level", "erbium", "racecar", "noon", "stream", "a",
		      "abca", "rotator" };
  printf ("palindromes %d\n", palindromes (w, 8));
  int misaligned = 0;
  unsigned long total = 0;
  for (int n = 1; n < 64; n++)
    {
      double *d = alloca (n * sizeof *d);
      misaligned += ((uintptr_t) d % _Alignof (double)) != 0;
      for (int i = 0; i < n; i++)
	d[i] = i * 0.5 + n;
      double s = 0;
      for (int i = 0; i < n; i++)
	s += d[i];
      total += (unsigned long) (s * 2);
    }
  printf ("loop total %lu misaligned %d\n", total, misaligned);
  return 0;
}
