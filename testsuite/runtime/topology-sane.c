/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Topology queries (erbium/process.h er_ncores, er_npus, er_cache_line;
   erbium/layout.h ER_CACHE_LINE, "a multiple of hwloc's line size"):
   sane values, consistent with each other and with the system, and a
   process can be started on every core with er_run_on.  */
/* { dg-do run } */
/* { dg-output "cores \[0-9\]+, PUs \[0-9\]+, cache line \[0-9\]+ bytes\[^\n\]*\n.*ok: topology" } */

#include "rt-test.h"

static _Atomic long ran;

static void
proc (void *p)
{
  (void) p;
  atomic_fetch_add (&ran, 1);
}

int
main (void)
{
  int nc = er_ncores (), np = er_npus (), cl = er_cache_line ();
  long online = sysconf (_SC_NPROCESSORS_CONF);
  printf ("cores %d, PUs %d, cache line %d bytes\n", nc, np, cl);
  RT_CHECK (nc >= 1 && nc <= np, "%d cores, %d PUs", nc, np);
  RT_CHECK (np <= online || online <= 0, "%d PUs, %ld configured CPUs", np,
	    online);
  RT_CHECK (cl >= 16 && cl <= 512 && (cl & (cl - 1)) == 0,
	    "cache line %d", cl);
  RT_CHECK (ER_CACHE_LINE % cl == 0, "ER_CACHE_LINE %d, line %d",
	    ER_CACHE_LINE, cl);
  RT_EQ (sizeof (er_view) % ER_CACHE_LINE, 0);
  RT_EQ (offsetof (er_view, own), ER_CACHE_LINE);
  for (int c = 0; c < nc; c++)
    er_run_on (c, proc, NULL, 0);
  er_run_on (-1, proc, NULL, 0);
  er_wait_all ();
  RT_EQ (atomic_load (&ran), nc + 1);
  RT_OK ("topology");
  return 0;
}
