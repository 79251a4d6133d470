/* SPDX-License-Identifier: GPL-3.0-or-later */ /* builtins.c -- transparency test: GCC __builtin_* intrinsics: bit
   counting (popcount, clz, ctz, ffs, parity, clrsb), byte swaps,
   overflow-checked arithmetic, __builtin_expect, __builtin_constant_p,
   __builtin_choose_expr, __builtin_types_compatible_p, __builtin_memcpy
   and __builtin_memset, __builtin_unreachable on an impossible path,
   __builtin_prefetch, __builtin_offsetof, __builtin_huge_val and nan.  */
#include <stdio.h>
#include <stdint.h>
#include <stddef.h>

struct s { char c; double d; int i[3]; };

static int
classify (int x)
{
  switch (x & 3)
    {
    case 0: return 10;
    case 1: return 20;
    case 2: return 30;
    case 3: return 40;
    }
  __builtin_unreachable ();
}

int
main (void)
{
  for (uint64_t x = 1; x < (1ull << 60); x = x * 5 + 3)
    printf ("%016llx pop %d clz %d ctz %d ffs %d par %d\n",
	    (unsigned long long) x, __builtin_popcountll (x),
	    __builtin_clzll (x), __builtin_ctzll (x), __builtin_ffsll (x),
	    __builtin_parityll (x));
  printf ("clrsb %d %d %d\n", __builtin_clrsb (0), __builtin_clrsb (-1),
	  __builtin_clrsb (0x00ffffff));
  printf ("bswap %04x %08x %016llx\n", __builtin_bswap16 (0x1234),
	  __builtin_bswap32 (0x12345678u),
	  (unsigned long long) __builtin_bswap64 (0x0102030405060708ull));

  int r;
  long long rl;
  unsigned ru;
  int o1 = __builtin_add_overflow (2147483600, 100, &r);
  int o2 = __builtin_mul_overflow (3037000500LL, 3037000500LL, &rl);
  int o3 = __builtin_sub_overflow (5u, 7u, &ru);
  int o4 = __builtin_mul_overflow (46340, 46340, &r);
  printf ("overflow %d %d %d(%u) %d(%d)\n", o1, o2, o3, ru, o4, r);

  long hits = 0;
  for (int i = 0; i < 1000; i++)
    if (__builtin_expect (i % 100 == 0, 0))
      hits += classify (i);
    else
      hits += classify (i) / 10;
  printf ("expect/unreachable %ld\n", hits);

  printf ("constant_p %d\n", __builtin_constant_p (3 * 7));
  int v = __builtin_choose_expr (sizeof (int) == 4, 111, 222);
  printf ("choose %d compat %d %d\n", v,
	  __builtin_types_compatible_p (int, signed int),
	  __builtin_types_compatible_p (int, unsigned));
  printf ("offsetof %zu %zu\n", __builtin_offsetof (struct s, d),
	  __builtin_offsetof (struct s, i[2]));

  unsigned char a[64], b[64];
  __builtin_memset (a, 0x5a, sizeof a);
  for (int i = 0; i < 64; i++)
    {
      __builtin_prefetch (&a[i + 8 < 64 ? i + 8 : 63]);
      a[i] = (unsigned char) (a[i] + i);
    }
  __builtin_memcpy (b, a, sizeof b);
  unsigned sum = 0;
  for (int i = 0; i < 64; i++)
    sum = sum * 3 + b[i];
  printf ("memcpy/memset %u\n", sum);
  printf ("inf %g nan %d copysign %g\n", __builtin_huge_val (),
	  __builtin_isnan (__builtin_nan ("")),
	  __builtin_copysign (2.0, -0.0));
  return 0;
}
