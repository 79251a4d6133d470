/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A view subscript whose index has a side effect is evaluated once, in
   a compound assignment (v[q()] += x: the C front end shares the address
   through a SAVE_EXPR, which the plugin's rewrite of the subscript must
   keep shared), an increment (v[q()]++) and a read (x = r[q()]).  A
   producer fills a burst, then adds to and increments elements through
   such subscripts; the consumer reads through them; the values and the
   number of calls of q () are checked.  */
/* { dg-do run } */
/* { dg-output "ok: subscripts with side effects evaluated once" } */

#include "er-run.h"

#define N 64

static int wcalls, rcalls;

/* The next index of the producer: 0, 1, 2, ...  */
static int
wnext (void)
{
  return wcalls++;
}

/* The next index of the consumer.  */
static int
rnext (void)
{
  return rcalls++;
}

static long got[N];

process producer (record(int) r)
{
  view(int) w = new_write_view(r);
  register_view(w);
  alloc(w, N);
  stall(w, N);
  for (int i = 0; i < N; i++)
    w[i] = i;
  for (int i = 0; i < N / 2; i++)
    w[wnext ()] += 1000;
  for (int i = N / 2; i < N; i++)
    w[wnext ()]++;
  commit(w, N);
}

process consumer (record(int) r)
{
  view(int) v = new_read_view(r);
  register_view(v);
  alloc(v, N);
  update(v, N);
  for (int i = 0; i < N; i++)
    got[i] = v[rnext ()];
  release(v, N);
}

int
main (void)
{
  record(int) r = new_record(1, 1);
  run producer (r);
  run consumer (r);
  er_wait_all ();
  RT_EQ (wcalls, N);
  RT_EQ (rcalls, N);
  for (int i = 0; i < N; i++)
    RT_EQ (got[i], i < N / 2 ? i + 1000 : i + 1);
  RT_OK ("subscripts with side effects evaluated once");
  return 0;
}
