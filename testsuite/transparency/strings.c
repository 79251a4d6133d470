/* SPDX-License-Identifier: GPL-3.0-or-later */ /* strings.c -- transparency test: string handling: strlen, strcpy,
   strcat, strncpy, strcmp/strncmp, strchr/strrchr/strstr, strtok_r,
   strspn/strcspn, memmove with overlap, snprintf, sscanf, strtol,
   character classes, an in-place reversal and a Caesar cipher.  */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>

static void
reverse (char *s)
{
  for (char *e = s + strlen (s) - 1; s < e; s++, e--)
    {
      char t = *s;
      *s = *e;
      *e = t;
    }
}

static unsigned long
djb2 (const char *s)
{
  unsigned long h = 5381;
  while (*s)
    h = h * 33 + (unsigned char) *s++;
  return h;
}

int
main (void)
{
  const char *text = "The quick brown fox jumps over the lazy dog; "
    "pack my box with five dozen liquor jugs, 12 34 -56 0x1f.";
  char buf[256];
  strcpy (buf, text);
  printf ("len %zu hash %lu\n", strlen (buf), djb2 (buf));

  char *save, *tok;
  int words = 0;
  unsigned long wh = 0;
  char copy[256];
  strcpy (copy, text);
  for (tok = strtok_r (copy, " ;,.", &save); tok;
       tok = strtok_r (NULL, " ;,.", &save))
    {
      words++;
      wh = wh * 131 + strlen (tok);
    }
  printf ("words %d hash %lu\n", words, wh);

  printf ("strchr %td strrchr %td strstr %td\n", strchr (text, 'q') - text,
	  strrchr (text, 'o') - text, strstr (text, "liquor") - text);
  printf ("spn %zu cspn %zu\n", strspn ("aaabbbcccd", "ab"),
	  strcspn (text, "0123456789"));

  char cmp1[] = "erbium", cmp2[] = "erbiux";
  printf ("cmp %d ncmp %d\n", strcmp (cmp1, cmp2) < 0,
	  strncmp (cmp1, cmp2, 5));

  char mv[32] = "0123456789abcdef";
  memmove (mv + 3, mv, 10);
  printf ("memmove %s\n", mv);
  memmove (mv, mv + 5, 8);
  printf ("memmove %s\n", mv);

  char cat[64] = "";
  for (int i = 0; i < 8; i++)
    {
      char piece[8];
      snprintf (piece, sizeof piece, "%d,", i * i);
      strcat (cat, piece);
    }
  printf ("cat %s\n", cat);

  char nc[8];
  memset (nc, 'z', sizeof nc);
  strncpy (nc, "ab", sizeof nc);
  printf ("strncpy pads: %d %d\n", nc[2] == 0, nc[7] == 0);

  int a, b, c;
  unsigned x;
  int n = sscanf ("12 34 -56 0x1f", "%d %d %d %x", &a, &b, &c, &x);
  printf ("sscanf %d: %d %d %d %u\n", n, a, b, c, x);
  char *end;
  long l = strtol ("  -777xyz", &end, 10);
  printf ("strtol %ld rest '%s' base36 %ld\n", l, end,
	  strtol ("erbium", NULL, 36));

  strcpy (buf, text);
  reverse (buf);
  printf ("reversed %.30s\n", buf);
  int up = 0, dig = 0, sp = 0, pu = 0;
  for (const char *p = text; *p; p++)
    {
      up += isupper ((unsigned char) *p) != 0;
      dig += isdigit ((unsigned char) *p) != 0;
      sp += isspace ((unsigned char) *p) != 0;
      pu += ispunct ((unsigned char) *p) != 0;
    }
  printf ("upper %d digit %d space %d punct %d\n", up, dig, sp, pu);
  strcpy (buf, text);
  for (char *p = buf; *p; p++)
    if (isalpha ((unsigned char) *p))
      {
	char base = islower ((unsigned char) *p) ? 'a' : 'A';
	*p = (char) (base + (*p - base + 13) % 26);
      }
  printf ("rot13 %s\n", buf);
  return 0;
}
