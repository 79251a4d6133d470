/* SPDX-License-Identifier: GPL-3.0-or-later */ /* vectorext.c -- transparency test: GCC vector extensions
   (vector_size): element-wise arithmetic, comparisons producing masks,
   __builtin_shuffle, subscripting, conversion between vector types, and
   a dot product over vectors of floats.  */
#include <stdio.h>
#include <string.h>

typedef int v4si __attribute__ ((vector_size (16)));
typedef float v4sf __attribute__ ((vector_size (16)));
typedef short v8hi __attribute__ ((vector_size (16)));
typedef unsigned char v16qi __attribute__ ((vector_size (16)));
typedef double v2df __attribute__ ((vector_size (16)));
typedef long long v4di __attribute__ ((vector_size (32)));

static void
print4 (const char *name, v4si v)
{
  printf ("%s { %d, %d, %d, %d }\n", name, v[0], v[1], v[2], v[3]);
}

int
main (void)
{
  v4si a = { 1, -2, 3, -4 }, b = { 10, 20, 30, 40 };
  print4 ("a+b", a + b);
  print4 ("a*b", a * b);
  print4 ("b/a", b / a);
  print4 ("a<<2", a << 2);
  print4 ("a>0", a > 0);
  print4 ("sel", ((a > 0) & b) | (~(a > 0) & a));
  v4si mask = { 3, 2, 1, 0 };
  print4 ("shuffle", __builtin_shuffle (b, mask));
  v4si m2 = { 0, 4, 1, 5 };
  print4 ("shuffle2", __builtin_shuffle (a, b, m2));

  v4sf x = { 0.5f, 1.5f, 2.5f, 3.5f }, y = { 4, 3, 2, 1 };
  v4sf acc = { 0, 0, 0, 0 };
  for (int i = 0; i < 100; i++)
    {
      acc += x * y;
      x += 0.25f;
    }
  printf ("dot %.2f %.2f %.2f %.2f\n", acc[0], acc[1], acc[2], acc[3]);
  v4si conv = __builtin_convertvector (acc, v4si);
  print4 ("conv", conv);

  v8hi h = { 1, 2, 3, 4, 5, 6, 7, 8 };
  for (int i = 0; i < 10; i++)
    h = h * 3 - h / 2;
  printf ("v8hi");
  for (int i = 0; i < 8; i++)
    printf (" %d", h[i]);
  printf ("\n");

  v16qi q;
  for (int i = 0; i < 16; i++)
    q[i] = (unsigned char) (i * 17);
  q = (q >> 1) ^ (v16qi) __builtin_shuffle (q, (v16qi) { 15, 14, 13, 12, 11,
		  10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 });
  unsigned sum = 0;
  for (int i = 0; i < 16; i++)
    sum = sum * 7 + q[i];
  printf ("v16qi hash %u\n", sum);

  v2df d = { 1.0, 2.0 };
  for (int i = 0; i < 20; i++)
    d = d * 1.5 - (v2df) { 0.25, 0.5 };
  printf ("v2df %.6f %.6f\n", d[0], d[1]);
  v4di l = { 1, 2, 3, 4 };
  l = l * l * l + (v4di) { 1LL << 40, 0, -1, 7 };
  printf ("v4di %lld %lld %lld %lld\n", l[0], l[1], l[2], l[3]);
  return 0;
}
