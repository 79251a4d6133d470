/* SPDX-License-Identifier: GPL-3.0-or-later */ /* recursion.c -- transparency test: recursive functions (Ackermann,
   N-queens, permutations in lexicographic order, Towers of Hanoi,
   mutual recursion, a recursive-descent expression evaluator).  */
#include <stdio.h>

static unsigned long
ack (unsigned long m, unsigned long n)
{
  if (m == 0)
    return n + 1;
  if (n == 0)
    return ack (m - 1, 1);
  return ack (m - 1, ack (m, n - 1));
}

static int queens_col[12];

static int
queens (int row, int n)
{
  if (row == n)
    return 1;
  int count = 0;
  for (int c = 0; c < n; c++)
    {
      int ok = 1;
      for (int r = 0; r < row && ok; r++)
	if (queens_col[r] == c || queens_col[r] - c == r - row
	    || queens_col[r] - c == row - r)
	  ok = 0;
      if (ok)
	{
	  queens_col[row] = c;
	  count += queens (row + 1, n);
	}
    }
  return count;
}

static void
permute (char *s, int k, int n, int *count)
{
  if (k == n)
    {
      if (++*count % 7 == 0)
	printf ("%s ", s);
      return;
    }
  for (int i = k; i < n; i++)
    {
      char t = s[i];
      for (int j = i; j > k; j--)
	s[j] = s[j - 1];
      s[k] = t;
      permute (s, k + 1, n, count);
      for (int j = k; j < i; j++)
	s[j] = s[j + 1];
      s[i] = t;
    }
}

static long moves;
static void
hanoi (int n, int from, int to, int via, long *sig)
{
  if (n == 0)
    return;
  hanoi (n - 1, from, via, to, sig);
  moves++;
  *sig = *sig * 7 + from * 3 + to;
  *sig %= 1000000007;
  hanoi (n - 1, via, to, from, sig);
}

static int is_odd (unsigned n);
static int is_even (unsigned n) { return n == 0 ? 1 : is_odd (n - 1); }
static int is_odd (unsigned n) { return n == 0 ? 0 : is_even (n - 1); }

/* expr := term {(+|-) term}; term := factor {(*|/) factor};
   factor := number | ( expr ) | - factor  */
static const char *p;
static long expr (void);
static long
factor (void)
{
  if (*p == '(')
    {
      p++;
      long v = expr ();
      p++;
      return v;
    }
  if (*p == '-')
    {
      p++;
      return -factor ();
    }
  long v = 0;
  while (*p >= '0' && *p <= '9')
    v = v * 10 + (*p++ - '0');
  return v;
}
static long
term (void)
{
  long v = factor ();
  while (*p == '*' || *p == '/')
    {
      char op = *p++;
      long r = factor ();
      v = op == '*' ? v * r : v / r;
    }
  return v;
}
static long
expr (void)
{
  long v = term ();
  while (*p == '+' || *p == '-')
    {
      char op = *p++;
      long r = term ();
      v = op == '+' ? v + r : v - r;
    }
  return v;
}

int
main (void)
{
  printf ("ack(2,3)=%lu ack(3,5)=%lu\n", ack (2, 3), ack (3, 5));
  for (int n = 4; n <= 9; n++)
    printf ("queens(%d)=%d ", n, queens (0, n));
  printf ("\n");
  char s[] = "abcde";
  int count = 0;
  permute (s, 0, 5, &count);
  printf ("\npermutations %d back to %s\n", count, s);
  long sig = 0;
  hanoi (16, 1, 3, 2, &sig);
  printf ("hanoi moves %ld sig %ld\n", moves, sig);
  printf ("even(1001) %d odd(777) %d\n", is_even (1001), is_odd (777));
  const char *exprs[] = { "1+2*3", "(1+2)*3", "-(4-10)*(3+4)/2",
			  "100/7/2-3*-3", "((((7))))*((2+3)*(1-8))" };
  for (int i = 0; i < 5; i++)
    {
      p = exprs[i];
      printf ("%s = %ld\n", exprs[i], expr ());
    }
  return 0;
}
