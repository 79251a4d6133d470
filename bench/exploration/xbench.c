/* xbench.c -- the exploration benchmark's helpers written in C: the hwloc
   topology used to pin the peers' threads (producers on one core,
   consumers on another, as in the paper's section 5.1 where they sit on
   different chips), checksum verification, fatal errors, and the driver
   chores shared by the three benchmark programs (exploration, plugin,
   stripmine: options, CSV file, order of interleaved runs, median).  The
   Erbium variant is pinned by the runtime itself (er_run_on).  Messages
   start with the program's name, program_invocation_short_name.  */

#define _GNU_SOURCE
#include <hwloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "xbench.h"

static hwloc_topology_t xb_topo;
static int xb_topo_ok;

/* Load the machine's topology once.  Without one, threads stay unbound.  */
void
xb_topology_init (void)
{
  if (xb_topo_ok)
    return;
  if (hwloc_topology_init (&xb_topo) == 0
      && hwloc_topology_load (xb_topo) == 0)
    xb_topo_ok = 1;
}

/* Number of cores (at least 1).  */
int
xb_ncores (void)
{
  int n = xb_topo_ok ? hwloc_get_nbobjs_by_type (xb_topo, HWLOC_OBJ_CORE)
    : 0;
  return n > 0 ? n : 1;
}

/* Bind the calling thread to the first PU of logical core CORE (the same
   choice as the runtime's er_run_on: the core's cpuset, singlified).  */
void
xb_pin_self (int core)
{
  if (!xb_topo_ok)
    return;
  hwloc_obj_t o = hwloc_get_obj_by_type (xb_topo, HWLOC_OBJ_CORE,
					 (unsigned) core);
  if (!o)
    return;
  hwloc_bitmap_t set = hwloc_bitmap_dup (o->cpuset);
  hwloc_bitmap_singlify (set);
  if (hwloc_set_cpubind (xb_topo, set, HWLOC_CPUBIND_THREAD) != 0)
    fprintf (stderr, "%s: warning: cannot bind a thread to core %d\n",
	     program_invocation_short_name, core);
  hwloc_bitmap_free (set);
}

/* Abort the benchmark with a message.  */
void
xb_fatal (const char *fmt, ...)
{
  va_list ap;
  fflush (stdout);
  fprintf (stderr, "%s: error: ", program_invocation_short_name);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  abort ();
}

/* A consumer must have received exactly N indices summing to
   N(N-1)/2; anything else is a wrong result and stops the benchmark.  */
void
xb_verify (const char *impl, int who, long long count, uint64_t sum,
	   long long n)
{
  if (count != n || sum != xb_expected_sum (n))
    xb_fatal ("%s: consumer %d received %lld indices summing to %llu; "
	      "expected %lld indices summing to %llu", impl, who, count,
	      (unsigned long long) sum, n,
	      (unsigned long long) xb_expected_sum (n));
}

/* See xbench.h.  */
int
xb_quick (int argc, char **argv)
{
  const char *q = getenv ("QUICK");
  int quick = q && *q && strcmp (q, "0") != 0;
  for (int a = 1; a < argc; a++)
    if (!strcmp (argv[a], "--quick"))
      quick = 1;
  return quick;
}

/* See xbench.h.  */
int
xb_parse_int (const char *opt, const char *s, int lo, int hi)
{
  char *end;
  errno = 0;
  long v = strtol (s, &end, 10);
  if (errno || end == s || *end || v < lo || v > hi)
    {
      fprintf (stderr, "%s: %s %s: expected an integer in %d..%d\n",
	       program_invocation_short_name, opt, s, lo, hi);
      exit (2);
    }
  return (int) v;
}

/* Print "PROGRAM: error: WHAT PATH: <errno's reason>" and exit 1.  */
static void __attribute__ ((noreturn))
xb_csv_error (const char *what, const char *path)
{
  fprintf (stderr, "%s: error: %s %s: %s\n", program_invocation_short_name,
	   what, path, strerror (errno));
  exit (1);
}

/* See xbench.h.  */
FILE *
xb_csv_open (const char *path, const char *header)
{
  if (!strcmp (path, "none"))
    return NULL;
  /* mkdir -p of PATH's directory part.  */
  char dir[4096];
  if (snprintf (dir, sizeof dir, "%s", path) >= (int) sizeof dir)
    {
      errno = ENAMETOOLONG;
      xb_csv_error ("cannot write", path);
    }
  for (char *p = dir + 1; *p; p++)
    if (*p == '/')
      {
	*p = 0;
	if (mkdir (dir, 0777) != 0 && errno != EEXIST)
	  xb_csv_error ("cannot create directory", dir);
	*p = '/';
      }
  FILE *f = fopen (path, "w");
  if (!f)
    xb_csv_error ("cannot write", path);
  fprintf (f, "%s\n", header);
  fflush (f);
  return f;
}

/* See xbench.h.  */
int
xb_interleave (int r, int j, int nv)
{
  return r % 2 ? nv - 1 - j : j;
}

/* qsort order of doubles.  */
static int
xb_cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* See xbench.h.  */
struct xb_summary
xb_summarise (double *v, int n)
{
  qsort (v, n, sizeof *v, xb_cmp_double);
  struct xb_summary s = {
    n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2, v[0], v[n - 1]
  };
  return s;
}
