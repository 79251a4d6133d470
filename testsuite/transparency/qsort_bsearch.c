/* SPDX-License-Identifier: GPL-3.0-or-later */ /* qsort_bsearch.c -- transparency test: qsort of integers, of structures
   by several keys, of strings through pointers, and bsearch for present
   and absent keys.  Sorted orders are total (ties broken) so the output
   does not depend on qsort's stability.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec { int key; double weight; char name[8]; };

static int
cmp_int (const void *a, const void *b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return (x > y) - (x < y);
}

static int
cmp_rec (const void *a, const void *b)
{
  const struct rec *x = a, *y = b;
  if (x->key != y->key)
    return x->key < y->key ? 1 : -1;	/* descending key */
  if (x->weight != y->weight)
    return x->weight < y->weight ? -1 : 1;
  return strcmp (x->name, y->name);
}

static int
cmp_str (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

int
main (void)
{
  enum { N = 5000 };
  static int v[N];
  unsigned s = 2463534242u;
  for (int i = 0; i < N; i++)
    {
      s ^= s << 13;
      s ^= s >> 17;
      s ^= s << 5;
      v[i] = (int) (s % 100000) - 50000;
    }
  qsort (v, N, sizeof v[0], cmp_int);
  long h = 0;
  int sorted = 1;
  for (int i = 0; i < N; i++)
    {
      h = (h * 31 + v[i]) % 1000000007;
      if (i && v[i - 1] > v[i])
	sorted = 0;
    }
  printf ("ints sorted %d min %d max %d median %d hash %ld\n", sorted, v[0],
	  v[N - 1], v[N / 2], h);
  int found = 0, absent = 0;
  for (int k = -50000; k < 50000; k += 37)
    {
      int *p = bsearch (&k, v, N, sizeof v[0], cmp_int);
      if (p)
	{
	  found++;
	  if (*p != k)
	    printf ("bsearch returned the wrong element\n");
	}
      else
	absent++;
    }
  printf ("bsearch found %d absent %d\n", found, absent);

  struct rec r[40];
  for (int i = 0; i < 40; i++)
    {
      r[i].key = (i * 7) % 5;
      r[i].weight = ((i * 13) % 9) * 0.5;
      snprintf (r[i].name, sizeof r[i].name, "n%02d", (i * 17) % 40);
    }
  qsort (r, 40, sizeof r[0], cmp_rec);
  for (int i = 0; i < 40; i += 3)
    printf ("%d/%.1f/%s ", r[i].key, r[i].weight, r[i].name);
  printf ("\n");

  char *words[] = { "view", "record", "process", "commit", "update",
		    "stall", "release", "receive", "horizon", "burst",
		    "window", "alpha", "zeta", "mu" };
  size_t nw = sizeof words / sizeof words[0];
  qsort (words, nw, sizeof words[0], cmp_str);
  for (size_t i = 0; i < nw; i++)
    printf ("%s%c", words[i], i + 1 < nw ? ' ' : '\n');
  const char *key = "stall";
  char **hit = bsearch (&key, words, nw, sizeof words[0], cmp_str);
  printf ("stall at %td\n", hit ? hit - words : -1);
  return 0;
}
