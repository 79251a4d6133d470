/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Observers (paper section 3, "Creation"): an unregistered read view never
   holds the writer back (it may miss data); a registered one does.  */
/* { dg-do run } */
/* { dg-output "ok: observer" } */

#include "er-run.h"

int
main (void)
{
  record(int) re = new_record (1, 0);
  view(int) w = new_write_view (re);
  view(int) obs = new_read_view (re);	/* never registered */
  register_view (w);
  alloc (w, 4);
  alloc (obs, 4);
  /* Far more than the horizon: only possible because nobody registered
     holds the writer back.  */
  for (int i = 0; i < 1000; i++)
    {
      stall (w, i + 1);
      w[i] = i;
      commit (w, i + 1);
    }
  RT_EQ (rt_info ((er_view *) w).commit_or_release, 1000);
  /* The observer sees the latest elements still in the window.  */
  RT_EQ (update (obs, 4), 4);
  RT_OK ("observer");
  return 0;
}
