/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Past vm.max_map_count, a window that cannot be mapped is one clear
   message naming the limit and the setting that raises it, then an
   abort (runtime/src/mirror.c, "Limits"; er_limit_hint).  The program
   fills its mappings up to 64 below the limit with pages of alternating
   protection (each its own mapping), then creates records with small
   windows until the runtime stops it: at about one mapping per window
   (arenas), within some 60 records.  testsuite/tools/tools.exp skips it
   where vm.max_map_count is too large to fill in a second.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-shouldfail "the windows are beyond vm.max_map_count" } */
/* { dg-output "filled\n\[^\n\]*erbium: error: cannot map a window of 1024 elements of 4 bytes \[^\n\]*: the process has \[0-9\]+ memory mappings, the most vm.max_map_count \\(\[0-9\]+\\) allows; raise it \\(as root: sysctl -w vm.max_map_count=\[0-9\]+\\)" } */

#include "../runtime/rt-test.h"
#include <sys/mman.h>

/* Lines of /proc/self/maps.  */
static long
mappings (void)
{
  FILE *f = fopen ("/proc/self/maps", "r");
  RT_CHECK (f, "cannot open /proc/self/maps");
  long n = 0;
  int c;
  while ((c = getc (f)) != EOF)
    n += c == '\n';
  fclose (f);
  return n;
}

int
main (void)
{
  FILE *f = fopen ("/proc/sys/vm/max_map_count", "r");
  RT_CHECK (f, "cannot open /proc/sys/vm/max_map_count");
  long max = 0;
  RT_CHECK (fscanf (f, "%ld", &max) == 1 && max > 1000, "max %ld", max);
  fclose (f);

  /* The runtime's start-up (topology, first window) before the fill.  */
  er_record *first = er_new_record (1, 1, sizeof (int));
  er_view *fw = er_new_write_view (first);
  er_alloc (fw, 16);

  /* Every other page read-only in a reserved range: each mprotect makes
     two more mappings.  */
  long page = sysconf (_SC_PAGESIZE);
  long need = (max - mappings () - 64) / 2;
  char *p = mmap (NULL, (size_t) (2 * need + 1) * page, PROT_NONE,
		  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  RT_CHECK (p != MAP_FAILED, "cannot reserve the filling");
  for (long k = 0; k < need; k++)
    RT_CHECK (mprotect (p + (2 * k + 1) * page, page, PROT_READ) == 0,
	      "mprotect %ld of %ld failed", k, need);
  printf ("filled\n");
  fflush (stdout);

  for (int k = 0; k < 1000; k++)
    {
      er_record *r = er_new_record (1, 1, sizeof (int));
      er_view *w = er_new_write_view (r);
      er_alloc (w, 16);
    }
  printf ("1000 more windows: the limit was not reached\n");
  return 0;
}
