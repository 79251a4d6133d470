/* SPDX-License-Identifier: GPL-3.0-or-later */ /* unions.c -- transparency test: unions (type punning of float and
   integer representations, a tagged union interpreter, union of
   structures with a common initial sequence, anonymous unions).  */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

union fbits { float f; uint32_t u; unsigned char b[4]; };
union dbits { double d; uint64_t u; };

enum kind { K_INT, K_DBL, K_STR };
struct value
{
  enum kind kind;
  union
  {
    long i;
    double d;
    const char *s;
  };
};

union shape
{
  struct { int type; } any;
  struct { int type; int r; } circle;
  struct { int type; int w, h; } rect;
};

static double
value_weight (struct value v)
{
  switch (v.kind)
    {
    case K_INT: return (double) v.i;
    case K_DBL: return v.d;
    case K_STR: return (double) strlen (v.s);
    }
  return -1;
}

static int
area (const union shape *s)
{
  if (s->any.type == 0)
    return 3 * s->circle.r * s->circle.r;
  return s->rect.w * s->rect.h;
}

int
main (void)
{
  union fbits fb;
  for (int i = -3; i <= 3; i++)
    {
      fb.f = i * 1.75f;
      printf ("%6.2f -> %08x sign %u exp %u\n", fb.f, fb.u, fb.u >> 31,
	      (fb.u >> 23) & 0xff);
    }
  fb.u = 0x40490fdb;
  printf ("pi-ish %.6f bytes %02x %02x %02x %02x\n", fb.f, fb.b[0], fb.b[1],
	  fb.b[2], fb.b[3]);

  union dbits db;
  db.d = 1.0;
  for (int i = 0; i < 5; i++)
    {
      db.u += 1;
      printf ("next after 1: %.17g\n", db.d);
    }

  struct value vals[] = {
    { K_INT, .i = 42 }, { K_DBL, .d = 2.5 }, { K_STR, .s = "erbium" },
    { K_INT, .i = -7 }, { K_DBL, .d = 0.125 },
  };
  double w = 0;
  for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++)
    w = w * 2 + value_weight (vals[i]);
  printf ("value weight %.4f sizeof %zu\n", w, sizeof (struct value));

  union shape sh[4];
  sh[0].circle.type = 0; sh[0].circle.r = 4;
  sh[1].rect.type = 1; sh[1].rect.w = 3; sh[1].rect.h = 9;
  sh[2].circle.type = 0; sh[2].circle.r = 10;
  sh[3].rect.type = 1; sh[3].rect.w = 12; sh[3].rect.h = 2;
  int tot = 0;
  for (int i = 0; i < 4; i++)
    tot += area (&sh[i]) * (i + 1);
  printf ("areas %d\n", tot);
  return 0;
}
