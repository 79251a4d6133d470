/* SPDX-License-Identifier: GPL-3.0-or-later */ /* names-er.c -- transparency test: an ordinary program, not including
   <erbium.h> or the runtime's headers, that defines static functions and
   types with the names of the runtime's primitives (er_elem, er_burst,
   er_commit, er_update, er_stall, er_release, er_receive, er_view,
   er_record) but other signatures.  They are the program's own
   functions: the plugin must treat them as any other function.  */
#include <stdio.h>

struct er_view { int base[8]; int mask; };
typedef struct er_record { long total; } er_record;

static int er_elem (int *v, int i) { return v[i & 7]; }
static int *er_burst (struct er_view *v, int i) { return &v->base[i & v->mask]; }
static int er_commit (int v) { return -v; }
static long er_update (er_record *r, long d) { return r->total += d; }
static int er_stall (int i, int h) { return i > h ? h : i; }
static void er_release (struct er_view *v, int i) { v->base[i & v->mask] = 0; }
static int er_receive (const struct er_view *v) { return v->base[0] + v->mask; }

int
main (void)
{
  struct er_view v = { { 0 }, 7 };
  er_record r = { 0 };
  int arr[8];
  for (int i = 0; i < 8; i++)
    arr[i] = i * i - 3;
  for (int i = 0; i < 40; i++)
    {
      *er_burst (&v, i) += er_elem (arr, i) * er_stall (i, 20);
      er_update (&r, er_commit (i) + er_elem (arr, i + 3));
      if (i % 9 == 4)
	er_release (&v, i + 1);
    }
  for (int i = 0; i < 8; i++)
    printf ("%d ", v.base[i]);
  printf ("\ntotal %ld receive %d\n", r.total, er_receive (&v));
  return 0;
}
