/* SPDX-License-Identifier: GPL-3.0-or-later */ /* attributes.c -- transparency test: a program full of ordinary GCC
   attributes (the plugin registers attributes of its own, which must not
   disturb these): aligned, packed, noinline, always_inline, const, pure,
   malloc, alloc_size, nonnull, returns_nonnull, warn_unused_result, used,
   unused, weak, alias, visibility, section, mode, transparent_union,
   may_alias, flatten, hot/cold, noclone, deprecated-free.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

struct __attribute__ ((packed)) packed { char c; int i; short s; };
struct __attribute__ ((aligned (32))) al { char c; };
typedef int si_mode __attribute__ ((mode (HI)));
typedef uint32_t __attribute__ ((may_alias)) alias_u32;

static __attribute__ ((const, noinline)) int
square (int x)
{
  return x * x;
}

static __attribute__ ((pure, noinline)) int
count_char (const char *s, char c)
{
  int n = 0;
  for (; *s; s++)
    n += *s == c;
  return n;
}

static inline __attribute__ ((always_inline)) int
twice (int x)
{
  return 2 * x;
}

static __attribute__ ((malloc, alloc_size (1), warn_unused_result,
		       returns_nonnull)) void *
xmalloc (size_t n)
{
  void *p = malloc (n);
  if (!p)
    abort ();
  return p;
}

static __attribute__ ((nonnull (1), noclone, noinline, hot)) int
sum (const int *v, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}

static __attribute__ ((cold, noinline)) void
rare (int code)
{
  printf ("rare path %d\n", code);
}

int real_function (int x) { return x + 100; }
int aliased_function (int) __attribute__ ((alias ("real_function")));
int __attribute__ ((weak)) weak_value = 12;
__attribute__ ((visibility ("hidden"))) int hidden_value = 34;
__attribute__ ((section (".data.erbium_test"), used)) int in_section = 56;

typedef union __attribute__ ((transparent_union))
{
  int *ip;
  long *lp;
} int_or_long;

static long
deref (int_or_long u, int is_long)
{
  return is_long ? *u.lp : *u.ip;
}

static __attribute__ ((flatten)) int
flat (int x)
{
  return twice (square (x)) + count_char ("abracadabra", 'a');
}

int
main (void)
{
  printf ("sizes packed %zu aligned %zu align %zu hi %zu\n",
	  sizeof (struct packed), sizeof (struct al),
	  _Alignof (struct al), sizeof (si_mode));
  struct packed pk = { 'x', 0x12345678, -2 };
  unsigned char raw[sizeof pk];
  memcpy (raw, &pk, sizeof pk);
  for (size_t i = 0; i < sizeof raw; i++)
    printf ("%02x", raw[i]);
  printf ("\n");

  int __attribute__ ((unused)) unused_local = 9;
  int *v = xmalloc (50 * sizeof *v);
  for (int i = 0; i < 50; i++)
    v[i] = square (i) - twice (i);
  printf ("sum %d flat %d\n", sum (v, 50), flat (7));
  free (v);
  if (weak_value != 12)
    rare (1);
  printf ("alias %d weak %d hidden %d section %d\n", aliased_function (5),
	  weak_value, hidden_value, in_section);
  int iv = 41;
  long lv = 1234567890123L;
  printf ("transparent union %ld %ld\n", deref (&iv, 0), deref (&lv, 1));
  float fl = 1.0f;
  alias_u32 *pu = (alias_u32 *) &fl;
  printf ("may_alias %08x\n", (unsigned) *pu);
  si_mode hm = (si_mode) 40000;
  printf ("mode HI %d\n", (int) hm);
  return 0;
}
