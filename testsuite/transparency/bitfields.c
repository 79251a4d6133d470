/* SPDX-License-Identifier: GPL-3.0-or-later */ /* bitfields.c -- transparency test: signed and unsigned bit-fields,
   wrap-around on assignment, zero-width fields, packed layouts, and
   bit-fields updated in loops.  */
#include <stdio.h>
#include <string.h>

struct flags
{
  unsigned a : 3;
  signed b : 5;
  unsigned c : 1;
  unsigned : 0;
  unsigned d : 12;
  signed e : 7;
  unsigned long long big : 40;
};

struct __attribute__ ((packed)) hdr
{
  unsigned version : 4;
  unsigned ihl : 4;
  unsigned char tos;
  unsigned short len;
  unsigned flags : 3;
  unsigned frag : 13;
};

int
main (void)
{
  struct flags f;
  memset (&f, 0, sizeof f);
  unsigned long long h = 1469598103934665603ull;
  for (int i = 0; i < 1000; i++)
    {
      f.a += i;
      f.b -= i * 3;
      f.c ^= (i & 3) == 1;
      f.d = f.d * 5 + i;
      f.e = (signed char) (i * 11);
      f.big = f.big * 3 + 0x12345;
      h = (h ^ (f.a + 8u * (f.b + 16) + 512u * f.c + f.d + (f.e & 0x7f)
		+ f.big)) * 1099511628211ull;
    }
  printf ("a %u b %d c %u d %u e %d big %llu\n", f.a, f.b, f.c, f.d, f.e,
	  (unsigned long long) f.big);
  printf ("hash %016llx sizeof %zu\n", h, sizeof f);

  struct hdr hd;
  memset (&hd, 0, sizeof hd);
  hd.version = 4;
  hd.ihl = 5;
  hd.tos = 0x10;
  hd.len = 1500;
  hd.flags = 2;
  hd.frag = 8191;
  unsigned char raw[sizeof hd];
  memcpy (raw, &hd, sizeof hd);
  printf ("hdr sizeof %zu:", sizeof hd);
  for (size_t i = 0; i < sizeof raw; i++)
    printf (" %02x", raw[i]);
  printf ("\nversion %u ihl %u flags %u frag %u\n", hd.version, hd.ihl,
	  hd.flags, hd.frag);

  /* Sign extension of a signed field.  */
  struct { signed s : 4; } sx;
  for (int v = -10; v <= 10; v += 3)
    {
      sx.s = v;
      printf ("%d->%d ", v, sx.s);
    }
  printf ("\n");
  return 0;
}
