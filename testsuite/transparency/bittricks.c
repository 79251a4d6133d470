/* SPDX-License-Identifier: GPL-3.0-or-later */ /* bittricks.c -- transparency test: portable bit manipulation in plain C
   (no builtins): population count, bit reversal, Gray code, next power
   of two, trailing-zero count by de Bruijn multiplication, sign-free
   abs/min/max, rotates GCC recognises, and a bit-board of a knight's
   moves.  */
#include <stdio.h>
#include <stdint.h>

static int
popcount (uint64_t x)
{
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return (int) ((x * 0x0101010101010101ull) >> 56);
}

static uint32_t
reverse (uint32_t v)
{
  v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
  v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
  v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
  v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
  return (v >> 16) | (v << 16);
}

static uint32_t
next_pow2 (uint32_t v)
{
  v--;
  v |= v >> 1;
  v |= v >> 2;
  v |= v >> 4;
  v |= v >> 8;
  v |= v >> 16;
  return v + 1;
}

static int
ctz_debruijn (uint32_t v)
{
  static const int table[32] = {
    0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
    31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9 };
  return table[((v & -v) * 0x077CB531u) >> 27];
}

static uint32_t rotl (uint32_t x, int r) { return (x << r) | (x >> (-r & 31)); }

static int32_t
branchless_abs (int32_t v)
{
  int32_t m = v >> 31;
  return (v + m) ^ m;
}

int
main (void)
{
  uint64_t h = 0;
  for (uint64_t x = 1; x < (1ull << 40); x = x * 3 + 1)
    h = h * 67 + popcount (x);
  printf ("popcount hash %llu\n", (unsigned long long) h);
  for (uint32_t v = 1; v < 100000; v *= 7)
    printf ("rev(%u)=%08x np2=%u ctz=%d gray=%u rotl=%08x\n", v, reverse (v),
	    next_pow2 (v), ctz_debruijn (v), v ^ (v >> 1), rotl (v, 13));
  int32_t vals[] = { 0, 1, -1, 12345, -98765, 2147483647, -2147483647 };
  for (int i = 0; i < 7; i++)
    printf ("%d ", branchless_abs (vals[i]));
  printf ("\n");

  /* Knight moves from every square of a bit-board.  */
  uint64_t total = 0;
  for (int sq = 0; sq < 64; sq++)
    {
      uint64_t b = 1ull << sq, m = 0;
      const uint64_t na = 0xfefefefefefefefeull, nab = 0xfcfcfcfcfcfcfcfcull;
      const uint64_t nh = 0x7f7f7f7f7f7f7f7full, ngh = 0x3f3f3f3f3f3f3f3full;
      m |= (b << 17) & na;
      m |= (b << 15) & nh;
      m |= (b << 10) & nab;
      m |= (b << 6) & ngh;
      m |= (b >> 17) & nh;
      m |= (b >> 15) & na;
      m |= (b >> 10) & ngh;
      m |= (b >> 6) & nab;
      total += popcount (m) * (uint64_t) (sq + 1);
    }
  printf ("knight weighted moves %llu\n", (unsigned long long) total);

  /* Subset enumeration: all subsets of a mask.  */
  uint32_t mask = 0xb5, sub = mask, count = 0, xs = 0;
  do
    {
      count++;
      xs ^= sub * 2654435761u;
      sub = (sub - 1) & mask;
    }
  while (sub != mask);
  printf ("subsets %u xor %08x\n", count, xs);
  return 0;
}
