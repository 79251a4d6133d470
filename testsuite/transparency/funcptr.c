/* SPDX-License-Identifier: GPL-3.0-or-later */ /* funcptr.c -- transparency test: function pointers: dispatch tables,
   callbacks, functions returning function pointers, pointers to
   variadic and static functions, composition through a small closure
   structure, and indirect calls in a hot loop.  */
#include <stdio.h>

typedef long (*binop) (long, long);
typedef long (*unop) (long);

static long add (long a, long b) { return a + b; }
static long sub (long a, long b) { return a - b; }
static long mul (long a, long b) { return a * b; }
static long mod (long a, long b) { return b ? a % b : 0; }
static long maxl (long a, long b) { return a > b ? a : b; }

static const binop table[] = { add, sub, mul, mod, maxl };
static const char *const names[] = { "add", "sub", "mul", "mod", "max" };

static long twice (long x) { return 2 * x; }
static long square (long x) { return x * x; }
static long negate (long x) { return -x; }

static unop
pick (int i)
{
  static const unop u[] = { twice, square, negate };
  return u[i % 3];
}

static long (*pick_binop (const char *name)) (long, long)
{
  for (int i = 0; i < 5; i++)
    {
      const char *a = names[i], *b = name;
      while (*a && *a == *b)
	a++, b++;
      if (!*a && !*b)
	return table[i];
    }
  return 0;
}

struct compose { unop f, g; };
static long
apply (const struct compose *c, long x)
{
  return c->f (c->g (x));
}

static long
fold (binop op, long init, const long *v, int n)
{
  for (int i = 0; i < n; i++)
    init = op (init, v[i]);
  return init;
}

static void
each (void (*cb) (int, void *), void *ctx, int n)
{
  for (int i = 0; i < n; i++)
    cb (i, ctx);
}

static void
accumulate (int i, void *ctx)
{
  long *acc = ctx;
  *acc = *acc * 5 + i;
}

int
main (void)
{
  long v[] = { 7, -3, 12, 5, 9, -1, 4 };
  for (int i = 0; i < 5; i++)
    printf ("fold %s = %ld\n", names[i], fold (table[i], i == 2 ? 1 : 100,
					       v, 7));
  printf ("by name: %ld %ld\n", pick_binop ("mul") (6, 7),
	  pick_binop ("mod") (100, 7));
  printf ("missing: %d\n", pick_binop ("div") == 0);

  struct compose cs[3][3];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      cs[i][j] = (struct compose) { pick (i), pick (j) };
  long s = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      s = s * 3 + apply (&cs[i][j], i + j + 1);
  printf ("compose %ld\n", s);

  long acc = 0;
  each (accumulate, &acc, 12);
  printf ("callback %ld\n", acc);

  int (*pf) (const char *, ...) = printf;
  pf ("through pointer %d\n", 5);

  long h = 1;
  for (int i = 0; i < 100000; i++)
    h = table[i % 5] (h, i % 97 + 1) % 1000003;
  printf ("hot indirect %ld\n", h);
  return 0;
}
