/* SPDX-License-Identifier: GPL-3.0-or-later */ /* stall(v, i) waits while a registered read view's release index is
   below i - h, h the write view's horizon (paper section 3, "Resource
   management").  */
/* { dg-do run } */
/* { dg-output "ok: stall on horizon" } */

#include "er-run.h"

#define H 4

static _Atomic long writer_at;

process writer (record(int) re)
{
  view(int) w = new_write_view (re);
  register_view (w);
  alloc (w, H);
  for (int i = 0; i < 12; i++)
    {
      stall (w, i + 1);
      w[i] = 10 * i;
      commit (w, i + 1);
      writer_at = i + 1;
    }
}

int
main (void)
{
  record(int) re = new_record (1, 1);
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, 12);
  run writer (re);
  rt_wait_at_least (&writer_at, H, "the writer to fill its horizon");
  RT_EXPECT_STUCK (&writer_at, H, "the writer at its horizon");
  RT_EQ (update (r, H), H);
  RT_EQ (r[H - 1], 10 * (H - 1));
  release (r, 2);
  rt_wait_at_least (&writer_at, H + 2, "the writer after release(2)");
  RT_EXPECT_STUCK (&writer_at, H + 2, "the writer at release + horizon");
  release (r, 8);
  rt_wait_at_least (&writer_at, 12, "the writer to finish");
  RT_EQ (update (r, 12), 12);
  RT_EQ (r[11], 110);
  RT_OK ("stall on horizon");
  return 0;
}
