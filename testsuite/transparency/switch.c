/* SPDX-License-Identifier: GPL-3.0-or-later */ /* switch.c -- transparency test: switch statements: a dense switch GCC
   turns into a jump table, a sparse switch (binary decision tree), case
   ranges (GNU), fall-through chains, switch on characters as a lexer, a
   switch turned into a lookup table of values, and nested switches.  */
#include <stdio.h>

static int
dense (int x)
{
  switch (x)
    {
    case 0: return 11;
    case 1: return 27;
    case 2: return -3;
    case 3: return 8;
    case 4: return 1000;
    case 5: return 42;
    case 6: return 7;
    case 7: return 99;
    case 8: return -50;
    case 9: return 64;
    case 10: return 3;
    case 11: return 5;
    default: return 0;
    }
}

static const char *
sparse (unsigned x)
{
  switch (x)
    {
    case 1: return "one";
    case 100: return "hundred";
    case 1000: return "thousand";
    case 65536: return "64K";
    case 1000000: return "million";
    case 0xdeadbeef: return "dead";
    default: return "-";
    }
}

static int
ranges (int c)
{
  switch (c)
    {
    case '0' ... '9': return 1;
    case 'a' ... 'z': return 2;
    case 'A' ... 'Z': return 3;
    case ' ': case '\t': case '\n': return 4;
    default: return 5;
    }
}

static int
fallthrough (int n)
{
  int r = 0;
  switch (n % 8)
    {
    case 7: r += 7; /* Fall through.  */
    case 6: r += 6; /* Fall through.  */
    case 5: r += 5; /* Fall through.  */
    case 4: r += 4; break;
    case 3: r += 3; /* Fall through.  */
    case 2: r += 2; /* Fall through.  */
    case 1: r += 1; break;
    default: r = -1;
    }
  return r;
}

/* Duff's device copy.  */
static void
duff (char *to, const char *from, int count)
{
  int n = (count + 7) / 8;
  switch (count % 8)
    {
    case 0: do { *to++ = *from++;
    case 7: *to++ = *from++;
    case 6: *to++ = *from++;
    case 5: *to++ = *from++;
    case 4: *to++ = *from++;
    case 3: *to++ = *from++;
    case 2: *to++ = *from++;
    case 1: *to++ = *from++;
	    } while (--n > 0);
    }
}

static int
nested (int a, int b)
{
  switch (a)
    {
    case 0:
      switch (b)
	{
	case 0: return 1;
	case 1: return 2;
	default: return 3;
	}
    case 1:
      switch (b & 1)
	{
	case 0: return 4;
	default: return 5;
	}
    default:
      return 6 + b;
    }
}

int
main (void)
{
  long s = 0;
  for (int i = -2; i < 14; i++)
    s = s * 3 + dense (i);
  printf ("dense %ld\n", s);
  unsigned probes[] = { 0, 1, 100, 999, 1000, 65536, 1000000, 0xdeadbeef };
  for (int i = 0; i < 8; i++)
    printf ("%s ", sparse (probes[i]));
  printf ("\n");
  const char *text = "Erbium 2010: Kahn\tnetworks!\n";
  int hist[6] = { 0 };
  for (const char *p = text; *p; p++)
    hist[ranges (*p)]++;
  printf ("classes %d %d %d %d %d\n", hist[1], hist[2], hist[3], hist[4],
	  hist[5]);
  for (int n = 0; n < 10; n++)
    printf ("%d ", fallthrough (n));
  printf ("\n");
  char src[40], dst[40] = { 0 };
  for (int i = 0; i < 40; i++)
    src[i] = (char) ('A' + i % 26);
  for (int c = 1; c < 20; c += 5)
    {
      duff (dst, src + c, c + 10);
      printf ("duff %d: %.*s\n", c, c + 10, dst);
    }
  int t = 0;
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 4; b++)
      t = t * 2 + nested (a, b);
  printf ("nested %d\n", t);
  return 0;
}
