/* SPDX-License-Identifier: GPL-3.0-or-later */ /* update waits until the minimum commit index of all connected write
   views reaches its index (paper section 3, "Data streaming").  */
/* { dg-do run } */
/* { dg-output "ok: update waits for all writers" } */

#include "er-run.h"

static _Atomic long reader_at, second_may_go;

process first (record(int) re)
{
  view(int) w = new_write_view (re);
  register_view (w, 1);
  alloc (w, 16);
  stall (w, 10);
  for (int i = 0; i < 10; i++)
    w[i] = i;
  commit (w, 10);
}

process second (record(int) re)
{
  view(int) w = new_write_view (re);
  register_view (w, 2);
  alloc (w, 16);
  rt_wait_at_least (&second_may_go, 1, "main's go");
  stall (w, 10);
  commit (w, 10);
}

process reader (record(int) re)
{
  view(int) r = new_read_view (re);
  register_view (r, 1);
  alloc (r, 16);
  RT_EQ (update (r, 10), 10);
  RT_EQ (r[9], 9);
  reader_at = 10;
}

int
main (void)
{
  record(int) re = new_record (2, 1);
  run first (re);
  run second (re);
  run reader (re);
  RT_EXPECT_STUCK (&reader_at, 0, "the reader while writer 2 has not committed");
  second_may_go = 1;
  rt_wait_at_least (&reader_at, 10, "the reader");
  er_wait_all ();
  RT_OK ("update waits for all writers");
  return 0;
}
