/* SPDX-License-Identifier: GPL-3.0-or-later */ /* datastructs.c -- transparency test: heap-allocated data structures:
   a singly linked list (insertion sort, reversal), a binary search tree
   (insert, in-order walk, height, delete), a binary heap (heap sort), and
   an open-addressing hash table grown with realloc.  Everything is freed;
   no address is printed.  */
#include <stdio.h>
#include <stdlib.h>

struct node { int v; struct node *next; };
struct tree { int key; struct tree *l, *r; };

static struct node *
sorted_insert (struct node *h, int v)
{
  struct node **pp = &h;
  while (*pp && (*pp)->v < v)
    pp = &(*pp)->next;
  struct node *n = malloc (sizeof *n);
  n->v = v;
  n->next = *pp;
  *pp = n;
  return h;
}

static struct node *
reverse (struct node *h)
{
  struct node *prev = NULL;
  while (h)
    {
      struct node *n = h->next;
      h->next = prev;
      prev = h;
      h = n;
    }
  return prev;
}

static struct tree *
insert (struct tree *t, int key)
{
  if (!t)
    {
      t = calloc (1, sizeof *t);
      t->key = key;
      return t;
    }
  if (key < t->key)
    t->l = insert (t->l, key);
  else if (key > t->key)
    t->r = insert (t->r, key);
  return t;
}

static struct tree *
delete (struct tree *t, int key)
{
  if (!t)
    return NULL;
  if (key < t->key)
    t->l = delete (t->l, key);
  else if (key > t->key)
    t->r = delete (t->r, key);
  else if (!t->l || !t->r)
    {
      struct tree *c = t->l ? t->l : t->r;
      free (t);
      return c;
    }
  else
    {
      struct tree *m = t->r;
      while (m->l)
	m = m->l;
      t->key = m->key;
      t->r = delete (t->r, m->key);
    }
  return t;
}

static int
height (const struct tree *t)
{
  if (!t)
    return 0;
  int a = height (t->l), b = height (t->r);
  return 1 + (a > b ? a : b);
}

static void
walk (const struct tree *t, long *h, int *n)
{
  if (!t)
    return;
  walk (t->l, h, n);
  *h = (*h * 31 + t->key) % 1000000007;
  ++*n;
  walk (t->r, h, n);
}

static void
free_tree (struct tree *t)
{
  if (t)
    {
      free_tree (t->l);
      free_tree (t->r);
      free (t);
    }
}

static void
sift_down (int *a, int n, int i)
{
  for (;;)
    {
      int m = i, l = 2 * i + 1, r = l + 1;
      if (l < n && a[l] > a[m])
	m = l;
      if (r < n && a[r] > a[m])
	m = r;
      if (m == i)
	return;
      int t = a[i];
      a[i] = a[m];
      a[m] = t;
      i = m;
    }
}

struct table { unsigned *keys; int *vals; unsigned cap, used; };

static void put (struct table *t, unsigned k, int v);

static void
grow (struct table *t)
{
  struct table old = *t;
  t->cap = old.cap ? old.cap * 2 : 8;
  t->keys = calloc (t->cap, sizeof *t->keys);
  t->vals = calloc (t->cap, sizeof *t->vals);
  t->used = 0;
  for (unsigned i = 0; i < old.cap; i++)
    if (old.keys[i])
      put (t, old.keys[i], old.vals[i]);
  free (old.keys);
  free (old.vals);
}

static void
put (struct table *t, unsigned k, int v)
{
  if (4 * (t->used + 1) > 3 * t->cap)
    grow (t);
  unsigned i = (k * 2654435761u) & (t->cap - 1);
  while (t->keys[i] && t->keys[i] != k)
    i = (i + 1) & (t->cap - 1);
  if (!t->keys[i])
    t->used++;
  t->keys[i] = k;
  t->vals[i] += v;
}

static int
get (const struct table *t, unsigned k)
{
  unsigned i = (k * 2654435761u) & (t->cap - 1);
  while (t->keys[i])
    {
      if (t->keys[i] == k)
	return t->vals[i];
      i = (i + 1) & (t->cap - 1);
    }
  return -1;
}

int
main (void)
{
  struct node *list = NULL;
  for (int i = 0; i < 300; i++)
    list = sorted_insert (list, (i * 7919) % 1009);
  list = reverse (list);
  long h = 0;
  int n = 0;
  for (struct node *p = list; p; p = p->next, n++)
    h = (h * 131 + p->v) % 1000000007;
  printf ("list %d first %d hash %ld\n", n, list->v, h);
  while (list)
    {
      struct node *nx = list->next;
      free (list);
      list = nx;
    }

  struct tree *t = NULL;
  unsigned x = 1;
  for (int i = 0; i < 2000; i++)
    {
      x = x * 1664525u + 1013904223u;
      t = insert (t, (int) (x >> 20));
    }
  h = 0;
  n = 0;
  walk (t, &h, &n);
  printf ("tree %d nodes height %d hash %ld\n", n, height (t), h);
  for (int k = 0; k < 4096; k += 3)
    t = delete (t, k);
  h = 0;
  n = 0;
  walk (t, &h, &n);
  printf ("after delete %d nodes height %d hash %ld\n", n, height (t), h);
  free_tree (t);

  enum { HN = 1000 };
  int *a = malloc (HN * sizeof *a);
  for (int i = 0; i < HN; i++)
    a[i] = (i * 7877) % 10007;
  for (int i = HN / 2 - 1; i >= 0; i--)
    sift_down (a, HN, i);
  for (int end = HN - 1; end > 0; end--)
    {
      int tmp = a[0];
      a[0] = a[end];
      a[end] = tmp;
      sift_down (a, end, 0);
    }
  int ok = 1;
  for (int i = 1; i < HN; i++)
    ok &= a[i - 1] <= a[i];
  printf ("heapsort ok %d min %d max %d mid %d\n", ok, a[0], a[HN - 1],
	  a[HN / 2]);
  free (a);

  struct table tab = { 0 };
  for (unsigned i = 1; i <= 5000; i++)
    put (&tab, i % 1777 + 1, (int) i);
  printf ("table cap %u used %u get(5) %d get(1777) %d get(9999) %d\n",
	  tab.cap, tab.used, get (&tab, 5), get (&tab, 1777), get (&tab, 9999));
  free (tab.keys);
  free (tab.vals);
  return 0;
}
