/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The C API's er_elem (V, I) is the address of element I whatever the
   program reads there: a record of 12-byte elements read through its
   first 4 bytes, one element at a time (a masked access) and in a burst
   loop (the burst form), compiled in library mode with the plugin,
   whose erbium-window must take the element size from the view, not
   from the type read (only view(T) subscripts of the language read
   whole elements).  */
/* { dg-do run } */
/* { dg-options "-O2 -DER_LIBRARY_MODE -fplugin-arg-erbium-dump=erbium-window" } */
/* { dg-output "sum 1498500, expected 1498500; 0 wrong single reads: ok" } */
/* { dg-final { scan-plugin-dump {er_elem at line 24: masked form} erbium-window } } */
/* { dg-final { scan-plugin-dump {er_elem at line 47: burst form in loop [0-9]+ .*versioned on the check byte and the element size} erbium-window } } */

#include <stdint.h>
#include <stdio.h>
#include <erbium/runtime.h>

struct three { uint32_t a, b, c; };
#define N 1000

static uint32_t __attribute__ ((noinline))
first_of (er_view *v, int i)
{
  return *(uint32_t *) er_elem (v, i);
}

int
main (void)
{
  er_record *r = er_new_record (0, 0, sizeof (struct three));
  er_view *w = er_new_write_view (r);
  er_view *rd = er_new_read_view (r);
  er_alloc (w, N);
  er_alloc (rd, N);
  er_stall (w, N);
  for (int i = 0; i < N; i++)
    {
      struct three *e = er_elem (w, i);
      e->a = 3 * i;
      e->b = 3 * i + 1;
      e->c = 3 * i + 2;
    }
  er_commit (w, N);
  er_update (rd, N);
  uint64_t sum = 0;
  for (int i = 0; i < N; i++)
    sum += *(uint32_t *) er_elem (rd, i);
  int bad = 0;
  for (int i = 0; i < N; i += 7)
    bad += first_of (rd, i) != (uint32_t) (3 * i);
  uint64_t want = 3ull * N * (N - 1) / 2;
  printf ("sum %llu, expected %llu; %d wrong single reads: %s\n",
	  (unsigned long long) sum, (unsigned long long) want, bad,
	  sum == want && !bad ? "ok" : "WRONG");
  return sum != want || bad;
}
