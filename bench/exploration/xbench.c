/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xbench.c -- the exploration benchmark's helpers written in C: the hwloc
   topology used to pin the peers' threads (producers on one core,
   consumers on another, as in the paper's section 5.1 where they sit on
   different chips), checksum verification, fatal errors, and the driver
   chores shared by the three benchmark programs (exploration, plugin,
   stripmine: options, CSV file, order of interleaved runs, median, and
   the busy-loop processes beside a series run with --hog).  The
   Erbium variant is pinned by the runtime itself (er_run_on).  Messages
   start with the program's name, program_invocation_short_name.  */

#define _GNU_SOURCE
#include <hwloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
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
  xb_cleanup ();
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
      xb_usage_error ("%s %s: expected an integer in %d..%d", opt, s, lo,
		      hi);
    }
  return (int) v;
}

/* See xbench.h.  */
void
xb_usage_error (const char *fmt, ...)
{
  va_list ap;
  fprintf (stderr, "%s: ", program_invocation_short_name);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fprintf (stderr, "\nTry '%s --help' for more information.\n",
	   program_invocation_short_name);
  exit (2);
}

/* See xbench.h.  */
void
xb_bad_option (char **argv, int c)
{
  const char *o = argv[optind - 1];
  if (c == ':')
    xb_usage_error ("option '%s' needs a value", o);
  if (optopt > 0 && optopt < 0x100)
    xb_usage_error ("unknown option '-%c'", optopt);
  if (optopt)
    xb_usage_error ("option '%s' takes no value", o);
  xb_usage_error ("unknown or ambiguous option '%s'", o);
}

/* See xbench.h.  */
int
xb_next_option (int argc, char **argv, const struct option *lo,
		void (*usage) (FILE *))
{
  opterr = 0;
  int c = getopt_long (argc, argv, ":h", lo, NULL);
  if (c == 'h' || c == XB_OPT_HELP)
    {
      usage (stdout);
      exit (fflush (stdout) != 0);
    }
  if (c == '?' || c == ':')
    xb_bad_option (argv, c);
  if (c == -1 && optind < argc)
    xb_usage_error ("unexpected operand '%s'", argv[optind]);
  return c;
}

/* See xbench.h.  */
int
xb_common_option (int c, const char *v, int max_runs, int *runs,
		  const char **csv, int *hog)
{
  switch (c)
    {
    case XB_OPT_RUNS:
      *runs = xb_parse_int ("--runs", v, 1, max_runs);
      return 1;
    case XB_OPT_CSV:
      *csv = v;
      return 1;
    case XB_OPT_HOG:
      *hog = xb_parse_int ("--hog", v, 0, XB_HOG_MAX);
      return 1;
    default:
      return 0;
    }
}

/* xbench.h.  */
const char *
xb_preset (int quick, int *log_n, int quick_log_n, int full_log_n,
	   int *runs)
{
  if (*log_n < 0)
    *log_n = quick ? quick_log_n : full_log_n;
  if (*runs < 0)
    *runs = quick ? 3 : 5;
  return quick ? "quick" : "full";
}

/* The CSV being written (xb_csv_open .. xb_csv_close): its path, the
   temporary file renamed to it at the end (empty when none is pending),
   and the kept rows of larger hog, written last.  */
static struct
{
  char path[4096];
  char tmp[4112];
  char *later;
  size_t later_len;
  FILE *later_f;
} xb_csv;

/* Remove the pending temporary CSV file, if any.  Async-signal-safe.  */
static void
xb_csv_abandon (void)
{
  if (xb_csv.tmp[0])
    unlink (xb_csv.tmp);
  xb_csv.tmp[0] = 0;
}

/* See xbench.h.  */
void
xb_cleanup (void)
{
  xb_hog_stop ();
  xb_csv_abandon ();
}

/* SIGINT, SIGTERM: clean up, then die of the signal as without the
   handler (it is blocked while the handler runs, so the raise takes
   effect on return).  */
static void
xb_cleanup_signal (int sig)
{
  xb_cleanup ();
  signal (sig, SIG_DFL);
  raise (sig);
}

/* Whether signal SIG is ignored (as the shell leaves SIGINT for a
   command run in the background, and nohup SIGHUP).  */
