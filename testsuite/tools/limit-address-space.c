/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Past the address space limit (RLIMIT_AS, ulimit -v), a window that
   cannot be mapped is one clear message naming the limit and the setting
   that raises it, then an abort (runtime/src/mirror.c, "Limits";
   er_limit_hint): the program lowers its own limit to what it uses plus
   256 MiB and asks for a horizon of 2^26 ints, whose mirrored window
   needs 1 GiB of address space.  No memory is touched.  */
/* { dg-do run } */
/* { dg-shouldfail "the window is beyond ulimit -v" } */
/* { dg-output "limit set\n\[^\n\]*erbium: error: cannot map a window of 134217728 elements of 4 bytes \[^\n\]*: reserving its address space failed: the process uses \[0-9\]+ KiB of address space and needs 1073741824 bytes more, beyond its limit of \[0-9\]+ KiB \\(ulimit -v\\); raise it" } */

#include "../runtime/rt-test.h"
#include <sys/resource.h>

/* The process's address space in bytes (VmSize).  */
static unsigned long long
vm_size (void)
{
  FILE *f = fopen ("/proc/self/status", "r");
  RT_CHECK (f, "cannot open /proc/self/status");
  char line[256];
  unsigned long long kib = 0;
  while (fgets (line, sizeof line, f))
    if (sscanf (line, "VmSize: %llu", &kib) == 1)
      break;
  fclose (f);
  RT_CHECK (kib > 0, "no VmSize in /proc/self/status");
  return kib * 1024;
}

int
main (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int));
  er_view *w = er_new_write_view (r);
  er_register (w, 1);
  struct rlimit rl = { vm_size () + (256u << 20), vm_size () + (256u << 20) };
  RT_CHECK (setrlimit (RLIMIT_AS, &rl) == 0, "setrlimit failed");
  printf ("limit set\n");
  fflush (stdout);
  er_alloc (w, 1 << 26);
  printf ("alloc returned\n");
  return 0;
}
