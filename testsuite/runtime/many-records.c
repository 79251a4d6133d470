/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Many records with short streams: 100 records, 10 producer processes
   each feeding 10 of them round-robin, 10 consumer processes each reading
   the same 10 (horizons 4 to 13, streams of 50 to 149 elements, different
   burst sizes).  Every element is checked, every stream terminates, and
   all 100 records are deallocated at the end (erbium/record.h
   er_live_records).  */
/* { dg-do run } */
/* { dg-output "ok: 100 records" } */

#include "rt-test.h"

#define NR 100
#define G 10

static er_record *recs[NR];
static _Atomic long finished;

static int
len (int k)
{
  return 50 + (k * 37) % 100;
}

struct args { int g; };

static void
producer (void *p)
{
  struct args *a = p;
  er_view *w[G];
  int at[G];
  for (int j = 0; j < G; j++)
    {
      int k = a->g * G + j;
      w[j] = er_new_write_view (recs[k]);
      er_register (w[j], 1);
      er_alloc (w[j], 4 + j);
      at[j] = 0;
    }
  for (int left = G; left > 0; )
    {
      left = 0;
      for (int j = 0; j < G; j++)
	{
	  int k = a->g * G + j, n = len (k);
	  if (at[j] >= n)
	    continue;
	  int hd = at[j] + 3 < n ? at[j] + 3 : n;
	  er_stall (w[j], hd);
	  for (int i = at[j]; i < hd; i++)
	    ER_AT (w[j], int32_t, i) = rt_val (i) + k;
	  er_commit (w[j], hd);
	  at[j] = hd;
	  if (hd < n)
	    left++;
	  else
	    er_free_view (w[j], ER_TERMINATE);
	}
    }
}

static void
consumer (void *p)
{
  struct args *a = p;
  er_view *rd[G];
  int at[G], over[G];
  for (int j = 0; j < G; j++)
    {
      int k = a->g * G + j;
      rd[j] = er_new_read_view (recs[k]);
      er_register (rd[j], 1);
      er_alloc (rd[j], 4 + (j % 3));
      at[j] = over[j] = 0;
    }
  for (int left = G; left > 0; )
    {
      left = 0;
      for (int j = 0; j < G; j++)
	{
	  if (over[j])
	    continue;
	  int k = a->g * G + j;
	  int hd = er_update (rd[j], at[j] + 2);
	  if (!hd)
	    {
	      RT_EQ (at[j], len (k));
	      er_free_view (rd[j], ER_TERMINATE);
	      over[j] = 1;
	      atomic_fetch_add (&finished, 1);
	      continue;
	    }
	  for (int i = at[j]; i < hd; i++)
	    RT_EQ (ER_AT (rd[j], int32_t, i), rt_val (i) + k);
	  er_release (rd[j], hd);
	  at[j] = hd;
	  left++;
	}
    }
}

int
main (void)
{
  for (int k = 0; k < NR; k++)
    recs[k] = er_new_record (1, 1, sizeof (int32_t));
  RT_EQ (er_live_records (), NR);
  for (int g = 0; g < G; g++)
    {
      struct args a = { g };
      er_run (consumer, &a, sizeof a);
      er_run (producer, &a, sizeof a);
    }
  er_wait_all ();
  RT_EQ (atomic_load (&finished), NR);
  RT_EQ (er_live_records (), 0);
  RT_OK ("100 records");
  return 0;
}