static int
xb_ignored (int sig)
{
  struct sigaction old;
  return sigaction (sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN;
}

/* Arrange xb_cleanup at exit and on SIGINT and SIGTERM, once; a signal
   the driver was started with ignored stays ignored.  */
static void
xb_cleanup_arm (void)
{
  static int armed;
  if (armed)
    return;
  armed = 1;
  atexit (xb_cleanup);
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = xb_cleanup_signal;
  sigemptyset (&sa.sa_mask);
  if (!xb_ignored (SIGINT))
    sigaction (SIGINT, &sa, NULL);
  if (!xb_ignored (SIGTERM))
    sigaction (SIGTERM, &sa, NULL);
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
int
xb_csv_split (char *line, char **fields, int max)
{
  line[strcspn (line, "\r\n")] = 0;
  int n = 0;
  fields[n++] = line;
  for (char *p = line; *p && n < max; p++)
    if (*p == ',')
      {
	*p = 0;
	fields[n++] = p + 1;
      }
  return n;
}

/* See xbench.h.  */
int
xb_csv_index (char *const *fields, int n, const char *name)
{
  for (int i = 0; i < n; i++)
    if (!strcmp (fields[i], name))
      return i;
  return -1;
}

/* mkdir -p of the directory part of PATH.  */
static void
xb_csv_mkdirs (const char *path)
{
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
}

#define XB_CSV_COLS 32

/* Copy the rows of the existing CSV OLD (its header already read into
   the NOLD names at ONAMES) whose hog differs from HOG, rewritten under
   the NNEW column names at NNAMES: those of smaller hog to EARLIER, the
   others to LATER.  A row whose field count differs from the header's
   exits 1 naming PATH and the line.  */
static void
xb_csv_keep (FILE *old, const char *path, char **onames, int nold,
	     char **nnames, int nnew, int hog, FILE *earlier, FILE *later)
{
  int map[XB_CSV_COLS];
  for (int j = 0; j < nnew; j++)
    map[j] = xb_csv_index (onames, nold, nnames[j]);
  int ohog = xb_csv_index (onames, nold, "hog");
  char line[4096], *f[XB_CSV_COLS + 1];
  for (int lineno = 2; fgets (line, sizeof line, old); lineno++)
    {
      if (line[strspn (line, " \t\r\n")] == 0)
	continue;
      int n = xb_csv_split (line, f, XB_CSV_COLS + 1);
      if (n != nold)
	{
	  fprintf (stderr, "%s: error: %s:%d: %d fields, the header has %d "
		   "(the file is left as it is)\n",
		   program_invocation_short_name, path, lineno, n, nold);
	  exit (1);
	}
      int h = ohog < 0 ? 0 : atoi (f[ohog]);
      if (h == hog)
	continue;
      FILE *to = h < hog ? earlier : later;
      for (int j = 0; j < nnew; j++)
	fprintf (to, "%s%s", j ? "," : "",
		 map[j] >= 0 ? f[map[j]]
		 : !strcmp (nnames[j], "hog") ? "0" : "");
      fputc ('\n', to);
    }
}

/* Read the existing CSV PATH, if any, and keep its rows of another hog
   than HOG (xb_csv_keep) under HEADER.  */
static void
xb_csv_read_old (const char *path, const char *header, int hog,
		 FILE *earlier)
{
  FILE *old = fopen (path, "r");
  if (!old)
    {
      if (errno != ENOENT)
	xb_csv_error ("cannot read", path);
      return;
    }
  char ohead[4096], nhead[4096], *onames[XB_CSV_COLS], *nnames[XB_CSV_COLS];
  snprintf (nhead, sizeof nhead, "%s", header);
  int nnew = xb_csv_split (nhead, nnames, XB_CSV_COLS);
  if (fgets (ohead, sizeof ohead, old))
    {
      int nold = xb_csv_split (ohead, onames, XB_CSV_COLS);
      xb_csv_keep (old, path, onames, nold, nnames, nnew, hog, earlier,
		   xb_csv.later_f);
    }
  if (ferror (old))
    xb_csv_error ("cannot read", path);
  fclose (old);
}

/* See xbench.h.  */
FILE *
xb_csv_open (const char *path, const char *header, int hog)
{
  if (!strcmp (path, "none"))
    return NULL;
  xb_csv_mkdirs (path);
  snprintf (xb_csv.path, sizeof xb_csv.path, "%s", path);
  xb_csv.later_f = open_memstream (&xb_csv.later, &xb_csv.later_len);
  if (!xb_csv.later_f)
    xb_csv_error ("cannot write", path);
  xb_cleanup_arm ();
  snprintf (xb_csv.tmp, sizeof xb_csv.tmp, "%s.tmp-XXXXXX", xb_csv.path);
  int fd = mkstemp (xb_csv.tmp);
  if (fd < 0)
    {
      xb_csv.tmp[0] = 0;
      xb_csv_error ("cannot write", path);
    }
  fchmod (fd, 0644);		/* mkstemp makes it 0600 */
  FILE *f = fdopen (fd, "w");
  if (!f)
    xb_csv_error ("cannot write", path);
  fprintf (f, "%s\n", header);
  xb_csv_read_old (path, header, hog, f);
  fflush (f);
  return f;
}

/* See xbench.h.  */
void
xb_csv_close (FILE *f)
{
  if (!f)
    return;
  fclose (xb_csv.later_f);
  fwrite (xb_csv.later, 1, xb_csv.later_len, f);
  free (xb_csv.later);
  xb_csv.later = NULL;
  int bad = ferror (f);
  if (fclose (f) != 0 || bad)
    {
      xb_csv_abandon ();
      xb_csv_error ("cannot write", xb_csv.path);
    }
  if (rename (xb_csv.tmp, xb_csv.path) != 0)
    {
      int e = errno;
      xb_csv_abandon ();
      errno = e;
      xb_csv_error ("cannot write", xb_csv.path);
    }
  xb_csv.tmp[0] = 0;
}

/* The busy-loop processes of xb_hog_start, 0 where none (or stopped).  */
static volatile pid_t xb_hog_pids[XB_HOG_MAX];

/* A busy-loop process of DRIVER: the default action on SIGINT and
   SIGTERM unless the driver ignores them (not the driver's cleanup,
   whose copy of the process list is not its own), then the signal mask
   MASK the driver had before it blocked them for the fork; dies with the driver (checked after asking,
   in case the driver died first); then spins on a volatile counter, with
   no system call, until killed.  */
static void __attribute__ ((noreturn))
xb_hog_child (pid_t driver, const sigset_t *mask)
{
  if (!xb_ignored (SIGINT))
    signal (SIGINT, SIG_DFL);
  if (!xb_ignored (SIGTERM))
    signal (SIGTERM, SIG_DFL);
  sigprocmask (SIG_SETMASK, mask, NULL);
  prctl (PR_SET_PDEATHSIG, SIGKILL);
  if (getppid () != driver)
    _exit (0);
  prctl (PR_SET_NAME, "bench-hog");
  volatile unsigned long spin = 0;
  for (;;)
    spin++;
}

/* See xbench.h.  */
void
xb_hog_start (int n)
{
  if (n <= 0)
    return;
  xb_cleanup_arm ();
  fflush (NULL);		/* nothing buffered is written twice */
  pid_t driver = getpid ();
  /* SIGINT and SIGTERM wait until a child has its own dispositions: the
     driver's cleanup must not run in a child.  */
  sigset_t stop, saved;
  sigemptyset (&stop);
  sigaddset (&stop, SIGINT);
  sigaddset (&stop, SIGTERM);
  sigprocmask (SIG_BLOCK, &stop, &saved);
  printf ("hog: %d busy-loop process%s beside the benchmark, pid", n,
	  n > 1 ? "es" : "");
  for (int i = 0; i < n && i < XB_HOG_MAX; i++)
    {
      pid_t pid = fork ();
      if (pid == 0)
	xb_hog_child (driver, &saved);
      if (pid < 0)
	{
	  int e = errno;
	  xb_hog_stop ();
	  sigprocmask (SIG_SETMASK, &saved, NULL);
	  fprintf (stderr, "\n%s: error: cannot start a busy-loop process: "
		   "%s\n", program_invocation_short_name, strerror (e));
	  exit (1);
	}
      xb_hog_pids[i] = pid;
      printf (" %d", (int) pid);
    }
  sigprocmask (SIG_SETMASK, &saved, NULL);
  printf (" (not bound to a core)\n");
  fflush (stdout);
}

/* See xbench.h.  Kills every process before waiting for any, so that
   they stop together.  */
void
xb_hog_stop (void)
{
  for (int i = 0; i < XB_HOG_MAX; i++)
    if (xb_hog_pids[i] > 0)
      kill (xb_hog_pids[i], SIGKILL);
  for (int i = 0; i < XB_HOG_MAX; i++)
    {
      pid_t pid = xb_hog_pids[i];
      if (pid <= 0)
	continue;
      while (waitpid (pid, NULL, 0) < 0 && errno == EINTR)
	;
      xb_hog_pids[i] = 0;
    }
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
