/* SPDX-License-Identifier: GPL-3.0-or-later */ /* ERBIUM_STATS (runtime/src/stats.c, docs/environment.md): a producer
   that pauses 20 ms before each of its bursts and a consumer that must
   therefore sleep for each, run twice in child processes whose stderr the
   test reads.  With ERBIUM_STATS=1 the report at exit has its header, a
   line for the main thread and for each process, named, of the kind the
   processes run as (thread, or fiber under ERBIUM_FIBERS=1), and a total
   line; the consumer slept (sleeps > 0, each ended by a wake or by its
   timeout, at least one by a wake), waited (wait-ms > 0) and used some
   CPU time; the producer issued wakes; the total adds the lines up.
   Without ERBIUM_STATS, the same program prints nothing on stderr.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-output "ok: stats report read" } */

#include "rt-test.h"

#define B 64			/* elements per burst */
#define NB 10			/* bursts */
#define PAUSE_MS 20		/* the producer's pause before each burst */

static void
producer (void *p)
{
  er_record *r = *(er_record **) p;
  er_view *w = er_new_write_view (r);
  er_register (w, 1);
  er_alloc (w, B);
  for (int b = 0; b < NB; b++)
    {
      rt_sleep_ms (PAUSE_MS);
      er_stall (w, (b + 1) * B);
      int *q = er_burst (w, b * B, B);
      for (int i = 0; i < B; i++)
	q[i] = b * B + i;
      er_commit (w, (b + 1) * B);
    }
}

static long long sum;

static void
consumer (void *p)
{
  er_record *r = *(er_record **) p;
  er_view *v = er_new_read_view (r);
  er_register (v, 1);
  er_alloc (v, B);
  for (int b = 0; b < NB; b++)
    {
      er_update (v, (b + 1) * B);
      const int *q = er_burst (v, b * B, B);
      for (int i = 0; i < B; i++)
	sum += q[i];
      er_release (v, (b + 1) * B);
    }
}

/* The child: run the pipeline (the consumer is process 1, the producer
   process 2), check its sum, and exit through exit (), which prints the
   report.  */
static void
child (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int));
  er_run (consumer, &r, sizeof r);
  er_run (producer, &r, sizeof r);
  er_wait_all ();
  RT_EQ (sum, (long long) (B * NB) * (B * NB - 1) / 2);
  exit (0);
}

/* Run the child with ERBIUM_STATS set to STATS (NULL: unset); returns
   what it wrote on stderr (malloc'ed, NUL-terminated).  */
static char *
run_child (const char *stats)
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
      if (stats)
	setenv ("ERBIUM_STATS", stats, 1);
      else
	unsetenv ("ERBIUM_STATS");
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
  int status;
  RT_CHECK (waitpid (pid, &status, 0) == pid, "waitpid");
  RT_CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0,
	    "the child (ERBIUM_STATS=%s) failed, status %d; its stderr:\n%s",
	    stats ? stats : "(unset)", status, buf);
  return buf;
}

/* One line of the report.  */
struct line
{
  double cpu_ms, wait_ms;
  long long sleeps, woken, timeouts, wakes, yields, moves, changes;
  char kind[16], name[96];
};

/* The report's line named NAME in OUT, parsed into *L; fails when there
   is none.  */
static void
find_line (const char *out, const char *name, struct line *l)
{
  for (const char *s = out; (s = strstr (s, "erbium: stats: ")); s++)
    {
      char inv[16];
      int len = 0;
      if (sscanf (s, "erbium: stats: %lf %lf %lld %lld %lld %lld %lld %lld "
		  "%lld %15s %15s %n", &l->cpu_ms, &l->wait_ms, &l->sleeps,
		  &l->woken, &l->timeouts, &l->wakes, &l->yields, &l->moves,
		  &l->changes, inv, l->kind, &len) == 11
	  && strncmp (s + len, name, strlen (name)) == 0
	  && s[len + strlen (name)] == '\n')
	{
	  snprintf (l->name, sizeof l->name, "%s", name);
	  return;
	}
    }
  RT_CHECK (0, "no report line for %s in:\n%s", name, out);
}

int
main (void)
{
  char *quiet = run_child (NULL);
  RT_CHECK (quiet[0] == 0, "without ERBIUM_STATS the program printed on "
	    "stderr:\n%s", quiet);
  char *out = run_child ("1");
  RT_CHECK (strstr (out, "erbium: stats: 3 threads and fibers, "),
	    "no summary line in:\n%s", out);
  RT_CHECK (strstr (out, "cpu-ms    wait-ms  sleeps   woken timeouts   "
		    "wakes  yields moves cpu-changes  inv-cs kind   name\n"),
	    "no header line in:\n%s", out);
  const char *fibers = getenv ("ERBIUM_FIBERS");
  const char *kind = fibers && strcmp (fibers, "1") == 0 ? "fiber" : "thread";
  struct line m, c, p, t;
  find_line (out, "main thread", &m);
  find_line (out, "process 1", &c);
  find_line (out, "process 2", &p);
  find_line (out, "3 threads and fibers", &t);
  RT_CHECK (strcmp (m.kind, "thread") == 0, "main thread: %s", m.kind);
  RT_CHECK (strcmp (c.kind, kind) == 0 && strcmp (p.kind, kind) == 0,
	    "processes of kind %s and %s, expected %s", c.kind, p.kind, kind);
  RT_CHECK (strcmp (t.kind, "total") == 0, "total: %s", t.kind);
  /* The consumer waited for every burst, asleep.  */
  RT_CHECK (c.sleeps > 0 && c.woken > 0, "consumer: %lld sleeps, %lld "
	    "woken", c.sleeps, c.woken);
  RT_EQ (c.sleeps, c.woken + c.timeouts);
  RT_CHECK (c.wait_ms > 0 && c.wait_ms < 60000, "consumer waited %f ms",
	    c.wait_ms);
  RT_CHECK (c.cpu_ms > 0 && p.cpu_ms > 0, "CPU time %f and %f ms",
	    c.cpu_ms, p.cpu_ms);
  /* Every commit that reached the sleeping consumer's threshold woke it.  */
  RT_CHECK (p.wakes > 0, "producer issued %lld wakes", p.wakes);
  RT_EQ (t.sleeps, m.sleeps + c.sleeps + p.sleeps);
  RT_EQ (t.woken, m.woken + c.woken + p.woken);
  RT_EQ (t.wakes, m.wakes + c.wakes + p.wakes);
  RT_EQ (t.yields, m.yields + c.yields + p.yields);
  RT_CHECK (t.wait_ms >= c.wait_ms, "total wait %f below %f", t.wait_ms,
	    c.wait_ms);
  free (quiet);
  free (out);
  RT_OK ("stats report read");
  return 0;
}
