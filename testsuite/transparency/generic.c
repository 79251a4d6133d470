/* SPDX-License-Identifier: GPL-3.0-or-later */ /* generic.c -- transparency test: C11 features: _Generic selection,
   _Static_assert, _Alignas/_Alignof, compound literals (also as lvalues
   and at file scope), designated initialisers with ranges (GNU) and
   out-of-order members, anonymous structures, and _Noreturn.  */
#include <stdio.h>
#include <stdlib.h>
#include <stdalign.h>
#include <stdint.h>
#include <stddef.h>

#define type_name(x) _Generic ((x), \
  int: "int", unsigned: "unsigned", long: "long", float: "float", \
  double: "double", char *: "char *", const char *: "const char *", \
  default: "other")

#define absval(x) _Generic ((x), int: abs, long: labs, default: dabs) (x)
static double dabs (double x) { return x < 0 ? -x : x; }

_Static_assert (sizeof (int32_t) == 4, "int32_t is 4 bytes");

struct point { int x, y; };
static struct point *origin = &(struct point) { 0, 0 };
static const int table[16] = { [0 ... 3] = 1, [8] = 8, [4 ... 6] = 2,
			       [15] = -1 };

struct shape
{
  int kind;
  struct { int w, h; };
  union { float r; int sides; };
};

static alignas (64) char aligned_buf[100];

_Noreturn static void
finish (int code)
{
  printf ("finishing with %d\n", code);
  exit (code);
}

static int
sum_points (const struct point *p, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += p[i].x * 10 + p[i].y;
  return s;
}

int
main (void)
{
  int i = 1;
  unsigned u = 2;
  long l = -3;
  float f = 4;
  double d = -5.5;
  char *s = "x";
  const char *cs = "y";
  short sh = 0;
  printf ("%s %s %s %s %s %s %s %s\n", type_name (i), type_name (u),
	  type_name (l), type_name (f), type_name (d), type_name (s),
	  type_name (cs), type_name (sh));
  printf ("abs %d %ld %.1f\n", absval (-7), absval (-70000000000L),
	  absval (d));
  printf ("align %zu %zu %d\n", alignof (max_align_t) >= 8 ? (size_t) 1 : 0,
	  alignof (struct point), (int) ((uintptr_t) aligned_buf % 64));
  printf ("sum %d\n", sum_points ((struct point[]) { { 1, 2 }, { 3, 4 },
						      { .y = 9, .x = 5 } },
				  3));
  (struct point) { 1, 1 }.x = 5;	/* an lvalue, discarded */
  origin->x += 3;
  printf ("origin %d %d\n", origin->x, origin->y);
  for (int k = 0; k < 16; k++)
    printf ("%d ", table[k]);
  printf ("\n");
  struct shape sq = { .kind = 1, .w = 3, .h = 4, .sides = 4 };
  struct shape ci = { .kind = 0, .r = 2.5f };
  printf ("shape %d %dx%d sides %d; circle r %.2f size %zu\n", sq.kind, sq.w,
	  sq.h, sq.sides, ci.r, sizeof sq);
  int *p = (int[]) { 5, 6, 7 };
  p[1] *= 10;
  printf ("literal %d %d %d\n", p[0], p[1], p[2]);
  finish (0);
}
