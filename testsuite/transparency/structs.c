/* SPDX-License-Identifier: GPL-3.0-or-later */ /* structs.c -- transparency test: structures passed and returned by
   value, nested structures, arrays of structures, struct assignment,
   a flexible array member, designated initialisers and compound
   literals.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct vec3 { double x, y, z; };
struct particle { int id; struct vec3 pos, vel; char tag[8]; };
struct big { long a[12]; short s; char c; };
struct poly { int n; int coef[]; };

static struct vec3
add (struct vec3 a, struct vec3 b)
{
  return (struct vec3) { a.x + b.x, a.y + b.y, a.z + b.z };
}

static struct vec3
scale (struct vec3 a, double k)
{
  a.x *= k;
  a.y *= k;
  a.z *= k;
  return a;
}

static struct big
make_big (int seed)
{
  struct big b;
  memset (&b, 0, sizeof b);
  for (int i = 0; i < 12; i++)
    b.a[i] = (long) seed * (i + 1) - i * i;
  b.s = (short) (seed * 3);
  b.c = (char) ('a' + seed % 26);
  return b;
}

static long
sum_big (struct big b)
{
  long s = b.s + b.c;
  for (int i = 0; i < 12; i++)
    s += b.a[i];
  return s;
}

static struct poly *
make_poly (int n)
{
  struct poly *p = malloc (sizeof *p + n * sizeof p->coef[0]);
  p->n = n;
  for (int i = 0; i < n; i++)
    p->coef[i] = (i % 3) - 1;
  return p;
}

static long
eval_poly (const struct poly *p, long x)
{
  long r = 0;
  for (int i = p->n - 1; i >= 0; i--)
    r = r * x + p->coef[i];
  return r;
}

int
main (void)
{
  struct particle ps[6];
  for (int i = 0; i < 6; i++)
    {
      ps[i] = (struct particle) { .id = i,
				  .pos = { i, 2 * i, -i },
				  .vel = { .z = 0.5 * i, .x = 1 } };
      snprintf (ps[i].tag, sizeof ps[i].tag, "p%d", i * 11);
    }
  for (int step = 0; step < 10; step++)
    for (int i = 0; i < 6; i++)
      ps[i].pos = add (ps[i].pos, scale (ps[i].vel, 0.25));
  for (int i = 0; i < 6; i++)
    printf ("%s id %d pos (%.3f, %.3f, %.3f)\n", ps[i].tag, ps[i].id,
	    ps[i].pos.x, ps[i].pos.y, ps[i].pos.z);

  struct particle copy = ps[3];
  copy.tag[0] = 'q';
  printf ("copy %s orig %s equal-pos %d\n", copy.tag, ps[3].tag,
	  memcmp (&copy.pos, &ps[3].pos, sizeof copy.pos) == 0);

  long t = 0;
  for (int i = 0; i < 20; i++)
    t = t * 3 + sum_big (make_big (i));
  printf ("big sum %ld size %zu\n", t, sizeof (struct big));

  struct poly *p = make_poly (9);
  printf ("poly(3) = %ld, poly(-2) = %ld\n", eval_poly (p, 3),
	  eval_poly (p, -2));
  free (p);
  return 0;
}
