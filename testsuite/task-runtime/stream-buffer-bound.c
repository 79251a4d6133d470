/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Which kept buffer a stream may get, and the bound of the buffers kept
   (runtime/src/mirror.c; ERBIUM_WINDOW_CACHE and ERBIUM_STATS's
   "buffers" line, docs/environment.md), read from the report of child
   processes.  The child makes four streams of int32, one after the
   other, each dying before the next, with windows of 2^18, 2^20, 2^16
   and 2^14 elements: buffers of 4 MiB (A), 16 MiB (B), 1 MiB (C) and
   256 KiB (D), 4 x the window.  B cannot take A's buffer (smaller than
   asked): mapped; C takes A's (4 x C's size at most: reused, larger
   than asked); D may take neither (16 and 64 times its size): mapped.
   1. ERBIUM_WINDOW_CACHE=8M: 3 mapped, 1 reused, 1 larger; B's 16 MiB
      do not fit the bound: given back; A's 4 MiB then D's 256 KiB kept:
      at most 4456448 bytes.
   2. ERBIUM_WINDOW_CACHE=0: nothing kept, 4 mapped, 4 given back.
   3. Unset: the bound is the most the program had at once, at least
      16 MiB; nothing kept beyond it.
   4. ERBIUM_WINDOW_CACHE=12Q, and " -1" (a negative number behind a
      blank): the child warns once, naming the variable, its value and
      the rule, and goes on with the default bound, as when unset.
   Every value the streams carry is checked in the child.  */
/* { dg-do run } */
/* { dg-timeout 120 } */
/* { dg-output "ok: buffers of the sizes they can serve, within the bound" } */

#include "task-rt.h"
#include <sys/wait.h>

struct w { int64_t n; };
struct r { int64_t n; _Atomic int *bad; };

static void
write_pos (void *args, void *const *win)
{
  struct w *a = args;
  for (int64_t k = 0; k < a->n; k++)
    ((int32_t *) win[0])[k] = tr_val (k);
}

static void
check_pos (void *args, void *const *win)
{
  struct r *a = args;
  for (int64_t k = 0; k < a->n; k++)
    if (((const int32_t *) win[0])[k] != tr_val (k))
      {
	atomic_fetch_add (a->bad, 1);
	return;
      }
}

static er_site writer = TR_SITE (write_pos);
static er_site reader = TR_SITE (check_pos);
static _Atomic int bad;

/* The child: streams A, B, C, D in turn, then exit, which prints the
   report.  */
static void __attribute__ ((noreturn))
child (void)
{
  static const int log2s[] = { 18, 20, 16, 14 };
  for (int i = 0; i < 4; i++)
    {
      int64_t n = (int64_t) 1 << log2s[i];
      er_stream *s = er_stream_new (sizeof (int32_t), NULL);
      struct w a = { n };
      TR_TASK (writer, a, TR_OUT (s, n));
      struct r b = { n, &bad };
      TR_TASK (reader, b, TR_IN (s, n, n));
      er_stream_release (s);
      er_taskwait ();
    }
  if (atomic_load (&bad))
    {
      fprintf (stderr, "child: %d wrong windows\n", atomic_load (&bad));
      exit (1);
    }
  exit (0);
}

/* Run the child with ERBIUM_WINDOW_CACHE=CACHE (NULL: unset) and
   ERBIUM_STATS=1; its stderr, and its exit status in *STATUS.  */
static char *
run_child (const char *cache, int *status)
{
  int fd[2];
  RT_CHECK (pipe (fd) == 0, "pipe");
  fflush (stdout);
  pid_t pid = fork ();
  RT_CHECK (pid >= 0, "fork");
  if (pid == 0)
    {
      close (fd[0]);
      dup2 (fd[1], 2);
      setenv ("ERBIUM_STATS", "1", 1);
      if (cache)
	setenv ("ERBIUM_WINDOW_CACHE", cache, 1);
      else
	unsetenv ("ERBIUM_WINDOW_CACHE");
      child ();
    }
  close (fd[1]);
  size_t n = 0, cap = 4096;
  char *buf = malloc (cap);
  ssize_t got;
  while ((got = read (fd[0], buf + n, cap - n - 1)) > 0)
    if ((n += got) == cap - 1)
      buf = realloc (buf, cap *= 2);
  buf[n] = 0;
  close (fd[0]);
  RT_CHECK (waitpid (pid, status, 0) == pid, "waitpid");
  return buf;
}

/* The counts of the report's buffers line.  */
struct counts { long long mapped, reused, larger, back, kept, bound; };

static struct counts
run_counts (const char *cache)
{
  int status;
  char *out = run_child (cache, &status);
  RT_CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0,
	    "the child (ERBIUM_WINDOW_CACHE=%s) failed, status %d; its "
	    "stderr:\n%s", cache ? cache : "(unset)", status, out);
  struct counts c;
  const char *l = strstr (out, "erbium: stats: buffers: ");
  RT_CHECK (l && sscanf (l, "erbium: stats: buffers: %lld mapped, %lld "
			 "reused (%lld larger than asked), %lld given back "
			 "to the system; at most %lld bytes kept for reuse, "
			 "bound %lld bytes\n", &c.mapped, &c.reused,
			 &c.larger, &c.back, &c.kept, &c.bound) == 6,
	    "no buffers line in:\n%s", out);
  /* A value that does not read warns, once.  */
  char want[256];
  snprintf (want, sizeof want, "erbium: warning: ERBIUM_WINDOW_CACHE='%s' "
	    "is not a size in bytes (a number, optionally followed by k, M "
	    "or G); using the default (the most the program had in buffers "
	    "at once, at least 16 MiB)\n", cache ? cache : "");
  const char *w = strstr (out, want);
  int bad = cache && (strcmp (cache, "12Q") == 0
		      || strcmp (cache, " -1") == 0);
  RT_CHECK (bad ? w && !strstr (w + 1, "erbium: warning:") : !w
	    && !strstr (out, "erbium: warning:"),
	    "ERBIUM_WINDOW_CACHE=%s: %s warning in:\n%s", cache ? cache
	    : "(unset)", bad ? "not exactly one" : "a", out);
  free (out);
  return c;
}

int
main (void)
{
  struct counts c = run_counts ("8M");
  RT_EQ (c.mapped, 3);
  RT_EQ (c.reused, 1);
  RT_EQ (c.larger, 1);
  RT_EQ (c.back, 1);
  RT_EQ (c.kept, (4 << 20) + (256 << 10));
  RT_EQ (c.bound, 8 << 20);

  c = run_counts ("0");
  RT_EQ (c.mapped, 4);
  RT_EQ (c.reused, 0);
  RT_EQ (c.back, 4);
  RT_EQ (c.kept, 0);
  RT_EQ (c.bound, 0);

  c = run_counts (NULL);
  RT_EQ (c.mapped, 3);
  RT_EQ (c.reused, 1);
  RT_CHECK (c.bound >= 16 << 20 && c.kept <= c.bound, "kept %lld bytes, "
	    "bound %lld", c.kept, c.bound);

  const char *const bad[] = { "12Q", " -1" };
  for (int k = 0; k < 2; k++)
    {
      c = run_counts (bad[k]);
      RT_CHECK (c.bound >= 16 << 20 && c.kept <= c.bound, "%s: kept %lld "
		"bytes, bound %lld", bad[k], c.kept, c.bound);
    }
  RT_OK ("buffers of the sizes they can serve, within the bound");
  return 0;
}
