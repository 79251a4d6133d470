/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Work sharing: four write views of one record (ids 1..4), each defining
   the indices i with i % 4 == its share in every burst; one reader sees
   the merged stream once every writer has committed (update waits for the
   minimum commit index of all write views, paper section 3).  */
/* { dg-do run } */
/* { dg-output "ok: work sharing" } */

#include "er-run.h"

#define N 8000
#define NW 4
#define B 16

process writer (record(int) re, int k)
{
  view(int) w = new_write_view (re);
  register_view (w, k + 1);
  alloc (w, 4 * B);
  for (int tl = 0; tl < N; tl += B)
    {
      stall (w, tl + B);
      for (int i = tl + k; i < tl + B; i += NW)
	w[i] = 7 * i + 1;
      commit (w, tl + B);
    }
  free_view (w, ER_TERMINATE);
}

int
main (void)
{
  record(int) re = new_record (NW, 1);
  for (int k = 0; k < NW; k++)
    run writer (re, k);
  view(int) r = new_read_view (re);
  register_view (r, 1);
  alloc (r, 2 * B);
  int tl = 0, hd;
  long sum = 0;
  while ((hd = update (r, tl + 10)) != 0)
    {
      for (int i = tl; i < hd; i++)
	{
	  RT_EQ (r[i], 7 * i + 1);
	  sum += r[i];
	}
      release (r, hd);
      tl = hd;
    }
  RT_EQ (tl, N);
  RT_EQ (sum, 7L * N * (N - 1) / 2 + N);
  RT_OK ("work sharing");
  return 0;
}
