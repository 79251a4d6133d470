/* SPDX-License-Identifier: GPL-3.0-or-later */ /* int indices wrap past 2^31 (paper section 3, "Resource management": the
   index variables "can wrap-around safely"): a writer and a reader of one
   thread stream 2^31 + 2^21 indices in bursts of 2^20 through view
   subscripts v[i] with int i; the bursts around 2^31 are written and
   checked completely, the others at their ends.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "ok: indices wrapped past 2\\^31" } */

#include "er-run.h"

#define H (1 << 20)

static int
idx (uint64_t t)
{
  return (int) (uint32_t) t;
}

int
main (void)
{
  record(unsigned) re = new_record (1, 1);
  view(unsigned) w = new_write_view (re);
  view(unsigned) r = new_read_view (re);
  register_view (w);
  register_view (r);
  alloc (w, H);
  alloc (r, H);
  uint64_t end = (1ull << 31) + 2 * H;
  for (uint64_t t = 0; t < end; t += H)
    {
      int tl = idx (t), hd = idx (t + H);
      int full = t + 2 * H >= (1ull << 31) && t <= (1ull << 31) + H;
      stall (w, hd);
      if (full)
	for (uint64_t k = 0; k < H; k++)
	  w[idx (t + k)] = (unsigned) (t + k) * 3u;
      else
	{
	  w[tl] = (unsigned) t * 3u;
	  w[hd - 1] = (unsigned) (t + H - 1) * 3u;
	}
      commit (w, hd);
      RT_EQ (update (r, hd), hd);
      if (full)
	for (uint64_t k = 0; k < H; k++)
	  RT_EQ (r[idx (t + k)], (unsigned) (t + k) * 3u);
      else
	{
	  RT_EQ (r[tl], (unsigned) t * 3u);
	  RT_EQ (r[hd - 1], (unsigned) (t + H - 1) * 3u);
	}
      release (r, hd);
    }
  RT_OK ("indices wrapped past 2^31");
  return 0;
}
