/* SPDX-License-Identifier: GPL-3.0-or-later */ /* shadowing.c -- transparency test: variable shadowing in nested blocks
   and loops, a parameter shadowed by a local, a global shadowed by a
   local and by a static, GNU statement expressions, nested functions
   (GNU) reading and writing the enclosing function's variables, typeof
   and __auto_type, and the cleanup attribute.  */
#include <stdio.h>

int x = 1000;
static int depth = -1;

static void
release (int *p)
{
  printf ("cleanup of %d\n", *p);
}

static int
f (int x)
{
  int r = x;			/* the parameter */
  {
    int x = r * 2;
    r += x;
    {
      int x = r + 1;
      r = r * 10 + x % 10;
      for (int x = 0; x < 3; x++)
	r += x;
    }
    r -= x;
  }
  return r + x;
}

static int
global_depth (void)
{
  return depth;			/* the file-scope static */
}

static int
apply_nested (int n)
{
  int acc = 0;
  int step = 3;
  void add (int v)		/* GNU nested function */
  {
    acc += v * step;
    step++;
  }
  for (int i = 0; i < n; i++)
    add (i);
  return acc * 100 + step;
}

int
main (void)
{
  printf ("global %d\n", x);
  {
    int x = 5;
    printf ("inner %d f(x) %d\n", x, f (x));
    {
      extern int x;
      printf ("extern again %d\n", x);
    }
  }
  int depth = 7;
  printf ("local depth %d static depth %d\n", depth, global_depth ());
  for (int i = 0, depth = 2; i < 3; i++, depth *= 3)
    printf ("loop depth %d ", depth);
  printf ("\nafter loop depth %d\n", depth);

  int y = ({ int t = 4; int x = t * t; x + 1; });
  __auto_type z = ({ long v = y; v << 40; });
  typeof (z) w = z / 3;
  printf ("stmt-expr %d %lld %lld size %zu\n", y, (long long) z,
	  (long long) w, sizeof w);
  printf ("nested fn %d %d\n", apply_nested (5), apply_nested (10));
  {
    int __attribute__ ((cleanup (release))) guard = 17;
    {
      int __attribute__ ((cleanup (release))) guard = 23;
      guard++;
    }
    guard += 2;
  }
  return 0;
}
